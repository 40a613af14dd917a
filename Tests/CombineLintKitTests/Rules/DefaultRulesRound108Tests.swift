import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for round 108 (see the rule documents).
final class DefaultRulesRound108Tests: XCTestCase {
    /// An operator of the project's own that goes on from its receiver (`queryInput.normalizedQuery()`,
    /// a `map … removeDuplicates()` in an `extension Publisher`) keeps the subject's pipeline endless;
    /// one that takes the first value (`firstQuery()`) ends it.
    func testAProjectOperatorAfterASubjectKeepsThePipelineEndless() {
        let text = """
        extension Publisher where Output == String, Failure == Never {
            func normalizedQuery() -> AnyPublisher<String, Never> {
                map { $0.lowercased() }.removeDuplicates().eraseToAnyPublisher()
            }
            func firstQuery() -> AnyPublisher<String, Never> {
                map { $0.lowercased() }.first().eraseToAnyPublisher()
            }
        }
        final class SearchService { func search(_ q: String) -> AnyPublisher<[Int], Error> { Fail(error: URLError(.badURL)).eraseToAnyPublisher() } }
        final class SearchModel: ObservableObject {
            let queryInput = PassthroughSubject<String, Never>()
            @Published var results: [Int] = []
            let service = SearchService()
            var bag = Set<AnyCancellable>()
            func bind() {
                queryInput.normalizedQuery().setFailureType(to: Error.self)
                    .flatMap { [service] in service.search($0) }
                    .replaceError(with: [])
                    .sink { [weak self] in self?.results = $0 }
                    .store(in: &bag)
                queryInput.firstQuery().setFailureType(to: Error.self)
                    .flatMap { [service] in service.search($0) }
                    .replaceError(with: [])
                    .sink { [weak self] in self?.results = $0 }
                    .store(in: &bag)
            }
        }
        """
        let found = findings(of: ErrorHandlingOutsideFlatMapRule.self, in: [(path: "Search.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["18:14"])
    }

    /// A parameter's callers may pass a local that holds a never-finishing publisher
    /// (`let text = NotificationCenter.default.publisher(for: …).compactMap { … }`): the method's
    /// pipeline from the parameter never finishes either. A local cut by `first()` does finish.
    func testACallerPassingALocalHoldingAnEndlessPublisherMakesTheParameterEndless() {
        let text = """
        final class TakesStore { func filtered(_ q: String) -> AnyPublisher<[Int], Error> { Fail(error: URLError(.badURL)).eraseToAnyPublisher() } }
        final class TakesModel {
            let store = TakesStore()
            func liveFilter(_ text: AnyPublisher<String, Never>) -> AnyPublisher<[Int], Never> {
                text.setFailureType(to: Error.self).map { [store] in store.filtered($0) }.switchToLatest()
                    .catch { _ in Just([Int]()) }.eraseToAnyPublisher()
            }
            func onceFilter(_ text: AnyPublisher<String, Never>) -> AnyPublisher<[Int], Never> {
                text.setFailureType(to: Error.self).map { [store] in store.filtered($0) }.switchToLatest()
                    .catch { _ in Just([Int]()) }.eraseToAnyPublisher()
            }
        }
        final class TakesController: NSViewController {
            let model = TakesModel()
            var bag = Set<AnyCancellable>()
            func bind(_ field: NSSearchField) {
                let text = NotificationCenter.default.publisher(for: NSControl.textDidChangeNotification, object: field)
                    .compactMap { ($0.object as? NSSearchField)?.stringValue }
                    .eraseToAnyPublisher()
                model.liveFilter(text).sink { _ in }.store(in: &bag)
                let once = NotificationCenter.default.publisher(for: NSControl.textDidChangeNotification, object: field)
                    .compactMap { ($0.object as? NSSearchField)?.stringValue }
                    .first()
                    .eraseToAnyPublisher()
                model.onceFilter(once).sink { _ in }.store(in: &bag)
            }
        }
        """
        let found = findings(of: ErrorHandlingOutsideFlatMapRule.self, in: [(path: "Takes.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["6:14"])
    }

    /// A `flatMap` closure that starts from `Just` but goes on into a request
    /// (`Just(id).tryMap { … }.flatMap { client.forecast($0) }`) may answer late: reported. One whose
    /// later steps only make immediate publishers (`.catch { _ in Empty() }`) is not.
    func testAJustThatFlatMapsIntoARequestIsNoImmediatePublisher() {
        let text = """
        struct BadID: Error {}
        final class WeatherClient {
            func forecast(_ id: String) -> AnyPublisher<Int, Error> {
                URLSession.shared.dataTaskPublisher(for: URL(string: id)!).map { $0.data.count }.mapError { $0 as Error }.eraseToAnyPublisher()
            }
        }
        final class StationModel: ObservableObject {
            let lookupInput = PassthroughSubject<String, Never>()
            @Published var forecast = 0
            @Published var parsed = ""
            let client = WeatherClient()
            var bag = Set<AnyCancellable>()
            init() {
                lookupInput.removeDuplicates()
                    .flatMap { [client] raw in
                        Just(raw).tryMap { raw -> String in
                            guard !raw.isEmpty else { throw BadID() }
                            return raw
                        }
                        .flatMap { client.forecast($0) }
                        .replaceError(with: 0)
                    }
                    .sink { [weak self] in self?.forecast = $0 }
                    .store(in: &bag)
                lookupInput.removeDuplicates()
                    .flatMap { raw in
                        Just(raw).tryMap { raw -> String in
                            guard !raw.isEmpty else { throw BadID() }
                            return raw
                        }
                        .catch { _ in Empty<String, Never>() }
                    }
                    .sink { [weak self] in self?.parsed = $0 }
                    .store(in: &bag)
            }
        }
        """
        let found = findings(of: FlatMapWithoutSwitchRule.self, in: [(path: "Station.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["15:14"])
    }

    /// AVFAudio may call an audio tap's block on a thread other than the main one: a project
    /// `Publisher` whose subscription hands on values from `installTap(onBus:…) { … }` (through a
    /// method the block calls) delivers off main, on whatever node the code holds.
    func testAnAudioTapBlockRunsOffMain() {
        let text = """
        final class LevelSubscription<S: Subscriber>: Subscription where S.Input == Float, S.Failure == Never {
            private var subscriber: S?
            private let engine: AVAudioEngine
            init(subscriber: S, engine: AVAudioEngine) { self.subscriber = subscriber; self.engine = engine }
            func request(_ demand: Subscribers.Demand) {
                let input = engine.inputNode
                input.installTap(onBus: 0, bufferSize: 1024, format: input.outputFormat(forBus: 0)) { [weak self] buffer, _ in
                    self?.deliver(Float(buffer.frameLength))
                }
            }
            private func deliver(_ level: Float) { _ = subscriber?.receive(level) }
            func cancel() { engine.inputNode.removeTap(onBus: 0); subscriber = nil }
        }
        struct LevelPublisher: Publisher {
            typealias Output = Float
            typealias Failure = Never
            let engine: AVAudioEngine
            func receive<S: Subscriber>(subscriber: S) where S.Input == Float, S.Failure == Never {
                subscriber.receive(subscription: LevelSubscription(subscriber: subscriber, engine: engine))
            }
        }
        final class MeterModel: ObservableObject {
            @Published var level: Float = 0
            private var bag = Set<AnyCancellable>()
            init(engine: AVAudioEngine) {
                LevelPublisher(engine: engine).sink { [weak self] in self?.level = $0 }.store(in: &bag)
                LevelPublisher(engine: engine).receive(on: DispatchQueue.main).sink { [weak self] in self?.level = $0 }.store(in: &bag)
            }
        }
        struct MeterView: View {
            @ObservedObject var model: MeterModel
            var body: some View { Text("\\(model.level)") }
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "Meter.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["26:40"])
    }
}
