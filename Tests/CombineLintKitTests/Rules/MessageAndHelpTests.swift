import XCTest
@testable import CombineLintKit

/// The first sentence says what goes wrong; the advice is the help. Exact texts for the rules
/// whose messages are not asserted with their help elsewhere.
final class MessageAndHelpTests: XCTestCase {
    private func only(_ rule: any Rule.Type, _ files: [(path: String, text: String)]) throws -> Finding {
        let found = findings(of: rule, in: files)
        XCTAssertEqual(found.count, 1)
        return try XCTUnwrap(found.first)
    }

    func testNestedSink() throws {
        let f = try only(NestedSinkRule.self, [("A.swift", """
        final class VM {
            var bag = Set<AnyCancellable>()
            func f() { $ids.sink { [weak self] id in self?.api.load(id).sink { _ in }.store(in: &self!.bag) }.store(in: &bag) }
        }
        """)])
        XCTAssertEqual(f.message, "`sink` inside the `sink` closure of another subscription adds one more subscription to `bag` per value and never cancels the earlier ones.")
        XCTAssertEqual(f.help, "Map each value to the inner publisher and flatten it in one subscription: `flatMap`, or `map` + `switchToLatest()` to keep only the latest.")
    }

    func testRepeatedSubscription() throws {
        let f = try only(RepeatedSubscriptionRule.self, [("A.swift", """
        final class FeedViewController: UIViewController {
            private var disposeBag = Set<AnyCancellable>()
            override func viewWillAppear(_ animated: Bool) { super.viewWillAppear(animated); bind() }
            private func bind() { model.$posts.sink { [weak self] in self?.show($0) }.store(in: &disposeBag) }
        }
        """)])
        XCTAssertEqual(f.message, "`viewWillAppear(_:) → bind() → store(in:)`: each run of `viewWillAppear(_:)` adds one more live subscription to `disposeBag`, and the earlier ones keep running.")
        XCTAssertEqual(f.help, "Subscribe once (in `viewDidLoad` or `init`), or empty `disposeBag` (or keep a single `AnyCancellable?`) before subscribing again; until then values are handled several times and old requests race new ones.")
    }

    func testSubjectFakeInitialValue() throws {
        let f = try only(SubjectFakeInitialValueRule.self, [("A.swift", """
        final class ToastCenter { let toast = CurrentValueSubject<String?, Never>(nil) }
        final class Screen {
            var bag = Set<AnyCancellable>()
            init(center: ToastCenter) { center.toast.compactMap { $0 }.sink { print($0) }.store(in: &bag) }
        }
        """)])
        XCTAssertEqual(f.message, "`toast` starts at nil only for its subscribers to skip it: an event kept as state, replayed to every new subscriber.")
        XCTAssertEqual(f.help, "Send the event through a `PassthroughSubject` (exposed as an `AnyPublisher`), which keeps no value and gives each subscriber only what is sent after it subscribed.")
    }

    func testNestedObservableObject() throws {
        let f = try only(NestedObservableObjectRule.self, [("A.swift", """
        final class AppModel: ObservableObject { @Published var settings = SettingsModel() }
        final class SettingsModel: ObservableObject { @Published var dark = false }
        struct Root: View { @StateObject var model = AppModel(); var body: some View { Text("") } }
        """)])
        XCTAssertEqual(f.message, "`settings` is an ObservableObject inside an ObservableObject: views see it reassigned, never the changes inside `SettingsModel`.")
        XCTAssertEqual(f.help, "Forward its changes (`settings.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }`), pass it to the views that show it as `@ObservedObject`, or make it a struct.")
    }

    func testTimerDefaultRunLoopMode() throws {
        let f = try only(TimerDefaultRunLoopModeRule.self, [("A.swift", """
        final class Clock: ObservableObject { let tick = Timer.publish(every: 1, on: .main, in: .default).autoconnect() }
        """)])
        XCTAssertEqual(f.message, "A timer in the `.default` run loop mode does not fire while the main run loop tracks a scroll or drag.")
        XCTAssertEqual(f.help, "Schedule it `in: .common`, which covers the default and the tracking modes.")
    }

    func testDiscardedCancellable() throws {
        let f = try only(DiscardedCancellableRule.self, [("A.swift", "func f() { model.$posts.sink { print($0) } }\n")])
        XCTAssertEqual(f.message, "The AnyCancellable returned by `sink` is thrown away, so the subscription is cancelled at once.")
        XCTAssertEqual(f.help, "Keep it with `.store(in: &cancellables)` or in a property owned by whoever needs the values.")
    }
}
