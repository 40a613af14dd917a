import XCTest
@testable import CombineLintKit

final class ColdPublisherSubscribedTwiceRuleTests: XCTestCase {
    func testSecondSubscriptionIsReportedWithTheFirstAndTheDeclaration() throws {
        let text = """
        final class Loader {
            func load(url: URL) {
                let request = URLSession.shared.dataTaskPublisher(for: url).map(\\.data)
                request.sink(receiveCompletion: { _ in }, receiveValue: { self.show($0) }).store(in: &bag)
                request.sink(receiveCompletion: { _ in }, receiveValue: { self.cache($0) }).store(in: &bag)
            }
        }

        """
        let found = findings(of: ColdPublisherSubscribedTwiceRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.ruleID) \($0.line):\($0.column)-\($0.endLine):\($0.endColumn)" },
                       ["cold_publisher_subscribed_twice 5:9-5:16"])
        let finding = try XCTUnwrap(found.first)
        XCTAssertEqual(finding.message, "`request` is subscribed again here: this `dataTaskPublisher` request runs once per subscription, so it runs twice.")
        XCTAssertEqual(finding.related.map { "\($0.line):\($0.column) \($0.message)" }, ["4:9 first subscription", "3:13 declared here, without share()"])
        XCTAssertNil(finding.fix)
    }

    /// The work is found through a project function in another file, and through a `Deferred` wrapping a Future maker.
    func testWorkIsFollowedThroughFunctionsAndDeferred() {
        let screen = """
        final class Screen {
            let api = API()
            func refresh() {
                let page = api.page(1)
                let cached = api.cachedPage()
                let again = Deferred { self.makeFuture() }
                page.sink { print($0) }.store(in: &bag)
                page.sink { print($0) }.store(in: &bag)
                cached.sink { print($0) }.store(in: &bag)
                cached.sink { print($0) }.store(in: &bag)
                again.zip(again).sink { print($0) }.store(in: &bag)
            }
        }

        """
        let api = """
        final class API {
            func page(_ n: Int) -> AnyPublisher<Data, URLError> {
                return URLSession.shared.dataTaskPublisher(for: url(n)).map(\\.data).eraseToAnyPublisher()
            }
            func cachedPage() -> AnyPublisher<Data, URLError> {
                if let data = cache { return Just(data).setFailureType(to: URLError.self).eraseToAnyPublisher() }
                return URLSession.shared.dataTaskPublisher(for: url(0)).map(\\.data).eraseToAnyPublisher()
            }
        }

        """
        let found = findings(of: ColdPublisherSubscribedTwiceRule.self, in: [(path: "Screen.swift", text: screen), (path: "API.swift", text: api)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["Screen.swift:8:9", "Screen.swift:11:19"])
        XCTAssertEqual(found.last?.message, "`again` is subscribed again here: this `Deferred` publisher runs once per subscription, so it runs twice.")
    }

    /// A test subscribes twice on purpose to check that the work runs per subscription; the
    /// same code in the app is reported.
    func testATestCaseSubscribingTwiceOnPurposeIsNotReported() {
        let body = """
            func testRunsPerSubscription() {
                let publisher = Deferred { Just(1) }
                publisher.sink { _ in }.store(in: &bag)
                publisher.sink { _ in }.store(in: &bag)
            }
        }
        """
        let test = "final class LoaderTests: XCTestCase {\n" + body
        let app = "final class Loader {\n" + body
        XCTAssertEqual(places(ColdPublisherSubscribedTwiceRule.self, [(path: "A.swift", text: test)]), [])
        XCTAssertEqual(places(ColdPublisherSubscribedTwiceRule.self, [(path: "A.swift", text: app)]), ["A.swift:5:9"])
    }
}
