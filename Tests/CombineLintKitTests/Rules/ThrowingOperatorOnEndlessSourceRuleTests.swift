import XCTest
@testable import CombineLintKit

final class ThrowingOperatorOnEndlessSourceRuleTests: XCTestCase {
    func testRangeCoversTheOperatorAndMessageNamesTheLaterHandler() throws {
        let found = findings(of: ThrowingOperatorOnEndlessSourceRule.self, in: [(path: "A.swift", text: """
        $query
            .tryMap { try parse($0) }
            .replaceError(with: nil)
            .assign(to: &$parsed)
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)-\($0.endLine):\($0.endColumn)" }, ["2:6-2:30"])
        let finding = try XCTUnwrap(found.first)
        XCTAssertEqual(finding.message, "`tryMap` on a never-finishing publisher: its first thrown error ends the stream; the `replaceError` after it only sends one last value.")
        XCTAssertEqual(finding.help, "Throw per value inside `flatMap` and handle the error there: `.flatMap { value in Just(value).tryMap { … }.replaceError(with: …) }`, or use a non-throwing operator that maps failures to values.")
    }

    /// A pipeline that goes on from a local starts where the local's value does: `$json` shaped by
    /// `debounce`, a `merge` of a subject, but not a value cut by `first()`.
    func testSourceKeptInALocalIsFollowed() {
        let found = findings(of: ThrowingOperatorOnEndlessSourceRule.self, in: [(path: "A.swift", text: """
        final class ImportModel: ObservableObject {
            @Published var json = ""
            let pasted = PassthroughSubject<String, Never>()
            init() {
                let typed = $json.debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
                typed
                    .tryMap { try decode($0) }
                    .replaceError(with: [])
                    .assign(to: &$items)
                let both = pasted.merge(with: typed)
                both.tryMap { try decode($0) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
                let once = $json.first()
                once.tryMap { try decode($0) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
                let count = typed.count
                print(count)
            }
        }
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["7:14", "11:14"])
    }

    func testDecodeWithoutLaterHandler() throws {
        let found = findings(of: ThrowingOperatorOnEndlessSourceRule.self, in: [(path: "A.swift", text: """
        eventsSubject.decode(type: Event.self, decoder: decoder).sink(receiveCompletion: { _ in }, receiveValue: { _ in })
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["1:15"])
        XCTAssertEqual(found.first?.message, "`decode` on a never-finishing publisher: its first thrown error ends the stream.")
    }

    /// Only the first throwing step of a chain is reported: once it failed, the later ones never run.
    func testOneFindingPerChain() {
        let found = findings(of: ThrowingOperatorOnEndlessSourceRule.self, in: [(path: "A.swift", text: """
        $data
            .tryMap { try check($0) }
            .decode(type: Item.self, decoder: JSONDecoder())
            .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["2:6"])
    }

    /// A subject property's name in the middle of a chain is only a receiver when a member follows
    /// it: `URLSession.shared` is no subject because some type has a subject named `shared`, and
    /// the request it makes finishes. The same subject, subscribed, is still a never-finishing source.
    func testANameFollowedByAMemberIsAReceiverNotASubject() {
        let found = findings(of: ThrowingOperatorOnEndlessSourceRule.self, in: [
            (path: "A.swift", text: """
            func load(url: URL) {
                URLSession.shared.dataTaskPublisher(for: url).tryMap { try check($0) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
                hub.shared.tryMap { try check($0) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in })
            }
            """),
            (path: "B.swift", text: "final class Hub { let shared = PassthroughSubject<Data, Never>() }\n"),
        ])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["A.swift:3:16"])
    }

    func testSubjectKnownFromAnotherFilesDeclaration() {
        let found = findings(of: ThrowingOperatorOnEndlessSourceRule.self, in: [
            (path: "A.swift", text: "model.updates.tryMap { try decode($0) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in })\n"),
            (path: "B.swift", text: "final class Model { let updates = PassthroughSubject<Data, Never>() }\n"),
        ])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["A.swift:1:15"])
    }

    func testInfinitePublishersOption() {
        let text = "events\n    .tryMap { try check($0) }\n    .sink(receiveCompletion: { _ in }, receiveValue: { _ in })\n"
        XCTAssertEqual(findings(of: ThrowingOperatorOnEndlessSourceRule.self, in: [(path: "A.swift", text: text)]).count, 0)
        let configured = findings(of: ThrowingOperatorOnEndlessSourceRule.self, in: [(path: "A.swift", text: text)],
                                  options: RuleOptions(["infinite_publishers": ["events"]]))
        XCTAssertEqual(configured.map { "\($0.line):\($0.column)" }, ["2:6"])
    }

    /// `try!` traps rather than failing the stream; a closure that only uses `try?` cannot throw.
    func testTryBangAndTryQuestionCannotFailTheStream() {
        let text = "$a.tryMap { try! parse($0) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in })\n$b.tryMap { try? parse($0) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in })\n"
        XCTAssertEqual(findings(of: ThrowingOperatorOnEndlessSourceRule.self, in: [(path: "A.swift", text: text)]).count, 0)
    }

    /// `retry` after the step subscribes to the source again; a `retry` before it does not help.
    func testRetryAfterTheStepIsNotReported() {
        let after = "$q.tryMap { try parse($0) }.retry(3).sink(receiveCompletion: { _ in }, receiveValue: { _ in })\n"
        XCTAssertEqual(findings(of: ThrowingOperatorOnEndlessSourceRule.self, in: [(path: "A.swift", text: after)]).count, 0)
        let before = "$q.retry(3).tryMap { try parse($0) }.sink(receiveCompletion: { _ in }, receiveValue: { _ in })\n"
        XCTAssertEqual(findings(of: ThrowingOperatorOnEndlessSourceRule.self, in: [(path: "A.swift", text: before)]).map { "\($0.line):\($0.column)" }, ["1:13"])
    }

    /// A `try` inside `do { … } catch { … }` cannot end the stream; one after a `catch` with a
    /// pattern (not every error caught), or in a `catch` body, can.
    func testTryCaughtByACatchAllDoesNotThrow() {
        let found = findings(of: ThrowingOperatorOnEndlessSourceRule.self, in: [(path: "A.swift", text: """
        $text.tryMap { v -> Int in
            do { return try parse(v) } catch { return 0 }
        }.sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
        $text.tryMap { v -> Int in
            do { return try parse(v) } catch ParseError.bad { return 0 }
        }.sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
        $text.tryMap { v -> Int in
            do { return try parse(v) } catch { throw Wrapped(error) }
        }.sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["4:7", "7:7"])
    }

    /// A throwing step on the inner publisher, even an endless one (an item's KVO status), ends that
    /// inner subscription only: the next item gets a new one. The same step after `switchToLatest`
    /// ends the whole pipeline.
    func testThrowingStepOnAnInnerPublisherIsTheCorrectForm() {
        let found = findings(of: ThrowingOperatorOnEndlessSourceRule.self, in: [(path: "A.swift", text: """
        player.publisher(for: \\.currentItem)
            .compactMap { $0 }
            .map { item in
                item.publisher(for: \\.status)
                    .tryFilter { status in
                        if status == .failed { throw PlayError.failed }
                        return status == .readyToPlay
                    }
                    .replaceError(with: .failed)
            }
            .switchToLatest()
            .tryMap { status -> Status in if status == .failed { throw PlayError.failed }; return status }
            .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["12:6"])
    }
}
