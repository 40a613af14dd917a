import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for rounds 151 and after (see the rule documents).
final class DefaultRulesRound151Tests: XCTestCase {
    /// (Round 152.) `Deferred { Future { promise in Task { … promise(.success(report)) } } }` in a
    /// method of a plain class: a `Task` inherits the isolation of the context that starts it, and
    /// a nonisolated one starts it on the global executor, so the promise is called off the main
    /// thread and a sink without a hop sets main-actor state from there. A main-actor service (or a
    /// task written `@MainActor in`) fulfils it on main; a task started in a closure handed to some
    /// other call is left open (that closure may be main-actor by its parameter's type).
    func testAFutureFulfilledInATaskStartedInANonisolatedContextDeliversOffMain() {
        func text(service: String = "", task: String = "Task {", around: (String, String) = ("", "")) -> String {
            """
            \(service)final class ConditionsService {
                let api = ConditionsAPI()
                func report(for id: String) -> AnyPublisher<Int, Never> {
                    Deferred {
                        Future<Int, Never> { promise in
                            \(around.0)\(task)
                                let report = await self.api.fetch(id)
                                promise(.success(report))
                            }\(around.1)
                        }
                    }
                    .eraseToAnyPublisher()
                }
            }
            final class BannerModel: ObservableObject {
                @Published var severity = 0
                let service = ConditionsService()
                var bag = Set<AnyCancellable>()
                func load() {
                    service.report(for: "a")
                        .sink { [weak self] value in self?.severity = value }
                        .store(in: &bag)
                }
            }
            struct BannerView: View {
                @StateObject var model = BannerModel()
                var body: some View { Text("\\(model.severity)") }
            }
            """
        }
        XCTAssertEqual(positions(MainActorBackgroundDeliveryRule.self, text()), ["21:14"])
        XCTAssertEqual(positions(MainActorBackgroundDeliveryRule.self, text(service: "@MainActor ")), [])
        XCTAssertEqual(positions(MainActorBackgroundDeliveryRule.self, text(task: "Task { @MainActor in")), [])
        XCTAssertEqual(positions(MainActorBackgroundDeliveryRule.self, text(around: ("self.api.whenReady {", "}"))), [])
    }

    /// (Round 152.) A sink in a method given the map's annotation view as a parameter
    /// (`loadConditions(for:annotationView:)`) sets `annotationView.markerTintColor`: the closure
    /// captures the view without a capture list, and a MapKit view is main-actor state as a UIKit
    /// one is. Behind `receive(on: DispatchQueue.main)` it runs on main; a value of a plain type
    /// (`let marker = Marker()`) is no main-actor state.
    func testAMainActorViewTheClosureCapturesWithoutACaptureList() {
        func text(hop: String = "", parameter: String = "annotationView: MKMarkerAnnotationView") -> String {
            """
            final class LaunchMapViewController: UIViewController {
                var requests: [String: AnyCancellable] = [:]
                func loadConditions(for id: String, \(parameter)) {
                    requests[id] = URLSession.shared.dataTaskPublisher(for: URL(string: id)!)
                        .map { $0.data.count }
                        .replaceError(with: 0)\(hop)
                        .sink { count in
                            annotationView.markerTintColor = count > 0 ? .systemRed : .systemTeal
                        }
                }
            }
            final class Marker {
                var markerTintColor: Int = 0
            }
            """
        }
        XCTAssertEqual(positions(MainActorBackgroundDeliveryRule.self, text()), ["7:14"])
        XCTAssertEqual(positions(MainActorBackgroundDeliveryRule.self, text(hop: ".receive(on: DispatchQueue.main)")), [])
        XCTAssertEqual(positions(MainActorBackgroundDeliveryRule.self, text(parameter: "annotationView: Marker")), [])
    }

    /// (Round 152.) `gate.acquire()` returns a bare `Future`, and its caller chains
    /// `.flatMap { post }.retryWithBackoff(3)`, the project's operator whose `catch` subscribes to
    /// `self` again: a retry, which gets the Future's cached result instead of a new token. A
    /// `Deferred` one starts anew; an operator whose `self` is its first subscription
    /// (`withCheckedContinuation { self.first().sink { … } }`) retries nothing.
    func testAProjectOperatorThatResubscribesItsUpstreamRetriesAFuture() {
        func text(made: String = "Future { promise in promise(.success(1)) }", use: String = "gate.acquire().retryWithBackoff(3).sink(receiveCompletion: { _ in }, receiveValue: { _ in }).store(in: &bag)") -> String {
            """
            extension Publisher {
                func retryWithBackoff(_ attempts: Int) -> AnyPublisher<Output, Failure> {
                    self.catch { error -> AnyPublisher<Output, Failure> in
                        guard attempts > 0 else { return Fail(error: error).eraseToAnyPublisher() }
                        return Just(()).setFailureType(to: Failure.self)
                            .flatMap { _ in self.retryWithBackoff(attempts - 1) }
                            .eraseToAnyPublisher()
                    }
                    .eraseToAnyPublisher()
                }
                func firstValue(in set: inout Set<AnyCancellable>) async -> Output? {
                    await withCheckedContinuation { continuation in
                        self.first().sink(receiveCompletion: { _ in }, receiveValue: { continuation.resume(returning: $0) }).store(in: &set)
                    }
                }
            }
            final class RequestGate {
                func acquire() -> AnyPublisher<Int, Error> {
                    \(made).eraseToAnyPublisher()
                }
            }
            final class Uploader {
                let gate = RequestGate()
                var bag = Set<AnyCancellable>()
                func start() async {
                    \(use)
                }
            }
            """
        }
        let found = findings(of: FutureWithoutDeferredRule.self, in: [(path: "A.swift", text: text())])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["19:9"])
        XCTAssertEqual(found.first?.message, "`retryWithBackoff(…)` resubscribes (as `retry` does) to this `Future`, which replays its cached failure instead of running the work again.")
        XCTAssertEqual(positions(FutureWithoutDeferredRule.self, text(made: "Deferred { Future { promise in promise(.success(1)) } }")), [])
        XCTAssertEqual(positions(FutureWithoutDeferredRule.self, text(use: "let value = await gate.acquire().firstValue(in: &bag); print(value as Any)")), [])
    }

    /// (Round 154.) `$history.flatMap { $0.$samples }` where only the initializer sets `history`
    /// (`history.append(frame)` changes the object, a class, not the reference the property
    /// publishes): `$history` gives one value, so one inner publisher runs and none goes stale.
    /// Set again in a method, or by `assign(to: &$history)`, each new object adds an inner
    /// subscription that the old ones outlive; a struct changed in place publishes too.
    func testAFlatMapOnAPropertyOnlyTheInitializerSetsSubscribesOnce() {
        func text(kind: String = "final class", extra: String = "", method: String = "history.append(1)") -> String {
            """
            \(kind) TemperatureHistory: ObservableObject {
                @Published var samples: [Int] = []
                func append(_ value: Int) {}
            }
            final class TelemetryViewModel: ObservableObject {
                @Published var history: TemperatureHistory
                @Published var hotend = 0
                init() {
                    self.history = TemperatureHistory()
                    $history
                        .flatMap { history in history.$samples }
                        .map { $0.last ?? 0 }
                        .assign(to: &$hotend)
                    \(extra)
                }
                func record() {
                    \(method)
                }
            }
            """
        }
        XCTAssertEqual(positions(FlatMapWithoutSwitchRule.self, text()), [])
        XCTAssertEqual(positions(FlatMapWithoutSwitchRule.self, text(method: "history = TemperatureHistory()")), ["11:14"])
        XCTAssertEqual(positions(FlatMapWithoutSwitchRule.self, text(extra: "Just(TemperatureHistory()).assign(to: &$history)")), ["11:14"])
        XCTAssertEqual(positions(FlatMapWithoutSwitchRule.self, text(kind: "struct")), ["11:14"])
        XCTAssertEqual(positions(FlatMapWithoutSwitchRule.self, text(extra: "_ = $model.history", method: "")), ["11:14"])
        XCTAssertEqual(positions(FlatMapWithoutSwitchRule.self, text(method: "").replacingOccurrences(of: "self.history = TemperatureHistory()", with: "")
            .replacingOccurrences(of: "var history: TemperatureHistory", with: "var history = TemperatureHistory()")), ["11:14"])
    }

    /// (Rounds 154, 155.) `logStore.entries` is a computed property ending in `.receive(on:
    /// DispatchQueue.main).eraseToAnyPublisher()`, so a second `receive(on: DispatchQueue.main)` after
    /// it hops again. The screen's own `private var entries: [LogEntry]` holds values, not a pipeline,
    /// and does not hide the store's; a stored publisher of the name, whose value is not known, does.
    func testAnotherTypesStoredValuesOfTheNameDoNotHideAComputedSourcesHop() {
        func text(screenEntries: String = "private var entries: [Int] = []") -> String {
            """
            final class ErrorLogStore {
                private let subject = CurrentValueSubject<[Int], Never>([])
                var entries: AnyPublisher<[Int], Never> {
                    subject.receive(on: DispatchQueue.main).eraseToAnyPublisher()
                }
            }
            final class ErrorLogViewController: NSViewController {
                let logStore = ErrorLogStore()
                \(screenEntries)
                var bag = Set<AnyCancellable>()
                override func viewDidLoad() {
                    super.viewDidLoad()
                    logStore.entries
                        .receive(on: DispatchQueue.main)
                        .sink { [weak self] in self?.title = "\\($0.count)" }
                        .store(in: &bag)
                }
            }
            """
        }
        XCTAssertEqual(positions(MultipleReceiveOnRule.self, text()), ["14:14"])
        XCTAssertEqual(positions(MultipleReceiveOnRule.self, text(screenEntries: "let entries: AnyPublisher<[Int], Never> = Empty().eraseToAnyPublisher()")), [])
    }

    /// (Round 156.) A root view observing the app's environment passes `environment.home.feeding`
    /// on to the view that observes it: `feeding` is an `@Published` property of the inner object
    /// that only its initializer sets, so the value read through the outer object never changes and
    /// no view goes stale. Set again in a method, the root view would keep handing on the old one.
    func testAnInnerPropertyOnlyTheInitializerSetsIsNoChangingStateReadThroughTheOuter() {
        func text(method: String = "") -> String {
            """
            final class FeedingModel: ObservableObject {
                @Published var times: [Int] = []
            }
            final class HomeModel: ObservableObject {
                @Published var feeding: FeedingModel
                init(feeding: FeedingModel) {
                    self.feeding = feeding
                }
                func reset() {
                    \(method)
                }
            }
            final class AppEnvironment: ObservableObject {
                let home = HomeModel(feeding: FeedingModel())
            }
            struct RootView: View {
                @EnvironmentObject var environment: AppEnvironment
                var body: some View { FeedingView(model: environment.home.feeding) }
            }
            struct FeedingView: View {
                @ObservedObject var model: FeedingModel
                var body: some View { Text("\\(model.times.count)") }
            }
            """
        }
        XCTAssertEqual(positions(NestedObservableObjectRule.self, text()), [])
        XCTAssertEqual(positions(NestedObservableObjectRule.self, text(method: "feeding = FeedingModel()")), ["14:9"])
    }
}
