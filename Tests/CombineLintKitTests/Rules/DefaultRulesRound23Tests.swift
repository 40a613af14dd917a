import XCTest
@testable import CombineLintKit

/// Idioms found by the round-23 probes of the default rules (an old banking app, a logistics app).
final class DefaultRulesRound23Tests: XCTestCase {
    /// A subscription made in the closure of a pipeline that answers once is made once: a zip of
    /// two one-answer requests answers once, and a `CaseIterable` type's `allCases.publisher` gives
    /// all its values while `sink` runs. A zip with a subject's values is made per value.
    func testNestedSinkUnderAZipOfRequestsOrTheCasesOfAType() {
        let text = """
        final class RouteService {
            func customer(for id: String) -> AnyPublisher<Customer, Error> {
                Deferred { Future { promise in self.fetch(id) { promise(.success($0)) } } }.eraseToAnyPublisher()
            }
            func manifest(for id: String) -> AnyPublisher<Manifest, Error> {
                Deferred { Future { promise in self.fetch(id) { promise(.success($0)) } } }.eraseToAnyPublisher()
            }
        }
        final class ProofModel: ObservableObject {
            private let routes = RouteService()
            private let picks = PassthroughSubject<String, Never>()
            private var bag = Set<AnyCancellable>()
            @Published var name = ""
            func load(id: String) {
                Publishers.Zip(routes.customer(for: id), routes.manifest(for: id))
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] customer, manifest in
                        guard let self else { return }
                        self.routes.customer(for: manifest.id)
                            .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.name = $0.name })
                            .store(in: &self.bag)
                    })
                    .store(in: &bag)
                Section.allCases.publisher
                    .sink { [weak self] section in
                        guard let self else { return }
                        self.picks.filter { $0 == section.rawValue }
                            .sink { [weak self] in self?.name = $0 }
                            .store(in: &self.bag)
                    }
                    .store(in: &bag)
                Publishers.Zip(picks, routes.manifest(for: id))
                    .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] pick, manifest in
                        guard let self else { return }
                        self.routes.customer(for: pick)
                            .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.name = $0.name })
                            .store(in: &self.bag)
                    })
                    .store(in: &bag)
            }
        }
        """
        XCTAssertEqual(findings(of: NestedSinkRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" }, ["35:22"])
    }

    /// Inner publishers made by a project function: one that returns only `Just` answers at once, so
    /// nothing arrives out of order; one declared `AnyPublisher<…, Never>` cannot fail, so an error
    /// handler after the flattening step handles nothing. A request function is still reported.
    func testInnerPublishersOfProjectFunctions() {
        let text = """
        final class Validator {
            func validate(_ text: String) -> AnyPublisher<Bool, Never> {
                Just(text.count > 2).eraseToAnyPublisher()
            }
            func suggestions(for text: String) -> AnyPublisher<String, Never> {
                Just(text.uppercased()).eraseToAnyPublisher()
            }
        }
        final class API {
            func search(_ text: String) -> AnyPublisher<[String], Error> {
                URLSession.shared.dataTaskPublisher(for: URL(string: text)!).map { _ in [] }.mapError { $0 as Error }.eraseToAnyPublisher()
            }
        }
        final class SearchViewModel: ObservableObject {
            @Published var query = ""
            @Published var isValid = false
            @Published var hint = ""
            @Published var results: [String] = []
            private let validator = Validator()
            private let api = API()
            private var bag = Set<AnyCancellable>()
            init() {
                $query
                    .debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
                    .flatMap { self.validator.validate($0) }
                    .sink { [weak self] in self?.isValid = $0 }
                    .store(in: &bag)
                $query
                    .map { [validator] in validator.suggestions(for: $0) }
                    .switchToLatest()
                    .replaceError(with: "")
                    .sink { [weak self] in self?.hint = $0 }
                    .store(in: &bag)
                $query
                    .debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
                    .flatMap { [api] in api.search($0).replaceError(with: []) }
                    .sink { [weak self] in self?.results = $0 }
                    .store(in: &bag)
            }
        }
        """
        let files = [(path: "A.swift", text: text)]
        XCTAssertEqual(findings(of: FlatMapWithoutSwitchRule.self, in: files).map { "\($0.line):\($0.column)" }, ["36:14"])
        XCTAssertEqual(findings(of: ErrorHandlingOutsideFlatMapRule.self, in: files).map { "\($0.line):\($0.column)" }, [])
        let failing = text.replacingOccurrences(of: "func suggestions(for text: String) -> AnyPublisher<String, Never>",
                                                with: "func suggestions(for text: String) -> AnyPublisher<String, Error>")
        XCTAssertEqual(findings(of: ErrorHandlingOutsideFlatMapRule.self, in: [(path: "A.swift", text: failing)]).map { "\($0.line)" }, ["31"])
    }

    /// A nested object whose state a view receives itself (`.onReceive(model.sync.$pendingCount)`),
    /// or whose changes a helper inherited from the base class forwards (`bindChild(importer)`),
    /// leaves no view stale. One the view reads through the outer object still does.
    func testNestedObjectReceivedByTheViewOrForwardedByAnInheritedHelper() {
        let text = """
        class BaseViewModel<State>: ObservableObject {
            var cancellables = Set<AnyCancellable>()
            func bindChild<Child: ObservableObject>(_ child: Child) {
                child.objectWillChange
                    .sink { [weak self] _ in self?.objectWillChange.send() }
                    .store(in: &cancellables)
            }
        }
        final class SyncBadgeModel: ObservableObject {
            @Published var pendingCount = 0
        }
        final class ImportModel: ObservableObject {
            @Published var progress = 0.0
        }
        final class ProfileModel: ObservableObject {
            @Published var displayName = ""
        }
        final class DashboardModel: BaseViewModel<Int> {
            @Published var sync = SyncBadgeModel()
            @Published var importer = ImportModel()
            @Published var profile = ProfileModel()
            override init() {
                super.init()
                bindChild(importer)
            }
        }
        struct DashboardView: View {
            @ObservedObject var model: DashboardModel
            @State private var pendingSync = 0
            var body: some View {
                VStack {
                    Text("\\(pendingSync) waiting")
                    Text(model.profile.displayName)
                    ProgressView(value: model.importer.progress)
                }
                .onReceive(model.sync.$pendingCount) { pendingSync = $0 }
            }
        }
        """
        XCTAssertEqual(findings(of: NestedObservableObjectRule.self, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" }, ["21:20"])
    }

    /// A subject fired at start through a helper that `viewDidLoad` calls (`restoreDraft()`) has a
    /// value before anyone waits on it; one fired by a helper only a button calls does not.
    func testCombinedSubjectFiredAtStartThroughAHelper() {
        let model = """
        final class TransferViewModel {
            @Published var amount: Decimal = 0
            let accountChanged = PassthroughSubject<Account, Never>()
            let payeeChanged = PassthroughSubject<Payee, Never>()
            @Published private(set) var canSubmit = false
            private var bag = Set<AnyCancellable>()
            init() {
                Publishers.CombineLatest($amount, accountChanged)
                    .map { $0 > 0 && $0 <= $1.available }
                    .sink { [weak self] in self?.canSubmit = $0 }
                    .store(in: &bag)
                Publishers.CombineLatest($amount, payeeChanged)
                    .map { amount, _ in amount > 0 }
                    .sink { [weak self] in self?.canSubmit = $0 }
                    .store(in: &bag)
            }
        }
        """
        let screen = """
        final class TransferFormViewController: UIViewController {
            private let viewModel = TransferViewModel()
            override func viewDidLoad() {
                super.viewDidLoad()
                restoreDraft()
            }
            private func restoreDraft() {
                viewModel.accountChanged.send(Draft.saved.account)
            }
            @objc private func pickPayee() {
                choosePayee()
            }
            private func choosePayee() {
                viewModel.payeeChanged.send(Draft.saved.payee)
            }
        }
        """
        let found = findings(of: CombineLatestWithoutInitialValueRule.self, in: [(path: "Model.swift", text: model), (path: "Screen.swift", text: screen)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line)" }, ["Model.swift:12"])
    }

    /// A `receive(on:)` right before a step that delivers on its own scheduler (`debounce`,
    /// `throttle`) is a hop for nothing; one with an operator between them that needs the queue is not judged.
    func testReceiveOnRightBeforeADeliveringStep() throws {
        let text = """
        final class ChatViewModel {
            @Published var draft = ""
            private let queue = DispatchQueue(label: "upload")
            private var bag = Set<AnyCancellable>()
            init() {
                $draft
                    .receive(on: DispatchQueue.main)
                    .debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
                    .sink { print($0) }
                    .store(in: &bag)
                $draft
                    .receive(on: queue)
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                    .throttle(for: .seconds(1), scheduler: queue, latest: true)
                    .sink { print($0) }
                    .store(in: &bag)
            }
        }
        """
        let found = findings(of: MultipleReceiveOnRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["7:14"])
        let finding = try XCTUnwrap(found.first)
        XCTAssertEqual(finding.message, "`receive(on: DispatchQueue.main)` is followed directly by `debounce`, which delivers on `DispatchQueue.main` itself: every value hops to `DispatchQueue.main` for nothing.")
    }
}
