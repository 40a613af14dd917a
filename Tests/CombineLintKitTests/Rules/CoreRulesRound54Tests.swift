import XCTest
@testable import CombineLintKit

/// Idioms found by the round-54 probes (a library-lending app, an astronomy app for macOS and iPad,
/// an event-venue staff app, a marina app).
final class CoreRulesRound54Tests: XCTestCase {

    /// `forecasts[id]` of a `[String: Future<String, Never>]`: a cached `Future` answers once and
    /// finishes, so `assign(to: &$forecast)` run on every appearance leaves nothing subscribed.
    /// The same call returning a subject's values piles up.
    func testACachedFutureReadFromADictionaryFinishes() {
        let text = """
        final class Cache {
            private var futures: [String: Future<String, Never>] = [:]
            private let updates = PassthroughSubject<String, Never>()
            func summary(for id: String) -> AnyPublisher<String, Never> {
                if let existing = futures[id] { return existing.eraseToAnyPublisher() }
                let future = Future<String, Never> { promise in promise(.success(id)) }
                futures[id] = future
                return future.eraseToAnyPublisher()
            }
        }
        final class BerthsModel: ObservableObject {
            @Published private(set) var forecast = ""
            private let cache = Cache()
            func load() {
                cache.summary(for: "north")
                    .receive(on: DispatchQueue.main)
                    .assign(to: &$forecast)
            }
        }
        struct BerthsView: View {
            @ObservedObject var model: BerthsModel
            var body: some View { Text(model.forecast).onAppear { model.load() } }
        }
        """
        XCTAssertEqual(places(PublishedAssignCycleRule.self, [(path: "A.swift", text: text)]), [])
        let endless = text.replacingOccurrences(of: "if let existing = futures[id] { return existing.eraseToAnyPublisher() }",
                                                with: "return updates.eraseToAnyPublisher()")
        XCTAssertEqual(places(PublishedAssignCycleRule.self, [(path: "A.swift", text: endless)]), ["A.swift:17:14"])
    }

    /// A subscription made in the `sink` of a request that answers once (`Just(id).flatMap { … }`)
    /// is made once per run of its method; run from `.onAppear`, each appearance adds one more live
    /// subscription to the bag. Inside a sink on a never-finishing source it is `nested_sink`'s.
    func testASubscriptionInsideAOnceAnsweringSinkRunsPerCallOfItsMethod() {
        let text = """
        final class OccupancyFeed {
            private let subject = PassthroughSubject<Int, Never>()
            func updates(for id: String) -> AnyPublisher<Int, Never> { subject.eraseToAnyPublisher() }
        }
        final class BerthListModel: ObservableObject {
            @Published private(set) var occupied: [Int] = []
            @Published var marina = "north"
            private let feed = OccupancyFeed()
            private var cancellables = Set<AnyCancellable>()
            func load() {
                Just(marina)
                    .receive(on: DispatchQueue.main)
                    .sink { [weak self] id in
                        guard let self else { return }
                        self.feed.updates(for: id)
                            .sink { [weak self] value in self?.occupied.append(value) }
                            .store(in: &self.cancellables)
                    }
                    .store(in: &cancellables)
            }
        }
        struct BerthListView: View {
            @ObservedObject var model: BerthListModel
            var body: some View { Text("Berths").onAppear { model.load() } }
        }
        """
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: text)]), ["A.swift:17:22"])
        let endlessOuter = text.replacingOccurrences(of: "Just(marina)", with: "$marina")
        // The outer subscription itself now piles up; the inner one is `nested_sink`'s.
        XCTAssertEqual(places(RepeatedSubscriptionRule.self, [(path: "A.swift", text: endlessOuter)]), ["A.swift:19:14"])
        XCTAssertEqual(places(NestedSinkRule.self, [(path: "A.swift", text: endlessOuter)]), ["A.swift:16:22"])
    }

    /// `loans.checkOut(basket)` through a protocol (most often a request) then `flatMap` into a
    /// subject's values: once the request answers, the pipeline lives as long as the subject, so
    /// the strong `self` in its closures is a cycle through the bag.
    func testAFlatMapIntoANeverFinishingPublisherDecidesAnUndecidedSource() {
        let text = """
        protocol LoanServicing {
            func checkOut(_ id: Int) -> AnyPublisher<Int, Error>
            func dueDates(for id: Int) -> AnyPublisher<Date, Never>
        }
        final class LoanService: LoanServicing {
            private let dueSubject = CurrentValueSubject<Date, Never>(Date())
            func checkOut(_ id: Int) -> AnyPublisher<Int, Error> {
                Future { promise in promise(.success(id)) }.eraseToAnyPublisher()
            }
            func dueDates(for id: Int) -> AnyPublisher<Date, Never> { dueSubject.eraseToAnyPublisher() }
        }
        final class CheckoutViewModel {
            let loans: LoanServicing = LoanService()
            var dueText = ""
            private var cancellables = Set<AnyCancellable>()
            func confirm() {
                loans.checkOut(1)
                    .flatMap { id in
                        self.loans.dueDates(for: id).setFailureType(to: Error.self)
                    }
                    .sink(receiveCompletion: { _ in }, receiveValue: { date in self.dueText = "\\(date)" })
                    .store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(places(StrongSelfCaptureRule.self, [(path: "A.swift", text: text)]), ["A.swift:19:17", "A.swift:21:72"])
        // Without the inner subject the request answers and lets go of `self`.
        let request = text.replacingOccurrences(of: "self.loans.dueDates(for: id).setFailureType(to: Error.self)",
                                                with: "self.loans.checkOut(id)")
        XCTAssertEqual(places(StrongSelfCaptureRule.self, [(path: "A.swift", text: request)]), [])
    }

    /// `Self.themes.publisher`, `Shelves.themes.publisher` and `other.publisher` of properties given an
    /// array literal without a written type: a sequence's publisher, which gives its values and
    /// finishes, so the strong `self` of its closures is released.
    func testAnUntypedArrayLiteralPropertyIsASequence() {
        let text = """
        final class Shelves {
            static let themes = ["maps", "poetry"]
            private let other = ["a", "b"]
            private var titles: [String] = []
            private var cancellables = Set<AnyCancellable>()
            func load() {
                Self.themes.publisher.map { $0 }.collect().sink { t in self.titles = t }.store(in: &cancellables)
                Shelves.themes.publisher.sink { t in self.titles.append(t) }.store(in: &cancellables)
                other.publisher.sink { t in self.titles.append(t) }.store(in: &cancellables)
                titlesSubject.sink { t in self.titles = t }.store(in: &cancellables)
            }
            let titlesSubject = PassthroughSubject<[String], Never>()
        }
        """
        XCTAssertEqual(places(StrongSelfCaptureRule.self, [(path: "A.swift", text: text)]), ["A.swift:10:35"])
    }

    /// `let watchdog = …sink { … }` read only for its identity or in a string: nothing keeps the
    /// token, so the subscription ends with the method. Read inside a closure, it is captured.
    func testATokenReadOnlyForItsIdentityIsDropped() {
        let text = """
        final class ChannelPicker {
            let state = PassthroughSubject<Int, Never>()
            func startWatchdog() {
                let watchdog = state.sink { print($0) }
                log("armed \\(ObjectIdentifier(watchdog))")
            }
            func startLogged() {
                let token = state.sink { print($0) }
                log("armed \\(token)")
            }
            func startKept() {
                let token = state.sink { print($0) }
                DispatchQueue.main.asyncAfter(deadline: .now() + 5) { print(token) }
            }
            func log(_ text: String) {}
        }
        """
        XCTAssertEqual(places(DiscardedCancellableRule.self, [(path: "A.swift", text: text)]), ["A.swift:4:30", "A.swift:8:27"])
    }
}
