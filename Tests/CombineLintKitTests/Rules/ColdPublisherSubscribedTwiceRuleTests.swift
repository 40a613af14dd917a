import XCTest
@testable import CombineLintKit

final class ColdPublisherSubscribedTwiceRuleTests: XCTestCase {
    /// A stored property given its value in `init` (`avatarRequest = api.avatar(for: author)`) holds
    /// the request as an initial value would; one that a method also sets (to a subject) is not known.
    func testAPropertySetOnlyInInitToARequest() {
        let text = """
        final class API {
            func avatar(for url: URL?) -> AnyPublisher<Data, Never> {
                guard let url else { return Empty().eraseToAnyPublisher() }
                return URLSession.shared.dataTaskPublisher(for: url).map(\\.data).replaceError(with: Data()).eraseToAnyPublisher()
            }
        }
        final class ProfileModel {
            private var avatarRequest: AnyPublisher<Data, Never>
            private var bannerRequest: AnyPublisher<Data, Never>
            init(api: API, url: URL) {
                avatarRequest = api.avatar(for: url)
                self.bannerRequest = api.avatar(for: url)
            }
            func load() {
                avatarRequest.sink { _ in }.store(in: &bag)
                avatarRequest.map(\\.count).sink { _ in }.store(in: &bag)
                bannerRequest.sink { _ in }.store(in: &bag)
                bannerRequest.map(\\.count).sink { _ in }.store(in: &bag)
            }
            func useLive(_ subject: PassthroughSubject<Data, Never>) { bannerRequest = subject.eraseToAnyPublisher() }
        }

        """
        let found = findings(of: ColdPublisherSubscribedTwiceRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.ruleID) \($0.line):\($0.column)" }, ["cold_publisher_subscribed_twice 16:9"])
    }

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

    /// The work is found through a project function in another file (on a cache miss too: the
    /// `Just` path does not keep the request path from running twice), and through a `Deferred`
    /// wrapping a Future maker.
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
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["Screen.swift:8:9", "Screen.swift:10:9", "Screen.swift:11:19"])
        XCTAssertEqual(found.last?.message, "`again` is subscribed again here: this `Deferred` publisher runs once per subscription, so it runs twice.")
    }

    /// A test double's method returning the subject its test drives stands in for the app's request
    /// in tests only: the app's implementation of the protocol decides.
    func testATestDoubleDoesNotHideTheAppsRequest() {
        let screen = """
        final class FeedModel {
            let api: ArticlesAPI
            func load() {
                let firstPage = api.page(after: nil)
                firstPage.sink(receiveCompletion: { _ in }, receiveValue: { print($0) }).store(in: &bag)
                firstPage.sink(receiveCompletion: { _ in }, receiveValue: { print($0) }).store(in: &bag)
            }
        }
        """
        let api = """
        protocol ArticlesAPI { func page(after cursor: String?) -> AnyPublisher<Data, URLError> }
        final class LiveArticlesAPI: ArticlesAPI {
            func page(after cursor: String?) -> AnyPublisher<Data, URLError> {
                URLSession.shared.dataTaskPublisher(for: url(cursor)).map { $0.data }.eraseToAnyPublisher()
            }
        }
        """
        let stub = """
        final class StubArticlesAPI: ArticlesAPI {
            let pages = PassthroughSubject<Data, URLError>()
            func page(after cursor: String?) -> AnyPublisher<Data, URLError> { pages.eraseToAnyPublisher() }
        }
        """
        let found = findings(of: ColdPublisherSubscribedTwiceRule.self, in: [(path: "Feed.swift", text: screen), (path: "API.swift", text: api),
                                                                              (path: "AppTests/Stubs.swift", text: stub)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["Feed.swift:6:9"])
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

    /// A client whose request guards with an early `Fail`, and a method that `flatMap`s a token
    /// into that request, do their work per subscription; the receiver of `zip` is subscribed
    /// like its argument. A request shared before the `zip`, or a `flatMap` into a subject, is not.
    func testEarlyFailReturnsFlatMappedRequestsAndZipReceivers() {
        let client = """
        final class APIClient {
            func perform(_ path: String, token: String?) -> AnyPublisher<Data, APIError> {
                guard let url = URL(string: path) else { return Fail(error: APIError.badURL).eraseToAnyPublisher() }
                return session.dataTaskPublisher(for: url).map(\\.data).mapError(APIError.transport).eraseToAnyPublisher()
            }
            func request(_ path: String) -> AnyPublisher<Data, APIError> {
                tokens.validToken()
                    .flatMap { [weak self] token -> AnyPublisher<Data, APIError> in
                        guard let self else { return Empty().eraseToAnyPublisher() }
                        return self.perform(path, token: token)
                    }
                    .eraseToAnyPublisher()
            }
            func relay(_ path: String) -> AnyPublisher<Data, APIError> {
                tokens.validToken().flatMap { [events] _ in events }.eraseToAnyPublisher()
            }
        }
        """
        let repository = """
        final class Repository {
            func summary(of id: String) -> AnyPublisher<(Int, Int), APIError> {
                let request = client.request("members/\\(id)")
                return request.map(\\.count).zip(request.map { $0.first.map(Int.init) ?? 0 }).eraseToAnyPublisher()
            }
            func shared(of id: String) -> AnyPublisher<(Int, Int), APIError> {
                let request = client.request("members/\\(id)").share()
                return request.map(\\.count).zip(request.map { $0.count }).eraseToAnyPublisher()
            }
            func relayed() -> AnyPublisher<(Data, Data), APIError> {
                let relay = client.relay("x")
                return relay.zip(relay).eraseToAnyPublisher()
            }
            // let request = client.request("x"); request.zip(request)
            let text = "let request = client.request(x); request.zip(request)"
        }
        """
        let found = findings(of: ColdPublisherSubscribedTwiceRule.self, in: [(path: "C.swift", text: client), (path: "R.swift", text: repository)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["R.swift:4:41"])
    }

    /// The project's own flattening operator (`switchMap`: a `map` and `switchToLatest`) makes its
    /// inner publishers per subscription as `flatMap` does, and so does `flatMapLatest` by its name:
    /// two subscribers run each search twice. Not when the closure returns a subject, which
    /// subscribers share.
    func testProjectFlatteningOperatorsMakeTheirInnerRequestsPerSubscription() {
        let text = """
        extension Publisher {
            func switchMap<P: Publisher>(_ transform: @escaping (Output) -> P) -> AnyPublisher<P.Output, P.Failure> where P.Failure == Failure {
                map(transform).switchToLatest().eraseToAnyPublisher()
            }
        }
        final class SearchModel {
            func bind() {
                let results = query.switchMap { URLSession.shared.dataTaskPublisher(for: Self.url($0)).map(\\.data) }
                results.sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
                results.sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
                let latest = query.flatMapLatest { URLSession.shared.dataTaskPublisher(for: Self.url($0)) }
                latest.sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
                latest.sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
                let relayed = query.switchMap { [events] _ in events }
                relayed.sink { _ in }.store(in: &bag)
                relayed.sink { _ in }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(ColdPublisherSubscribedTwiceRule.self, text), ["10:9", "13:9"])
    }

    /// A local subscribed once in the body and then returned: the caller subscribes to the returned
    /// publisher, which runs the request again. Not when it is shared, returned on another path
    /// (`else`, an earlier `return`), returned from a nested closure, or returned unsubscribed.
    func testSubscribedAndReturnedRunsTwice() throws {
        let text = """
        final class Exporter {
            func export(_ request: URLRequest) -> AnyPublisher<Data, URLError> {
                let upload = URLSession.shared.dataTaskPublisher(for: request).map(\\.data)
                upload.sink(receiveCompletion: { _ in }, receiveValue: { _ in self.progress = 1 }).store(in: &bag)
                return upload.eraseToAnyPublisher()
            }
            func shared(_ request: URLRequest) -> AnyPublisher<Data, URLError> {
                let upload = URLSession.shared.dataTaskPublisher(for: request).map(\\.data).share()
                upload.sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
                return upload.eraseToAnyPublisher()
            }
            func either(_ request: URLRequest, log: Bool) -> AnyPublisher<Data, URLError> {
                let upload = URLSession.shared.dataTaskPublisher(for: request).map(\\.data)
                if log {
                    upload.sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)
                    return Empty().eraseToAnyPublisher()
                }
                return upload.eraseToAnyPublisher()
            }
            func plain(_ request: URLRequest) -> AnyPublisher<Data, URLError> {
                let upload = URLSession.shared.dataTaskPublisher(for: request).map(\\.data)
                return upload.eraseToAnyPublisher()
            }
        }
        """
        let found = findings(of: ColdPublisherSubscribedTwiceRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["5:16"])
        XCTAssertEqual(try XCTUnwrap(found.first).message,
                       "`upload` is returned after it was subscribed: this `dataTaskPublisher` request runs once per subscription, so the caller's runs it again.")
    }
}
