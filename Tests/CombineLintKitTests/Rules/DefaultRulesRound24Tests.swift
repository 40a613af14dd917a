import XCTest
@testable import CombineLintKit

/// Idioms found by the round-24 probes of the default rules (an energy dashboard with a menu-bar
/// companion, a marketplace app).
final class DefaultRulesRound24Tests: XCTestCase {
    /// `client.get(path)` runs the `get` of the client's type: a request there finishes, whatever
    /// a same-named `static func get` of another type (building a request description) returns.
    /// A `get` of the client's type that hands out a subject still never finishes.
    func testProjectFunctionResolvedByTheReceiversType() {
        let client = """
        final class APIClient {
            private let session: URLSession = .shared
            func get<T: Decodable>(_ path: String) -> AnyPublisher<T, Error> {
                guard let url = URL(string: path) else { return Fail(error: URLError(.badURL)).eraseToAnyPublisher() }
                return send(URLRequest(url: url))
            }
            private func send<T: Decodable>(_ request: URLRequest) -> AnyPublisher<T, Error> {
                session.dataTaskPublisher(for: request).map(\\.data).decode(type: T.self, decoder: JSONDecoder()).eraseToAnyPublisher()
            }
        }
        struct Endpoint {
            var path: String
            static func get(_ path: String) -> Endpoint { Endpoint(path: path) }
        }
        final class LiveFeed {
            let updates = PassthroughSubject<Int, Never>()
            func get(_ path: String) -> AnyPublisher<Int, Never> { updates.eraseToAnyPublisher() }
        }
        """
        let model = """
        final class TariffModel {
            private let client = APIClient()
            private let feed = LiveFeed()
            private var bag = Set<AnyCancellable>()
            var tariffs: [String] = []
            var count = 0
            func reload() {
                client.get("tariffs")
                    .replaceError(with: [])
                    .assign(to: \\.tariffs, on: self)
                    .store(in: &bag)
                feed.get("count")
                    .assign(to: \\.count, on: self)
                    .store(in: &bag)
            }
        }
        """
        let files = [(path: "APIClient.swift", text: client), (path: "TariffModel.swift", text: model)]
        XCTAssertEqual(findings(of: AssignToSelfRule.self, in: files).map { "\($0.file):\($0.line):\($0.column)" },
                       ["TariffModel.swift:13:14"])
    }

    /// A constant property given its publisher in `init` hands every subscriber that publisher: a
    /// request there finishes, so re-assigning it on each appearance leaves nothing behind; a
    /// subject's publisher never finishes, and each appearance adds one more subscription.
    func testConstantPropertySetInTheInitializer() {
        let text = """
        final class TariffModel: ObservableObject {
            @Published var tariff = ""
            @Published var live = 0
            private let request: AnyPublisher<String, Never>
            private let updates: AnyPublisher<Int, Never>
            init(feed: PassthroughSubject<Int, Never>) {
                request = URLSession.shared.dataTaskPublisher(for: URL(string: "https://example.com")!)
                    .map { String(decoding: $0.data, as: UTF8.self) }
                    .replaceError(with: "")
                    .eraseToAnyPublisher()
                self.updates = feed.eraseToAnyPublisher()
            }
            func load() {
                request.assign(to: &$tariff)
                updates.assign(to: &$live)
            }
        }
        struct TariffView: View {
            @StateObject var model: TariffModel
            var body: some View {
                Text(model.tariff).onAppear { model.load() }
            }
        }
        """
        XCTAssertEqual(findings(of: PublishedAssignCycleRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" },
                       ["15:17"])
    }

    /// A token refresher hands out the refresh in flight while it runs (`if let refreshing { return
    /// refreshing }`, `refreshing = refresh`, back to `nil` when it completes): every publisher the
    /// property holds is that finishing `Deferred { Future }`, so a request built on it finishes. A
    /// property that is also given a subject's publisher does not.
    func testInFlightPublisherHeldByAnOptionalProperty() {
        let text = """
        final class TokenRefresher {
            private var refreshing: AnyPublisher<String, Error>?
            private var watching: AnyPublisher<String, Error>?
            private let changes = PassthroughSubject<String, Error>()
            func validToken() -> AnyPublisher<String, Error> {
                if let refreshing { return refreshing }
                let refresh = Deferred { Future<String, Error> { promise in promise(.success("t")) } }
                    .handleEvents(receiveCompletion: { [weak self] _ in self?.refreshing = nil })
                    .share()
                    .eraseToAnyPublisher()
                refreshing = refresh
                return refresh
            }
            func tokenChanges() -> AnyPublisher<String, Error> {
                if let watching { return watching }
                watching = changes.eraseToAnyPublisher()
                return Just("t").setFailureType(to: Error.self).eraseToAnyPublisher()
            }
        }
        final class Model {
            let tokens = TokenRefresher()
            var bag = Set<AnyCancellable>()
            var token = ""
            func load() {
                tokens.validToken().replaceError(with: "").assign(to: \\.token, on: self).store(in: &bag)
                tokens.tokenChanges().replaceError(with: "").assign(to: \\.token, on: self).store(in: &bag)
            }
        }
        """
        XCTAssertEqual(findings(of: AssignToSelfRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" },
                       ["26:54"])
    }

    /// Another type changes the subject's value through a capture of the same name
    /// (`[typingUsers = socket.typingUsers] in typingUsers.value.insert(user)`): it is an input by
    /// design, and `private` would not compile. A subject only its own type sends into is reported.
    func testSubjectFedThroughACaptureOfItsName() {
        let socket = """
        final class ChatSocket {
            let typingUsers = CurrentValueSubject<Set<String>, Never>([])
            let frames = PassthroughSubject<String, Never>()
            func receive(_ text: String) { frames.send(text) }
        }
        """
        let model = """
        final class ChatViewModel {
            private var bag = Set<AnyCancellable>()
            func bind(socket: ChatSocket) {
                socket.frames
                    .sink { [typingUsers = socket.typingUsers] user in
                        typingUsers.value.insert(user)
                    }
                    .store(in: &bag)
            }
        }
        """
        let files = [(path: "ChatSocket.swift", text: socket), (path: "ChatViewModel.swift", text: model)]
        XCTAssertEqual(findings(of: ExposedSubjectRule.self, in: files).map { "\($0.file):\($0.line):\($0.column)" },
                       ["ChatSocket.swift:3:9"])
    }

    /// A limit before the flattening step (`first()`) leaves one inner publisher, and the pipeline
    /// ends with it anyway: its failure ends nothing more. Without the limit it is reported.
    func testErrorHandlingAfterAPipelineCutByFirst() {
        let text = """
        final class JobDetailModel: ObservableObject {
            @Published var selectedJobID: String?
            @Published var title = ""
            private let routes = RouteService()
            init() {
                $selectedJobID.compactMap { $0 }
                    .first()
                    .flatMap { [routes] in routes.jobDetail($0) }
                    .map(\\.title)
                    .replaceError(with: "")
                    .assign(to: &$title)
                $selectedJobID.compactMap { $0 }
                    .flatMap { [routes] in routes.jobDetail($0) }
                    .map(\\.title)
                    .replaceError(with: "")
                    .assign(to: &$title)
            }
        }
        """
        XCTAssertEqual(findings(of: ErrorHandlingOutsideFlatMapRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" },
                       ["15:14"])
    }

    /// A completion in a block (a `switch` case, a `guard … else` block) comes before every later
    /// value sent in that block; a value sent in another case, or after the `if` that completed, may
    /// run on another path.
    func testSendAfterCompletionInsideABlock() {
        let text = """
        final class SyncEngine {
            let progress = PassthroughSubject<Double, Error>()
            func finish(_ result: SyncResult, partial: Double) {
                switch result {
                case .offline:
                    progress.send(completion: .failure(SyncError.offline))
                    progress.send(partial)
                case .done:
                    progress.send(1)
                    progress.send(completion: .finished)
                }
            }
            func cancel(_ order: Order) {
                guard order.status != .cancelled else {
                    progress.send(completion: .finished)
                    progress.send(0)
                    return
                }
                if order.isEmpty { progress.send(completion: .finished) }
                progress.send(0.5)
            }
        }
        """
        XCTAssertEqual(findings(of: SendAfterCompletionRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" },
                       ["7:22", "16:22"])
    }
}
