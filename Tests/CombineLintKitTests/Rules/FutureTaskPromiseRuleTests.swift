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
        XCTAssertTrue(found[0].message.hasPrefix("`promise` is captured by a Task: the promise is not Sendable"), found[0].message)
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
