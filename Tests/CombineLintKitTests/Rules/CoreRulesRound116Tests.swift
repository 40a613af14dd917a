import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for round 116 (see the rule documents).
final class CoreRulesRound116Tests: XCTestCase {
    private func client(syncBody: String) -> String {
        """
        final class APIClient {
            let session: URLSession
            private let pushes = PassthroughSubject<Data, Never>()
            init(session: URLSession) { self.session = session }

            func send<Response: Decodable>(_ endpoint: Endpoint) -> AnyPublisher<Response, APIError> {
                \(syncBody)
            }

            func send<Response: Decodable>(_ endpoint: Endpoint) async throws -> Response {
                try await withCheckedThrowingContinuation { continuation in
                    var cancellable: AnyCancellable?
                    cancellable = send(endpoint)
                        .first()
                        .sink(receiveCompletion: { _ in cancellable?.cancel() },
                              receiveValue: { (value: Response) in continuation.resume(returning: value) })
                }
            }
        }
        """
    }

    private let request = """
        session.dataTaskPublisher(for: endpoint.request)
                    .map(\\.data)
                    .decode(type: Response.self, decoder: JSONDecoder())
                    .mapError { _ in APIError.transport }
                    .eraseToAnyPublisher()
        """
    private let pushed = """
        pushes.decode(type: Response.self, decoder: JSONDecoder())
                    .mapError { _ in APIError.transport }
                    .eraseToAnyPublisher()
        """

    /// `api.send(.passes)` written in a pipeline, without `await`, runs the overload that returns a
    /// publisher; an `async` overload of the same name and labels (returning a generic `Response`)
    /// is not a candidate. The request finishes, so re-running `reload()` from a notification's
    /// sink stacks nothing; when the publisher overload never finishes, it is reported.
    func testAnAsyncOverloadIsNotWhatAPipelineCalls() {
        let model = """
            final class PassesViewModel: ObservableObject {
                @Published var passes: [Pass] = []
                private var cancellables = Set<AnyCancellable>()
                let api: APIClient
                init(api: APIClient) {
                    self.api = api
                    NotificationCenter.default.publisher(for: .passPurchased)
                        .sink { [weak self] _ in self?.reload() }
                        .store(in: &cancellables)
                }
                func reload() {
                    api.send(.passes)
                        .replaceError(with: [Pass]())
                        .receive(on: DispatchQueue.main)
                        .assign(to: &$passes)
                }
            }
            """
        XCTAssertEqual(places(PublishedAssignCycleRule.self, [(path: "API.swift", text: client(syncBody: request)),
                                                              (path: "Passes.swift", text: model)]), [])
        XCTAssertEqual(places(PublishedAssignCycleRule.self, [(path: "API.swift", text: client(syncBody: pushed)),
                                                              (path: "Passes.swift", text: model)]), ["Passes.swift:15:14"])
    }

    /// The same for `assign(to:on: self)` kept in the controller's bag: a request through a service
    /// whose method hands on `api.send(_:)` finishes and lets `self` go.
    func testAssignOnSelfFromARequestThroughTheSynchronousOverloadFinishes() {
        let controller = """
            final class PaymentViewController: UIViewController {
                @objc dynamic var methods: [PaymentMethod] = []
                private var cancellables = Set<AnyCancellable>()
                let api: APIClient
                init(api: APIClient) { self.api = api; super.init(nibName: nil, bundle: nil) }
                override func viewDidLoad() {
                    super.viewDidLoad()
                    api.send(.paymentMethods)
                        .replaceError(with: [])
                        .assign(to: \\.methods, on: self)
                        .store(in: &cancellables)
                }
            }
            """
        XCTAssertEqual(places(AssignToSelfRule.self, [(path: "API.swift", text: client(syncBody: request)),
                                                      (path: "Payment.swift", text: controller)]), [])
        XCTAssertEqual(places(AssignToSelfRule.self, [(path: "API.swift", text: client(syncBody: pushed)),
                                                      (path: "Payment.swift", text: controller)]), ["Payment.swift:10:14"])
    }
}
