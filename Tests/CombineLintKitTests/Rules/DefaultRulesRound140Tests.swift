import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for rounds 140 and after (see the rule documents).
final class DefaultRulesRound140Tests: XCTestCase {
    /// (Round 140.) `reloadTickets(station: station)` with `func reloadTickets(station: Station? = nil)
    /// { … station ?? selectedStation … }` and a property that is never nil: the sink passes the new
    /// value, which is not nil, so the fallback read of the old one never runs on that call. A call
    /// that leaves `station:` out reads the old value, and so does any call when the property itself
    /// may be nil (its nil arrives as a nil argument and falls back).
    func testAFallbackBehindAnOptionalParameterForAPropertyThatIsNeverNil() {
        func text(property: String = "Station", call: String) -> String {
            """
            final class StationViewModel: ObservableObject {
                @Published var selectedStation: \(property)
                @Published private(set) var tickets: [Ticket] = []
                private var cancellables = Set<AnyCancellable>()
                init(initial: Station) {
                    selectedStation = initial
                    $selectedStation
                        .sink { [weak self] station in \(call) }
                        .store(in: &cancellables)
                }
                private func reloadTickets(station: Station? = nil) {
                    tickets = store.tickets(for: station ?? selectedStation)
                }
            }
            """
        }
        XCTAssertEqual(positions(PublishedWillSetReadRule.self, text(call: "self?.reloadTickets(station: station)")), [])
        XCTAssertEqual(positions(PublishedWillSetReadRule.self, text(call: "self?.reloadTickets()")), ["8:50"])
        XCTAssertEqual(positions(PublishedWillSetReadRule.self, text(property: "Station?", call: "self?.reloadTickets(station: station)")),
                       ["8:50"])
    }

    /// (Round 140.) `if let selected = board.selectedCard { detailPane(selected) }`, with the view's own
    /// `func detailPane(_ card: TicketCard) -> some View` reading `card.elapsedText`: the helper draws
    /// the inner object's state inside the board's view, which observes the board only, so the timer
    /// text goes stale, even though a row view elsewhere observes each card. Not when the helper
    /// hands the card to a view that observes it.
    func testAnInnerObjectHandedToTheViewsOwnDrawingHelper() {
        func files(helperBody: String) -> [SourceFile] {
            [SourceFile(path: "TicketBoard.swift", text: """
                final class TicketBoard: ObservableObject {
                    @Published var cards: [TicketCard] = []
                    @Published var selectedCard: TicketCard?
                }
                final class TicketCard: ObservableObject, Identifiable {
                    @Published private(set) var elapsedText = "00:00"
                }
                """),
             SourceFile(path: "TicketBoardView.swift", text: """
                struct TicketBoardView: View {
                    @StateObject var board = TicketBoard()
                    var body: some View {
                        HStack {
                            ForEach(board.cards) { card in TicketRow(card: card) }
                            if let selected = board.selectedCard {
                                detailPane(selected)
                            }
                        }
                    }
                    private func detailPane(_ card: TicketCard) -> some View {
                        \(helperBody)
                    }
                }
                struct TicketRow: View {
                    @ObservedObject var card: TicketCard
                    var body: some View { Text(card.elapsedText) }
                }
                """)]
        }
        XCTAssertEqual(places(files(helperBody: "Text(card.elapsedText)"), NestedObservableObjectRule()),
                       ["TicketBoard.swift:3:20 nested_observable_object"])
        XCTAssertEqual(places(files(helperBody: "TicketRow(card: card)"), NestedObservableObjectRule()), [])
    }
}

extension DefaultRulesRound140Tests {
    /// (Round 141.) `api.fetchProfile().receive(on: DispatchQueue.main)`, where the protocol extension's
    /// `fetchProfile()` returns `requestOnMain(…)` and the client's `requestOnMain` ends in
    /// `receive(on: DispatchQueue.main)`: the source already delivers on main, one function further
    /// down. Not when that function hops to another queue.
    func testAHopOfASourceThatReturnsAnotherFunctionsHop() {
        func text(queue: String) -> String {
            """
            protocol APIClientProtocol {
                func requestOnMain<T: Decodable>(_ endpoint: Endpoint, as type: T.Type) -> AnyPublisher<T, APIError>
            }
            extension APIClientProtocol {
                func fetchProfile() -> AnyPublisher<UserProfile, APIError> {
                    requestOnMain(.profile, as: UserProfile.self)
                }
            }
            final class APIClient: APIClientProtocol {
                func requestOnMain<T: Decodable>(_ endpoint: Endpoint, as type: T.Type) -> AnyPublisher<T, APIError> {
                    request(endpoint, as: type)
                        .receive(on: \(queue))
                        .eraseToAnyPublisher()
                }
            }
            final class ProfileViewModel {
                func load() {
                    api.fetchProfile()
                        .receive(on: DispatchQueue.main)
                        .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.profile = $0 })
                        .store(in: &cancellables)
                }
            }
            """
        }
        XCTAssertEqual(positions(MultipleReceiveOnRule.self, text(queue: "DispatchQueue.main")), ["19:14"])
        XCTAssertEqual(positions(MultipleReceiveOnRule.self, text(queue: "decodeQueue")), [])
    }
}

extension DefaultRulesRound140Tests {
    /// (Round 141.) `let result = tester.test(connection).share()`, with `test(_:)` ending in
    /// `receive(on: DispatchQueue.main)`, then `result.map { … }.catch { Just(…) }.receive(on:
    /// DispatchQueue.main)`: the local delivers on main, and a fallback that answers at once delivers
    /// where the failure arrived, so the hop is wasted. Not after a `catch` whose fallback is another
    /// request, which may deliver anywhere.
    func testAHopAfterALocalThatAlreadyDeliversThereAndAnImmediateFallback() {
        func text(fallback: String) -> String {
            """
            final class ConnectionTester {
                func test(_ connection: Connection) -> AnyPublisher<TestResult, Error> {
                    Future { promise in promise(.success(TestResult())) }
                        .receive(on: DispatchQueue.main)
                        .eraseToAnyPublisher()
                }
            }
            final class ConnectionEditorViewModel {
                func testConnection() {
                    let result = tester.test(makeConnection()).share()
                    result
                        .map { $0.message }
                        .catch { \(fallback) }
                        .receive(on: DispatchQueue.main)
                        .sink { [weak self] status in self?.status = status }
                        .store(in: &cancellables)
                }
            }
            """
        }
        XCTAssertEqual(positions(MultipleReceiveOnRule.self, text(fallback: "Just(\"Failed: \\($0)\")")), ["14:14"])
        XCTAssertEqual(positions(MultipleReceiveOnRule.self, text(fallback: "_ in api.lastKnownStatus()")), [])
    }
}

extension DefaultRulesRound140Tests {
    /// (Round 142.) `self.previewTitle = self.selectedResult?.article.title ?? result.article.title`
    /// in a sink of `$selectedResult`: the old selection wins whenever there is one, the value the
    /// closure was given is only the fallback, and `previewTitle` names a preview, not a previous
    /// value. Not when the closure keeps the old value on purpose (`prevTitle = …`) or prefers its
    /// own value (`result.article.title ?? self.selectedResult?.article.title`).
    func testAnOldValuePreferredOverTheNewOneAndAPreviewIsNoPreviousValue() {
        func text(statement: String) -> String {
            """
            final class SearchViewModel: ObservableObject {
                @Published var selectedResult: SearchResult?
                @Published var previewTitle = ""
                @Published var prevTitle = ""
                private var cancellables = Set<AnyCancellable>()
                init() {
                    $selectedResult
                        .compactMap { $0 }
                        .sink { [weak self] result in
                            guard let self else { return }
                            \(statement)
                        }
                        .store(in: &cancellables)
                }
            }
            """
        }
        XCTAssertEqual(positions(PublishedWillSetReadRule.self, text(statement: "self.previewTitle = self.selectedResult?.article.title ?? result.article.title")),
                       ["11:37"])
        XCTAssertEqual(positions(PublishedWillSetReadRule.self, text(statement: "self.previewTitle = self.selectedResult?.article.title ?? \"\"")), ["11:37"])
        XCTAssertEqual(positions(PublishedWillSetReadRule.self, text(statement: "self.prevTitle = self.selectedResult?.article.title ?? \"\"")), [])
        XCTAssertEqual(positions(PublishedWillSetReadRule.self, text(statement: "self.previewTitle = result.article.title ?? self.selectedResult?.article.title")), [])
    }
}

extension DefaultRulesRound140Tests {
    /// (Round 143.) `let changes = center.publisher(for: ProcessInfo.thermalStateDidChangeNotification).map { … }`
    /// inside the task, then `for await state in changes.values`: a notification publisher never
    /// finishes, through its operators, and the kept task is never cancelled. Not after a limit
    /// (`first()`), nor for a local holding the project's call, whose publisher may finish.
    func testALoopOverANotificationPublisherHeldInALocalOfTheTask() {
        func text(changes: String) -> String {
            """
            final class DeviceMonitor: ObservableObject {
                @Published private(set) var isThrottled = false
                private var thermalTask: Task<Void, Never>?
                init(center: NotificationCenter = .default) {
                    thermalTask = Task { [weak self] in
                        let changes = \(changes)
                        for await state in changes.values {
                            self?.isThrottled = state == .serious
                        }
                    }
                }
            }
            final class ChartViewModel {
                let monitor = DeviceMonitor()
            }
            """
        }
        XCTAssertEqual(positions(EndlessValuesTaskRule.self, text(changes: "center.publisher(for: ProcessInfo.thermalStateDidChangeNotification).map { _ in ProcessInfo.processInfo.thermalState }")),
                       ["5:23"])
        XCTAssertEqual(positions(EndlessValuesTaskRule.self, text(changes: "center.publisher(for: ProcessInfo.thermalStateDidChangeNotification).map { _ in ProcessInfo.processInfo.thermalState }.first()")), [])
        XCTAssertEqual(positions(EndlessValuesTaskRule.self, text(changes: "encoder.encode(file).map { $0.state }")), [])
    }
}

extension DefaultRulesRound140Tests {
    /// (Round 144.) `let query = queryInput.searchInput()`, the project's operator that trims,
    /// debounces and removes duplicates, then `query.filter { … }.flatMap { api.searchClients(query: $0) }`:
    /// typing shaped in a local, whose requests may answer out of order. Not when the project's
    /// operator only maps.
    func testAFlatMapAfterALocalShapedByTheProjectsOwnOperator() {
        func text(body: String) -> String {
            """
            extension Publisher where Output == String, Failure == Never {
                func searchInput() -> AnyPublisher<String, Never> {
                    \(body)
                }
            }
            final class ClientSearchViewModel: ObservableObject {
                let queryInput = PassthroughSubject<String, Never>()
                @Published private(set) var clients: [Client] = []
                private var cancellables = Set<AnyCancellable>()
                init(api: APIClient) {
                    let query = queryInput.searchInput()
                    query
                        .filter { $0.count >= 2 }
                        .flatMap { api.searchClients(query: $0) }
                        .receive(on: DispatchQueue.main)
                        .sink { [weak self] in self?.clients = $0 }
                        .store(in: &cancellables)
                }
            }
            """
        }
        XCTAssertEqual(positions(FlatMapWithoutSwitchRule.self, text(body: "map { $0.lowercased() }.debounce(for: .milliseconds(300), scheduler: DispatchQueue.main).removeDuplicates().eraseToAnyPublisher()")),
                       ["14:14"])
        XCTAssertEqual(positions(FlatMapWithoutSwitchRule.self, text(body: "map { $0.lowercased() }.eraseToAnyPublisher()")), [])
    }
}

extension DefaultRulesRound140Tests {
    /// (Round 145.) `$query.flatMap { text -> AnyPublisher<String?, Never> in guard … else { return
    /// Just(nil)… }; return tag.map { Just($0).eraseToAnyPublisher() } ?? Empty().eraseToAnyPublisher() }`:
    /// every path answers while it is subscribed, so nothing is in flight to overtake. Reported when
    /// one operand is a request.
    func testAFlatMapIntoAChoiceOfImmediatePublishers() {
        func text(fallback: String) -> String {
            """
            final class AutomationSearchViewModel: ObservableObject {
                @Published var query = ""
                @Published private(set) var tagFilter: String?
                init(api: API) {
                    $query
                        .flatMap { text -> AnyPublisher<String?, Never> in
                            guard text.hasPrefix("#") else { return Just(nil).eraseToAnyPublisher() }
                            let tag = text.dropFirst().split(separator: " ").first.map(String.init)
                            return tag.map { Just($0).eraseToAnyPublisher() } ?? \(fallback)
                        }
                        .assign(to: &$tagFilter)
                }
            }
            """
        }
        XCTAssertEqual(positions(FlatMapWithoutSwitchRule.self, text(fallback: "Empty().eraseToAnyPublisher()")), [])
        XCTAssertEqual(positions(FlatMapWithoutSwitchRule.self, text(fallback: "api.defaultTag()")), ["6:14"])
    }
}

extension DefaultRulesRound140Tests {
    /// (Round 146.) `Button(action: openSession) { … Text(viewModel.session.elapsedText) … }`: with the
    /// action passed by name, the trailing closure is the button's label, drawn with the view that
    /// observes the outer object only, so the read goes stale even though another view observes the
    /// session it is handed. A read in the action closure itself (`Button("Stop") { … }`) draws nothing.
    func testAReadInTheLabelOfAButtonWhoseActionIsPassedByName() {
        func files(button: String) -> [SourceFile] {
            [SourceFile(path: "DashboardViewModel.swift", text: """
                final class DashboardViewModel: ObservableObject {
                    @Published var session: SleepSessionViewModel
                    init(session: SleepSessionViewModel) { self.session = session }
                }
                final class SleepSessionViewModel: ObservableObject {
                    @Published private(set) var elapsedText = "00:00"
                }
                """),
             SourceFile(path: "DashboardView.swift", text: """
                struct DashboardView: View {
                    @ObservedObject var viewModel: DashboardViewModel
                    var openSession: () -> Void = {}
                    var body: some View {
                        List {
                            \(button)
                            SleepSessionView(viewModel: viewModel.session)
                        }
                    }
                }
                struct SleepSessionView: View {
                    @ObservedObject var viewModel: SleepSessionViewModel
                    var body: some View { Text(viewModel.elapsedText) }
                }
                """)]
        }
        XCTAssertEqual(places(files(button: "Button(action: openSession) { Text(viewModel.session.elapsedText) }"), NestedObservableObjectRule()),
                       ["DashboardViewModel.swift:2:20 nested_observable_object"])
        XCTAssertEqual(places(files(button: "Button(\"Stop\") { print(viewModel.session.elapsedText) }"), NestedObservableObjectRule()), [])
    }
}
