import XCTest
@testable import CombineLintKit

final class CustomSubscriptionIgnoresDemandRuleTests: XCTestCase {
    func testEmptyRequestWithValuesSentFromACallback() throws {
        let text = """
        final class TapSubscription<S: Subscriber>: Subscription where S.Input == Void {
            private var subscriber: S?
            func request(_ demand: Subscribers.Demand) {}
            func cancel() { subscriber = nil }
            @objc func tapped() { _ = subscriber?.receive(()) }
        }

        """
        let found = findings(of: CustomSubscriptionIgnoresDemandRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.ruleID) \($0.line):\($0.column)-\($0.endLine):\($0.endColumn)" },
                       ["custom_subscription_ignores_demand 3:10-3:17"])
        let finding = try XCTUnwrap(found.first)
        XCTAssertEqual(finding.message, "`request(_:)` of `TapSubscription` is empty while it sends values: subscribers get values they never asked for.")
        XCTAssertEqual(finding.related.map { "\($0.line):\($0.column) \($0.message)" }, ["5:43 a value sent without checking the demand"])
    }

    /// A body that does something else, and a type whose conformance is in another file's extension.
    func testBodyNotReadingTheDemandAndConformanceElsewhere() {
        let type = """
        final class Feed<S: Subscriber> {
            var subscriber: S?
            func request(_ demand: Subscribers.Demand) { start() }
            func cancel() {}
            func got(_ item: Int) { _ = subscriber?.receive(item) }
        }

        """
        let conformance = "extension Feed: Subscription {}\n"
        let found = findings(of: CustomSubscriptionIgnoresDemandRule.self, in: [(path: "Feed.swift", text: type), (path: "Feed+Subscription.swift", text: conformance)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column) \($0.message)" },
                       ["Feed.swift:3:10 `request(_:)` of `Feed` never reads the demand while it sends values: subscribers get values they never asked for."])
    }

    /// A subscription that answers one request: its one value, sent from the callback of the work
    /// `request(_:)` starts and followed at once by the completion, never exceeds a demand, which
    /// is at least one. A callback that sends on without completing is still reported.
    func testOneValueThenCompletionFromARequestCallback() {
        let text = """
        final class OneShot<S: Subscriber>: Subscription where S.Input == Data, S.Failure == Error {
            var subscriber: S?
            var task: URLSessionDataTask?
            func request(_ demand: Subscribers.Demand) {
                guard task == nil else { return }
                task = URLSession.shared.dataTask(with: url) { data, _, error in
                    if let data {
                        _ = self.subscriber?.receive(data)
                        self.subscriber?.receive(completion: .finished)
                    }
                }
            }
            func cancel() { subscriber = nil }
        }
        final class Stream<S: Subscriber>: Subscription where S.Input == Data, S.Failure == Never {
            var subscriber: S?
            func request(_ demand: Subscribers.Demand) {
                source.onData = { data in _ = self.subscriber?.receive(data) }
            }
            func cancel() { subscriber = nil }
        }
        """
        XCTAssertEqual(places(CustomSubscriptionIgnoresDemandRule.self, [(path: "A.swift", text: text)]), ["A.swift:17:10"])
    }

    /// The demand added to a counter inside a closure of `request(_:)` (`queue.addOperation { self.pending += demand }`)
    /// and read back through `self` where values are sent (`guard self.pending > 0`) is acted on; a
    /// counter only ever written is not.
    func testCounterReadThroughSelf() {
        let text = """
        final class PressureSubscription<S: Subscriber>: Subscription where S.Input == Double, S.Failure == Never {
            private var subscriber: S?
            private let queue = OperationQueue()
            private var pending: Subscribers.Demand = .none
            func request(_ demand: Subscribers.Demand) {
                queue.addOperation { [weak self] in
                    guard let self else { return }
                    self.pending += demand
                    self.altimeter.startUpdates(to: self.queue) { [weak self] data, _ in
                        guard let self, self.pending > 0, let subscriber = self.subscriber else { return }
                        self.pending -= 1
                        self.pending += subscriber.receive(data)
                    }
                }
            }
            func cancel() { subscriber = nil }
        }
        """
        XCTAssertEqual(findings(of: CustomSubscriptionIgnoresDemandRule.self, in: [(path: "A.swift", text: text)]).map(\.line), [])
        let unread = text.replacingOccurrences(of: "guard let self, self.pending > 0, let subscriber", with: "guard let self, let subscriber")
        XCTAssertEqual(findings(of: CustomSubscriptionIgnoresDemandRule.self, in: [(path: "A.swift", text: unread)]).map(\.line), [5])
    }

    /// A subscription that sends one value from a delegate callback and completes right after it
    /// (`requestLocation()`'s one fix) never sends more than the least demand; a callback that sends
    /// on without completing is reported.
    func testOneValueThenCompletionFromADelegateMethod() {
        let text = """
        final class SingleFixSubscription<S: Subscriber>: NSObject, Subscription, CLLocationManagerDelegate where S.Input == CLLocation, S.Failure == Error {
            private let manager = CLLocationManager()
            private var subscriber: S?
            func request(_ demand: Subscribers.Demand) {
                manager.requestLocation()
            }
            func cancel() { subscriber = nil }
            func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
                guard let subscriber, let last = locations.last else { return }
                self.subscriber = nil
                _ = subscriber.receive(last)
                subscriber.receive(completion: .finished)
            }
        }
        """
        XCTAssertEqual(findings(of: CustomSubscriptionIgnoresDemandRule.self, in: [(path: "A.swift", text: text)]).map(\.line), [])
        let streaming = text.replacingOccurrences(of: "        subscriber.receive(completion: .finished)\n", with: "")
        XCTAssertEqual(findings(of: CustomSubscriptionIgnoresDemandRule.self, in: [(path: "A.swift", text: streaming)]).map(\.line), [4])
        // A completion in the next `case` ends another path: each value of the first case is sent on.
        let cases = text.replacingOccurrences(of: """
                _ = subscriber.receive(last)
                subscriber.receive(completion: .finished)
        """, with: """
                switch result {
                case .success(let value): _ = subscriber.receive(value)
                case .failure(let error): subscriber.receive(completion: .failure(error))
                }
        """)
        XCTAssertEqual(findings(of: CustomSubscriptionIgnoresDemandRule.self, in: [(path: "A.swift", text: cases)]).map(\.line), [4])
    }
}
