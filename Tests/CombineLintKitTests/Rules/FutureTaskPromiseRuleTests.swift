import XCTest
@testable import CombineLintKit

final class FutureTaskPromiseRuleTests: XCTestCase {
    private func positions(_ text: String) -> [String] {
        findings(of: FutureTaskPromiseRule.self, in: [("A.swift", text)]).map { "\($0.line):\($0.column)" }
    }

    func testIsOptIn() {
        XCTAssertTrue(FutureTaskPromiseRule.description.isOptIn)
        XCTAssertFalse(ConfiguredRule.defaults.contains { $0.rule.description.id == "future_task_promise" })
    }

    func testSamplesFireTwice() throws {
        let url = packageRoot.appendingPathComponent("samples/App/Chat/ChatViewModel.swift")
        let found = findings(of: FutureTaskPromiseRule.self, in: [("ChatViewModel.swift", try String(contentsOf: url, encoding: .utf8))])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["68:17", "83:13"])
        XCTAssertEqual(found[0].message, "A Task captures `promise`, which is not Sendable (an error in Swift 6 mode), and cancelling the subscription leaves the task running.")
        XCTAssertEqual(found[0].help, "Call the async function directly instead of wrapping it in a Future; where a publisher is needed, keep the Task and cancel it in `handleEvents(receiveCancel:)`, with a subject the task feeds on the main actor (see `combinelint explain future_task_promise`).")
    }

    func testMessageNamesThePromiseParameter() throws {
        let found = findings(of: FutureTaskPromiseRule.self, in: [("A.swift", "let f = Future<Int, Never> { fulfil in Task { fulfil(.success(1)) } }\n")])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["1:40"])
        XCTAssertEqual(try XCTUnwrap(found.first).message, "A Task captures `fulfil`, which is not Sendable (an error in Swift 6 mode), and cancelling the subscription leaves the task running.")
    }

    func testShadowingFutureInsideTaskUsesTheInnerPromise() {
        let text = """
        let outer = Future<Int, Never> { promise in
            Task {
                _ = Future<Int, Never> { promise in promise(.success(1)) }
            }
        }
        """
        XCTAssertEqual(positions(text), [])
    }

    func testGenericInitAndNestedGenerics() {
        let text = """
        let a = Future<[String: Int], Never>.init { promise in Task { promise(.success([:])) } }
        let b = Future<Result<Int, Error>, Never> { promise in Task<Void, Never> { promise(.success(.success(1))) } }
        """
        XCTAssertEqual(positions(text), ["1:56", "2:56"])
    }

    func testMemberNamedTaskIsNotATask() {
        XCTAssertEqual(positions("let f = Future { promise in queue.Task { promise(.success(1)) } }\n"), [])
    }
}
