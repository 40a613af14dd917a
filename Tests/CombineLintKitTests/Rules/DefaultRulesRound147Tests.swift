import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for rounds 147 and after (see the rule documents).
final class DefaultRulesRound147Tests: XCTestCase {
    /// (Round 146.) `let export = Future { … }`, then `guard exists else { return Fail(…) }`, then
    /// `return export.eraseToAnyPublisher()`: on the guard's path the copy ran and nothing
    /// subscribes. A local returned on every path is judged by the callers, as a `Future` returned
    /// in place is: subscribed at once, once, it is no finding; kept by a caller, it is. A `return`
    /// inside a closure of the body ends that closure, not the function.
    func testALocalFutureTheFunctionReturnsIsJudgedByItsExitsAndCallers() {
        func text(between: String = "", caller: String) -> String {
            """
            final class ReadingStore {
                func export(_ source: URL) -> AnyPublisher<URL, Error> {
                    let export = Future<URL, Error> { promise in
                        promise(.success(source))
                    }
                    \(between)
                    return export.eraseToAnyPublisher()
                }
            }
            final class ShareViewModel {
                let store = ReadingStore()
                var kept: AnyPublisher<URL, Error>?
                var cancellables = Set<AnyCancellable>()
                func share(_ url: URL) {
                    \(caller)
                }
            }
            """
        }
        let subscribedOnce = "store.export(url).sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &cancellables)"
        let keptByCaller = "kept = store.export(url)"
        XCTAssertEqual(positions(FutureWithoutDeferredRule.self, text(caller: subscribedOnce)), [])
        XCTAssertEqual(positions(FutureWithoutDeferredRule.self, text(caller: keptByCaller)), ["3:22"])
        let guardFail = "guard FileManager.default.fileExists(atPath: source.path) else { return Fail(error: URLError(.badURL)).eraseToAnyPublisher() }"
        XCTAssertEqual(positions(FutureWithoutDeferredRule.self, text(between: guardFail, caller: subscribedOnce)), ["3:22"])
        let throwing = "if source.isFileURL == false { throw URLError(.badURL) }"
        XCTAssertEqual(positions(FutureWithoutDeferredRule.self, text(between: throwing, caller: subscribedOnce)), ["3:22"])
        let closureReturn = "let names = [source].map { url -> String in return url.path }"
        XCTAssertEqual(positions(FutureWithoutDeferredRule.self, text(between: closureReturn, caller: subscribedOnce)), [])
    }
}
