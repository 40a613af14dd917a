import XCTest
@testable import CombineLintKit

/// Idioms found by the round-27 probes of the default rules (a meal planner with a watch-like
/// companion, a fleet tracker with a dispatcher console).
final class DefaultRulesRound27Tests: XCTestCase {
    /// `NotificationPermission.request()` calls `request(center:)` through its default argument and
    /// subscribes at once; `subscription.request(.unlimited)` as a statement is another function (a
    /// `Subscription`'s), whose labels `request(center:)` cannot take: it does not make the `Future`
    /// look unsubscribed.
    func testACallWhoseLabelsTheFunctionCannotTakeIsAnotherFunctions() {
        let text = """
        enum NotificationPermission {
            static func request(center: UNUserNotificationCenter = .current()) -> Future<Bool, Never> {
                Future { promise in
                    center.requestAuthorization(options: [.alert]) { granted, _ in promise(.success(granted)) }
                }
            }
        }
        final class AppCoordinator {
            func start() {
                NotificationPermission.request()
                    .receive(on: DispatchQueue.main)
                    .sink { [weak self] in self?.granted = $0 }
                    .store(in: &cancellables)
            }
        }
        final class Forwarder: Subscriber {
            var subscription: Subscription?
            func receive(subscription: Subscription) {
                self.subscription = subscription
                subscription.request(.unlimited)
            }
        }
        """
        XCTAssertEqual(findings(of: FutureWithoutDeferredRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" }, [])
    }

    /// A subject handed to a SwiftUI struct's memberwise initializer (`ChatComposer(output:
    /// model.outgoing)` with `let output: PassthroughSubject<String, Never>`) is sent into by that
    /// struct: an input by design, not an exposed subject. One handed to a struct that keeps an
    /// erased publisher is still only sent into by its own type.
    func testASubjectHandedToAMemberwiseInitializerIsFedFromOutside() {
        let text = """
        final class DriverChatViewModel: ObservableObject {
            let outgoing = PassthroughSubject<String, Never>()
            let incoming = PassthroughSubject<String, Never>()
            func receive(_ text: String) { incoming.send(text) }
        }
        struct ChatComposer: View {
            let output: PassthroughSubject<String, Never>
            @State private var text = ""
            var body: some View { Button("Send") { output.send(text) } }
        }
        struct ChatLog: View {
            let messages: AnyPublisher<String, Never>
            var body: some View { Text("") }
        }
        struct DriverChatView: View {
            @StateObject var model = DriverChatViewModel()
            var body: some View {
                VStack {
                    ChatLog(messages: model.incoming.eraseToAnyPublisher())
                    ChatComposer(output: model.outgoing)
                }
            }
        }
        """
        XCTAssertEqual(findings(of: ExposedSubjectRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" }, ["3:9"])
    }
}
