import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for round 121 (see the rule documents).
final class CoreRulesRound121Tests: XCTestCase {
    /// A retrying client that hands `request(_:)` on to the client it wraps
    /// (`wrapped.request(endpoint).retry(attempts)`) finishes when the other implementations do:
    /// the URLSession client's request finishes, so a store of it from `viewWillAppear` piles
    /// nothing up. When the real client returns a subject's stream instead, it is reported.
    func testADecoratorOfTheSameSelectorFinishesWhenTheOthersDo() {
        func text(request: String) -> String {
            """
            protocol APIClientProtocol {
                func request<T: Decodable>(_ endpoint: Endpoint<T>) -> AnyPublisher<T, APIError>
            }
            final class APIClient: APIClientProtocol {
                let session: URLSession
                let pushes = PassthroughSubject<Data, Never>()
                init(session: URLSession) { self.session = session }
                func request<T: Decodable>(_ endpoint: Endpoint<T>) -> AnyPublisher<T, APIError> {
                    \(request)
                }
            }
            final class RetryingAPIClient: APIClientProtocol {
                private let wrapped: APIClientProtocol
                private let attempts: Int
                init(wrapping wrapped: APIClientProtocol, attempts: Int) { self.wrapped = wrapped; self.attempts = attempts }
                func request<T: Decodable>(_ endpoint: Endpoint<T>) -> AnyPublisher<T, APIError> {
                    wrapped.request(endpoint)
                        .retry(attempts)
                        .eraseToAnyPublisher()
                }
            }
            final class InvoicesViewController: UIViewController {
                let api: APIClientProtocol
                var invoices: [Invoice] = []
                private var cancellables = Set<AnyCancellable>()
                init(api: APIClientProtocol) { self.api = api; super.init(nibName: nil, bundle: nil) }
                override func viewWillAppear(_ animated: Bool) {
                    super.viewWillAppear(animated)
                    api.request(Endpoints.invoices)
                        .replaceError(with: [])
                        .sink { [weak self] in self?.invoices = $0 }
                        .store(in: &cancellables)
                }
            }
            """
        }
        let finishing = "session.dataTaskPublisher(for: endpoint.request).map(\\\\.data).decode(type: T.self, decoder: JSONDecoder()).mapError { _ in APIError.transport }.eraseToAnyPublisher()"
        XCTAssertEqual(places(StoreInAppearanceRule.self, [(path: "A.swift", text: text(request: finishing))]), [])
        let endless = "pushes.decode(type: T.self, decoder: JSONDecoder()).mapError { _ in APIError.transport }.eraseToAnyPublisher()"
        XCTAssertEqual(places(StoreInAppearanceRule.self, [(path: "A.swift", text: text(request: endless))]), ["A.swift:32:14"])
    }

    /// A representable's `updateUIView` hands its stored `readings` to the coordinator's
    /// `observe(_:…)`, which stores a subscription in the coordinator's bag: the struct's memberwise
    /// initializer is filled with a subject's stream (`MoistureChartView(readings: service.readingsPublisher)`),
    /// so each update adds one. Filled with a request, nothing piles up.
    func testAStoredPropertyOfARepresentableFilledByItsConstructionIsFollowed() {
        func text(source: String) -> String {
            """
            struct MoistureChartView: UIViewRepresentable {
                let readings: AnyPublisher<Double, Never>
                func makeUIView(context: Context) -> SparklineView { SparklineView() }
                func updateUIView(_ uiView: SparklineView, context: Context) {
                    context.coordinator.observe(readings, into: uiView)
                }
                func makeCoordinator() -> Coordinator { Coordinator() }
                final class Coordinator {
                    private var subscriptions = Set<AnyCancellable>()
                    func observe(_ readings: AnyPublisher<Double, Never>, into view: SparklineView) {
                        readings
                            .sink { [weak view] value in view?.append(value) }
                            .store(in: &subscriptions)
                    }
                }
            }
            final class SensorService {
                private let readingSubject = PassthroughSubject<Double, Never>()
                var readingsPublisher: AnyPublisher<Double, Never> { readingSubject.eraseToAnyPublisher() }
                func lastReading() -> AnyPublisher<Double, Never> { Just(0.4).eraseToAnyPublisher() }
            }
            struct SensorHistoryView: View {
                let service: SensorService
                var body: some View {
                    MoistureChartView(readings: \(source))
                }
            }
            """
        }
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "Chart.swift", text: text(source: "service.readingsPublisher"))]),
                       ["Chart.swift:13:18"])
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "Chart.swift", text: text(source: "service.lastReading()"))]), [])
    }
}
