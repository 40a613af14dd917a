import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for round 123 (see the rule documents).
final class DefaultRulesRound123Tests: XCTestCase {
    /// `weatherAlerts(for:)` returns a request when no vendor provider is set and a `Future` made
    /// once otherwise: on the request path, the second subscription sends the request again.
    func testAFunctionWithOneReturnDoingWorkPerSubscription() {
        func text(fallback: String) -> String {
            """
            protocol AlertsServiceProtocol {
                func weatherAlerts(for resort: Resort) -> AnyPublisher<[WeatherAlert], Error>
            }
            final class AlertsService: AlertsServiceProtocol {
                private let session: URLSession
                private let provider: AlertsProvider?
                init(session: URLSession, provider: AlertsProvider?) { self.session = session; self.provider = provider }
                func weatherAlerts(for resort: Resort) -> AnyPublisher<[WeatherAlert], Error> {
                    guard let provider else {
                        return \(fallback)
                    }
                    return Future<[WeatherAlert], Error> { promise in
                        provider.fetchAlerts(resort.id) { promise($0) }
                    }
                    .eraseToAnyPublisher()
                }
            }
            final class SnowReportViewModel: ObservableObject {
                @Published var alertCount = 0
                @Published var alerts: [WeatherAlert] = []
                private let service: AlertsServiceProtocol
                private let resort: Resort
                init(service: AlertsServiceProtocol, resort: Resort) { self.service = service; self.resort = resort }
                func loadAlerts() {
                    let request = service.weatherAlerts(for: resort)
                    request.map(\\.count).replaceError(with: 0).receive(on: DispatchQueue.main).assign(to: &$alertCount)
                    request.replaceError(with: []).receive(on: DispatchQueue.main).assign(to: &$alerts)
                }
            }
            """
        }
        let request = "session.dataTaskPublisher(for: resort.alertsURL).map(\\.data).decode(type: [WeatherAlert].self, decoder: JSONDecoder()).eraseToAnyPublisher()"
        XCTAssertEqual(positions(ColdPublisherSubscribedTwiceRule.self, text(fallback: request)), ["27:9"])
        // Every path shares its one result: subscribing twice runs nothing again.
        XCTAssertEqual(positions(ColdPublisherSubscribedTwiceRule.self, text(fallback: "Just([]).setFailureType(to: Error.self).eraseToAnyPublisher()")), [])
        XCTAssertEqual(positions(ColdPublisherSubscribedTwiceRule.self, text(fallback: "Fail(error: AlertsError.noProvider).eraseToAnyPublisher()")), [])
        // Shared where it is made: one request for both subscribers.
        XCTAssertEqual(positions(ColdPublisherSubscribedTwiceRule.self, text(fallback: request.replacingOccurrences(of: ".eraseToAnyPublisher()", with: ".share().eraseToAnyPublisher()"))), [])
    }
}
