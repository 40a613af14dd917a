import XCTest
@testable import CombineLintKit

final class SendAfterCompletionRuleTests: XCTestCase {
    private func run(_ text: String) -> [Finding] {
        findings(of: SendAfterCompletionRule.self, in: [("App/A.swift", text)])
    }

    func testRangeAndMessage() throws {
        let text = "func f() {\n    subject.send(completion: .finished)\n    self.subject.send(1)\n}\n"
        let found = run(text)
        let f = try XCTUnwrap(found.first)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual([f.line, f.column, f.endLine, f.endColumn], [3, 18, 3, 25])
        XCTAssertEqual(f.message, "`subject` was already completed by `send(completion:)` on line 2, so this value is dropped and no subscriber receives it.")
        XCTAssertEqual(f.help, "Send the values before completing `subject`.")
        XCTAssertEqual(f.related.map { "\($0.file):\($0.line):\($0.column) \($0.message)" }, ["App/A.swift:2:13 `subject` is completed here"])
    }

    /// A case that completes the subject and returns ends there: the next case, after a bare
    /// `return`, is another path.
    func testTheCaseAfterABareReturnIsAnotherPath() {
        let text = """
        final class Client {
            let status = CurrentValueSubject<Status, Never>(.idle)
            func handle(_ result: Result<Data, Error>) {
                switch result {
                case .failure(let error) where error is URLError:
                    status.send(completion: .finished)
                    status.send(.disconnected)
                    return
                case .failure:
                    status.send(.disconnected)
                case .success:
                    break
                }
            }
        }
        """
        XCTAssertEqual(run(text).map { "\($0.line):\($0.column)" }, ["7:20"])
    }

    func testAMethodCallInBetweenStopsOnlyForReceiversThatMayBeReassigned() {
        let text = """
        final class A {
            private let fixed = PassthroughSubject<Int, Never>()
            private var replaceable = PassthroughSubject<Int, Never>()
            func f() {
                fixed.send(completion: .finished)
                replaceable.send(completion: .finished)
                reset()
                fixed.send(1)
                replaceable.send(1)
            }
            func reset() { replaceable = PassthroughSubject() }
        }
        """
        XCTAssertEqual(run(text).map { "\($0.line):\($0.column)" }, ["8:15"])
    }

    func testEachClosureBodyIsItsOwnBody() {
        let text = """
        func f() {
            a.sink { _ in
                subject.send(completion: .finished)
            }
            subject.send(1)
            b.sink { _ in
                subject.send(completion: .finished)
                other.sink { _ in subject.send(2) }
                subject.send(3)
            }
        }
        """
        XCTAssertEqual(run(text).map { "\($0.line):\($0.column)" }, ["9:17"])
    }

    func testUnknownReceiverNeedsACompletionValueAndKnownSubjectDoesNot() {
        let text = """
        func f(done: Subscribers.Completion<Never>) {
            client.send(completion: done)
            client.send(request)
            let s = PassthroughSubject<Int, Never>()
            s.send(completion: done)
            s.send(1)
        }
        """
        XCTAssertEqual(run(text).map(\.line), [6])
    }

    func testConditionalCompilationBranchesAreBothRead() {
        let text = """
        func f() {
        #if DEBUG
            subject.send(completion: .finished)
        #endif
            subject.send(1)
        }
        """
        XCTAssertEqual(run(text).map(\.line), [5])
    }

    /// A test sends after the completion on purpose, to check that the value is dropped: a test
    /// case, or a file of a test folder, is not reported; the same code in the app is.
    func testTestCodeIsNotReported() {
        let body = """
            func testDropsAfterCompletion() {
                let subject = PassthroughSubject<Int, Never>()
                subject.send(completion: .finished)
                subject.send(1)
            }
        }
        """
        XCTAssertEqual(findings(of: SendAfterCompletionRule.self, in: [("App/A.swift", "final class OutboxTests: XCTestCase {\n" + body)]).count, 0)
        XCTAssertEqual(findings(of: SendAfterCompletionRule.self, in: [("AppTests/A.swift", "final class Outbox {\n" + body)]).count, 0)
        XCTAssertEqual(findings(of: SendAfterCompletionRule.self, in: [("App/A.swift", "final class Outbox {\n" + body)]).map { "\($0.line):\($0.column)" }, ["5:17"])
    }
}
