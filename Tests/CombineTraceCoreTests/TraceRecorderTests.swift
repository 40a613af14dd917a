import CombineTraceCore
import Foundation
import XCTest

final class TraceRecorderTests: XCTestCase {
    func testStoppedRecorderRecordsNothing() {
        let recorder = TraceRecorder()
        XCTAssertFalse(recorder.isEnabled)
        recorder.record(.mark(name: "x"))
        recorder.mark("y")
        XCTAssertEqual(recorder.events(), [])
        XCTAssertEqual(recorder.recordedCount, 0)
    }

    func testInMemoryRecordingNumbersEventsAndNamesTheMainThread() {
        let recorder = TraceRecorder.inMemory()
        recorder.record(.subscribe(sub: 1, label: "a", site: "A.swift:1"))
        recorder.mark("appear")
        recorder.stop()
        recorder.record(.cancel(sub: 1))
        let events = recorder.events()
        XCTAssertEqual(events.map(\.seq), [1, 2])
        XCTAssertEqual(events.map(\.kind), [.subscribe(sub: 1, label: "a", site: "A.swift:1"), .mark(name: "appear")])
        XCTAssertEqual(events.map(\.thread), [Thread.isMainThread ? "main" : events[0].thread, events[0].thread])
        XCTAssertLessThanOrEqual(events[0].time, events[1].time)
    }

    func testCapacityBoundsMemoryAndCountsDrops() {
        let recorder = TraceRecorder.inMemory(capacity: 3)
        for index in 0..<10 { recorder.record(.value(sub: UInt64(index), description: nil)) }
        XCTAssertEqual(recorder.dropped, 7)
        let events = recorder.events()
        XCTAssertEqual(events.count, 4)
        XCTAssertEqual(events.last?.kind, .dropped(count: 7))
        XCTAssertEqual(TraceAnalysis().analyze(events).dropped, 7)
    }

    func testFileRecordingIsBufferedAndFlushed() throws {
        let path = temporaryPath("file.jsonl")
        let recorder = TraceRecorder(bufferSize: 1 << 20)
        try recorder.start(writingTo: path)
        recorder.record(.subscribe(sub: 1, label: "feed", site: "Feed.swift:3"))
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "", "buffered until flush")
        recorder.flush()
        XCTAssertEqual(TraceReader.parse(try String(contentsOfFile: path, encoding: .utf8)).events.count, 1)
        recorder.record(.cancel(sub: 1))
        recorder.stop()
        let document = try TraceReader.read(path: path)
        XCTAssertEqual(document.problems, [])
        XCTAssertEqual(document.events.map(\.kind), [.subscribe(sub: 1, label: "feed", site: "Feed.swift:3"), .cancel(sub: 1)])
    }

    func testSmallBufferWritesAsItFills() throws {
        let path = temporaryPath("small.jsonl")
        let recorder = TraceRecorder(bufferSize: 10)
        try recorder.start(writingTo: path)
        recorder.mark("one")
        XCTAssertEqual(TraceReader.parse(try String(contentsOfFile: path, encoding: .utf8)).events.count, 1)
        recorder.stop()
    }

    func testStartingOnAMissingDirectoryThrows() {
        XCTAssertThrowsError(try TraceRecorder().start(writingTo: "/nonexistent-dir/x/trace.jsonl")) { error in
            XCTAssertEqual(error as? TraceFileError, .cannotCreate(path: "/nonexistent-dir/x/trace.jsonl"))
        }
    }

    func testExpectedReleaseIsCheckedAtTheCheckpoint() {
        final class Model {}
        let recorder = TraceRecorder.inMemory()
        var kept: Model? = Model()
        var released: Model? = Model()
        let keptID = recorder.track(kept!, label: "kept")
        let releasedID = recorder.track(released!, label: "released")
        recorder.expectRelease(kept!)
        recorder.expectRelease(released!)
        released = nil
        let alive = recorder.checkpoint("teardown")
        XCTAssertEqual(alive.map(\.id), [keptID])
        XCTAssertEqual(alive.first?.type, "Model")
        XCTAssertEqual(alive.first?.label, "kept")
        XCTAssertTrue(alive.first?.site.hasSuffix("TraceRecorderTests.swift:\(#line - 9)") ?? false, alive.first?.site ?? "")
        let kinds = recorder.events().map(\.kind).filter {
            if case .track = $0 { return false }
            return true
        }
        XCTAssertEqual(kinds, [.expectRelease(object: keptID), .expectRelease(object: releasedID),
                               .release(object: releasedID), .mark(name: "teardown")])
        XCTAssertEqual(TraceAnalysis().analyze(recorder.events()).unreleased.map(\.objects), [[keptID]])
        kept = nil
        XCTAssertEqual(recorder.checkpoint(), [])
        XCTAssertNil(kept)
    }

    func testExpectReleaseWatchesAnUntrackedObject() {
        final class Screen {}
        let recorder = TraceRecorder.inMemory()
        var screen: Screen? = Screen()
        recorder.expectRelease(screen!, label: "screen")
        XCTAssertEqual(recorder.checkpoint().map(\.label), ["screen"])
        screen = nil
        XCTAssertEqual(recorder.checkpoint(), [])
        XCTAssertNil(screen)
    }

    func testSubscriptionIDsAreUnique() {
        let recorder = TraceRecorder()
        XCTAssertEqual((0..<5).map { _ in recorder.nextSubscriptionID() }, [1, 2, 3, 4, 5])
    }

    private func temporaryPath(_ name: String) -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("combinetrace-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: directory) }
        return directory.appendingPathComponent(name).path
    }
}
