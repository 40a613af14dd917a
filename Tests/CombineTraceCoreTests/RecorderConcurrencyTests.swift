import CombineTraceCore
import Foundation
import XCTest

/// Many threads recording at once: every event is kept exactly once, `seq` has no gaps, and each
/// thread's own events keep their order. Run under `swift test --sanitize=thread` as well.
final class RecorderConcurrencyTests: XCTestCase {
    func testConcurrentRecordingInMemory() {
        let recorder = TraceRecorder.inMemory()
        let threads = 4, perThread = 2_000
        DispatchQueue.concurrentPerform(iterations: threads) { worker in
            let sub = UInt64(worker + 1)
            recorder.record(.subscribe(sub: sub, label: "w\(worker)", site: "W.swift:\(worker)"))
            for index in 0..<perThread {
                recorder.record(.value(sub: sub, description: String(index)))
                if index % 500 == 0 { recorder.mark("m") }
                _ = recorder.isEnabled
            }
            recorder.record(.cancel(sub: sub))
        }
        recorder.stop()
        let events = recorder.events()
        XCTAssertEqual(events.count, threads * (perThread + 2 + perThread / 500))
        XCTAssertEqual(events.map(\.seq), Array(1...UInt64(events.count)))
        for worker in 1...UInt64(threads) {
            let values = events.compactMap { event -> String? in
                if case let .value(sub, description) = event.kind, sub == worker { return description }
                return nil
            }
            XCTAssertEqual(values, (0..<perThread).map(String.init))
        }
        XCTAssertEqual(TraceAnalysis().analyze(events).leaked, [])
    }

    func testConcurrentRecordingToAFileWhileStartingAndStopping() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("combinetrace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("c.jsonl").path
        let recorder = TraceRecorder(bufferSize: 512)
        try recorder.start(writingTo: path)
        DispatchQueue.concurrentPerform(iterations: 3) { worker in
            for index in 0..<1_000 {
                if worker == 2 {
                    if index == 500 { recorder.flush() }
                    _ = recorder.checkpoint()
                } else {
                    recorder.record(.value(sub: UInt64(worker), description: nil))
                }
            }
        }
        recorder.stop()
        let document = try TraceReader.read(path: path)
        XCTAssertEqual(document.problems, [])
        XCTAssertEqual(document.events.count, 2_000)
        XCTAssertEqual(document.events.map(\.seq), Array(1...2_000))
    }
}
