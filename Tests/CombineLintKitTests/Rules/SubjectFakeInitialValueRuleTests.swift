import XCTest
@testable import CombineLintKit

/// Tricky cases of `subject_fake_initial_value` beyond its document.
final class SubjectFakeInitialValueRuleTests: XCTestCase {
    func positions(_ files: [(path: String, text: String)]) -> [String] {
        findings(of: SubjectFakeInitialValueRule.self, in: files).map { "\($0.file):\($0.line):\($0.column)" }
    }

    func positions(_ text: String) -> [String] { positions([(path: "A.swift", text: text)]) }

    func testWaitingOnceForTheLatestValueIsStateNotAnEvent() {
        let buffered = """
        final class LinkHandler {
            private let pendingLink = CurrentValueSubject<Bool?, Never>(nil)
            private var token: AnyCancellable?
            func linkArrived(_ v: Bool) { pendingLink.send(v) }
            func bind() { token = pendingLink.compactMap { $0 }.first().sink { print($0) } }
        }
        """
        XCTAssertEqual(positions(buffered), [])
        let replayed = buffered.replacingOccurrences(of: ".first()", with: "")
        XCTAssertEqual(positions(replayed), ["A.swift:2:17"])
    }

    /// A read through a root of another, unrelated type (`error.message` with `error: APIError`)
    /// says nothing of the event property of the same name; a read through the declaring type
    /// (or a type it conforms to) still makes it state.
    func testReadsThroughAnUnrelatedTypeAreNotReadsOfTheProperty() {
        let model = (path: "Model.swift", text: """
        final class ToastModel: ObservableObject {
            @Published var message: String? = nil
        }
        final class ToastView {
            let model: ToastModel
            private var bag = Set<AnyCancellable>()
            init(model: ToastModel) {
                self.model = model
                model.$message.compactMap { $0 }.sink { [weak self] in self?.render($0) }.store(in: &bag)
            }
        }
        """)
        let unrelated = (path: "Errors.swift", text: """
        struct APIError { var message: String? }
        func describe(_ error: APIError) -> String { error.message ?? "" }
        """)
        XCTAssertEqual(positions([model, unrelated]), ["Model.swift:2:20"])
        let related = (path: "Banner.swift", text: """
        func title(of model: ToastModel) -> String { model.message ?? "" }
        """)
        XCTAssertEqual(positions([model, unrelated, related]), [])
    }

    func testUnknownYetStateWaitedForBeforeCombiningIsNotAnEvent() {
        let combined = """
        final class ActivationManager {
            private var isMainAppearedSubject = CurrentValueSubject<Bool?, Never>(nil)
            private var hasLinkSubject = CurrentValueSubject<Bool?, Never>(nil)
            private var subscription: AnyCancellable?
            func start(balance: AnyPublisher<Bool, Never>) {
                let appeared = isMainAppearedSubject.compactMap { $0 }
                subscription = balance
                    .combineLatest(appeared, hasLinkSubject.compactMap { $0 })
                    .sink { print($0) }
            }
        }
        """
        XCTAssertEqual(positions(combined), [])
        let consumedDirectly = """
        final class ToastCenter {
            let toast = CurrentValueSubject<String?, Never>(nil)
            private var subscription: AnyCancellable?
            func start() { subscription = toast.compactMap { $0 }.sink { print($0) } }
        }
        """
        XCTAssertEqual(positions(consumedDirectly), ["A.swift:2:9"])
    }

    func testGuardsComparingTheValueSkipNilToo() {
        let text = """
        final class FaceIDModel {
            let validateResult = CurrentValueSubject<Bool?, Never>(nil)
            let reason = CurrentValueSubject<String?, Never>(nil)
            private var bag = Set<AnyCancellable>()
            func bind() {
                validateResult.sink { r in
                    guard r == true else { return }
                    print("ok")
                }.store(in: &bag)
                reason.sink { text in
                    guard text?.isEmpty == false else { return }
                    print(text ?? "")
                }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:2:9"])
    }

    func testSamplesFireOnlyAtTheEventProperties() throws {
        XCTAssertEqual(positions(try StoreInAppearanceRuleTests.samples()), [
            "samples/App/Notifications/ToastCenter.swift:9:9", "samples/App/Notifications/ToastCenter.swift:12:22",
            "samples/App/Settings/SettingsView.swift:8:20", "samples/App/Settings/SettingsView.swift:10:20",
        ])
    }

    func testMessageAndRangeAtTheDeclarationName() {
        let text = """
        final class M: ObservableObject {
            @Published var toast: String?
            init() { $toast.compactMap { $0 }.sink { [weak self] in self?.render($0) }.store(in: &bag) }
        }
        """
        let found = findings(of: SubjectFakeInitialValueRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map(\.message), [
            "`@Published var toast` starts at nil only for its subscribers to skip it: an event kept as state, replayed to every new subscriber.",
        ])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)-\($0.endLine):\($0.endColumn)" }, ["2:20-2:25"])
    }

    func testEvidenceInAnotherFileAndTransparentOperatorsBeforeTheSkip() {
        let files = [
            (path: "Model.swift", text: """
            final class AlertModel {
                let alert = CurrentValueSubject<Alert?, Never>(nil)
                let sheet = CurrentValueSubject<Sheet?, Never>(nil)
            }
            """),
            (path: "View.swift", text: """
            final class Screen {
                init(model: AlertModel) {
                    model.alert
                        .receive(on: DispatchQueue.main)
                        .removeDuplicates()
                        .compactMap { $0 }
                        .sink { [weak self] in self?.present($0) }
                        .store(in: &bag)
                    model.sheet.map { $0?.title }.sink { [weak self] in self?.title = $0 }.store(in: &bag)
                }
            }
            """),
        ]
        XCTAssertEqual(positions(files), ["Model.swift:2:9"])
    }

    func testResetInsideTheHandlingSubscriberIsNotANilWriteElsewhere() {
        let text = """
        final class M: ObservableObject {
            @Published var toast: String?
            @Published var selection: Item?
            init() {
                $toast.sink { [weak self] text in
                    self?.show(text)
                    self?.toast = nil
                }.store(in: &bag)
                $selection.sink { [weak self] item in
                    self?.open(item)
                    self?.selection = nil
                }.store(in: &bag)
            }
            func deselect() { selection = nil }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:2:20"])
    }

    /// A method that clears an error, alert, toast or banner to nil (`clearError()`) does not make
    /// nil a state when every consumer skips it; clearing a selection does. A subject's failure
    /// type (`Error`) names no notice.
    func testANoticeClearedByAMethodIsStillAnEvent() {
        let text = """
        final class SyncService: ObservableObject {
            @Published private(set) var lastSyncError: SyncError?
            @Published var selected: Item?
            let banner = CurrentValueSubject<String?, Never>(nil)
            let pending = CurrentValueSubject<Item?, Error>(nil)
            func clearError() { lastSyncError = nil }
            func deselect() { selected = nil }
            func hideBanner() { banner.send(nil) }
            func cancel() { pending.send(nil) }
        }
        final class Screen {
            func bind(_ service: SyncService) {
                service.$lastSyncError.compactMap { $0 }.sink { show($0) }.store(in: &bag)
                service.$selected.compactMap { $0 }.sink { open($0) }.store(in: &bag)
                service.banner.compactMap { $0 }.sink { flash($0) }.store(in: &bag)
                service.pending.compactMap { $0 }.sink(receiveCompletion: { _ in }, receiveValue: { open($0) }).store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:2:33", "A.swift:4:9"])
    }

    /// `coordinator.bindFocus(model.$focus.eraseToAnyPublisher())`: the projection given whole to a
    /// project function, erased or not, is read through that function's parameter.
    func testAProjectionHandedErasedToAProjectFunction() {
        let text = """
        final class MapModel: ObservableObject {
            @Published private(set) var focus: Coordinate?
            @Published private(set) var pin: Coordinate?
            func center(on c: Coordinate) { focus = c; pin = c }
        }
        struct MapScreen: UIViewRepresentable {
            @ObservedObject var model: MapModel
            func makeUIView(context: Context) -> MKMapView {
                context.coordinator.bindFocus(model.$focus.eraseToAnyPublisher())
                context.coordinator.bindPin(model.$pin)
                return MKMapView()
            }
            final class Coordinator {
                var bag = Set<AnyCancellable>()
                func bindFocus(_ focus: AnyPublisher<Coordinate?, Never>) {
                    focus.compactMap { $0 }.sink { [weak self] in self?.render($0) }.store(in: &bag)
                }
                func bindPin(_ pin: Published<Coordinate?>.Publisher) {
                    pin.sink { print($0 as Any) }.store(in: &bag)
                }
            }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:2:33"])
    }

    func testBareReadInsideTheOwnTypeMakesItState() {
        let text = """
        final class M: ObservableObject {
            @Published var draft: Draft?
            @Published var notice: String?
            var hasDraft: Bool { draft != nil }
            func post(notice: String) { self.notice = notice }
            init() {
                $draft.compactMap { $0 }.sink { _ in }.store(in: &bag)
                $notice.compactMap { $0 }.sink { notice in print(notice) }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:3:20"])
    }

    func testNonOptionalOrNonNilStartOrLetPublishedOrLocalsAreNotCandidates() {
        let text = """
        final class M {
            let count = CurrentValueSubject<Int, Never>(0)
            let name = CurrentValueSubject<String?, Never>("x")
            let events = PassthroughSubject<String?, Never>()
            func run() {
                let local = CurrentValueSubject<String?, Never>(nil)
                local.compactMap { $0 }.sink { [weak self] in self?.render($0) }.store(in: &bag)
                count.dropFirst().sink { [weak self] in self?.render($0) }.store(in: &bag)
                name.compactMap { $0 }.sink { [weak self] in self?.render($0) }.store(in: &bag)
                events.compactMap { $0 }.sink { [weak self] in self?.render($0) }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), [])
    }

    func testSubjectValueReadMakesItState() {
        let text = """
        final class M {
            let pending = CurrentValueSubject<Job?, Never>(nil)
            let shown = CurrentValueSubject<Job?, Never>(nil)
            func bind() {
                pending.compactMap { $0 }.sink { [weak self] in self?.render($0) }.store(in: &bag)
                shown.compactMap { $0 }.sink { [weak self] in self?.render($0) }.store(in: &bag)
                if let job = self.pending.value { print(job) }
                shown.value = Job()
            }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:3:9"])
    }

    func testConsumersThroughCombiningPublishersAreFollowed() {
        let model = """
        final class EpisodeViewModel: ObservableObject {
            @Published var collection: Collection? = nil
            @Published var toast: String? = nil
            let banner = CurrentValueSubject<String?, Never>(nil)
        }
        """
        let screen = """
        final class EpisodeViewController: UIViewController {
            let viewModel = EpisodeViewModel()
            var bag = Set<AnyCancellable>()
            func bind() {
                Publishers.CombineLatest(Theme.shared.$active, viewModel.$collection)
                    .sink { [unowned self] _, collection in self.tint = collection?.color }
                    .store(in: &bag)
                Publishers.Merge(errors, viewModel.$toast)
                    .compactMap { $0 }
                    .sink { [weak self] in self?.show($0) }
                    .store(in: &bag)
                other.merge(with: viewModel.banner)
                    .sink { [weak self] text in
                        guard let text else { return }
                        self?.show(text)
                    }
                    .store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions([(path: "M.swift", text: model), (path: "S.swift", text: screen)]), ["M.swift:3:20", "M.swift:4:9"])
    }

    func testAGuardWhoseElseResetsTheScreenTreatsNilAsAState() {
        let text = """
        final class PlayerModel: ObservableObject {
            @Published var episode: Episode? = nil
            @Published var error: String? = nil
        }
        final class PlayerView {
            var bag = Set<AnyCancellable>()
            func bind(_ model: PlayerModel) {
                model.$episode.sink { [weak self] episode in
                    guard let episode else { self?.clear(); return }
                    self?.show(episode)
                }.store(in: &bag)
                model.$error.sink { [weak self] error in
                    guard let error else { return }
                    self?.alert(error)
                }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:3:20"])
    }

    /// `Optional<String>.none` and `Optional.none` start at nil as `nil` does.
    func testOptionalNoneSpelledInFullIsANilStart() {
        let text = """
        final class RegionMonitor {
            let entered = CurrentValueSubject<String?, Never>(Optional<String>.none)
            @Published var exited: String? = Optional<String>.none
            @Published var current: String? = Optional.none
        }
        final class RegionBanner {
            let monitor = RegionMonitor()
            var bag = Set<AnyCancellable>()
            init() {
                monitor.entered.sink { [weak self] region in
                    guard let region else { return }
                    self?.show(region)
                }.store(in: &bag)
                monitor.$exited.compactMap { $0 }.sink { [weak self] in self?.show($0) }.store(in: &bag)
                monitor.$current.sink { [weak self] region in self?.title = region ?? "Nowhere" }.store(in: &bag)
            }
            var title = ""
            func show(_ region: String) {}
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:2:9", "A.swift:3:20"])
    }

    /// `unauthorized ? .invalidCredentials : .network` writes one of two values, never nil: the `?` of
    /// a ternary is no optional chaining. A ternary with a `nil` branch does write nil as a state,
    /// except into a notice (an error by its type here), whose consumers all skip nil: there nil
    /// only means "nothing to show", and the last error still replays.
    func testATernaryOfTwoValuesWritesNoNil() {
        let text = """
        enum SignInError: Error { case invalidCredentials, network }
        final class Session {
            @Published var failure: SignInError?
            @Published var warning: SignInError?
            func failed(_ unauthorized: Bool) {
                failure = unauthorized ? .invalidCredentials : .network
                warning = unauthorized ? .invalidCredentials : nil
            }
        }
        final class LoginModel {
            let session = Session()
            var bag = Set<AnyCancellable>()
            var text = ""
            init() {
                session.$failure.compactMap { $0 }.sink { [weak self] in self?.text = "\\($0)" }.store(in: &bag)
                session.$warning.compactMap { $0 }.sink { [weak self] in self?.text = "\\($0)" }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:3:20", "A.swift:4:20"])
        let hint = text.replacingOccurrences(of: "@Published var warning: SignInError?", with: "@Published var warning: Hint?")
            .replacingOccurrences(of: "enum SignInError: Error { case invalidCredentials, network }",
                                  with: "enum SignInError: Error { case invalidCredentials, network }\nenum Hint { case invalidCredentials }")
        XCTAssertEqual(positions(hint), ["A.swift:4:20"])
    }

    /// The subscriber resets the event through the model that owns it (`self?.model.messageShown()`,
    /// which sets `savedMessage = nil`): that nil is its reset, not a state. A nil written by a method
    /// no subscriber calls (`discardDraft()` from a button) is a state of its own.
    func testAResetThroughTheOwnersMethodIsTheSubscribersReset() {
        let text = """
        final class EntryModel {
            @Published private(set) var savedMessage: String?
            @Published private(set) var draftTitle: String?
            func save() { savedMessage = "Saved" }
            func messageShown() { savedMessage = nil }
            func discardDraft() { draftTitle = nil }
            func edit(_ title: String) { draftTitle = title }
        }
        final class EntryController: UIViewController {
            private let model: EntryModel
            private var bag = Set<AnyCancellable>()
            init(model: EntryModel) { self.model = model; super.init(nibName: nil, bundle: nil) }
            override func viewDidLoad() {
                model.$savedMessage.sink { [weak self] message in
                    if let message {
                        self?.title = message
                        self?.model.messageShown()
                    }
                }.store(in: &bag)
                model.$draftTitle.compactMap { $0 }.sink { [weak self] in self?.navigationItem.prompt = $0 }.store(in: &bag)
            }
            @objc func cancelTapped() { model.discardDraft() }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:2:33"])
    }

    /// `banner = "Name saved"` then `asyncAfter(…) { self?.banner = nil }` in the same method takes the
    /// event back after a while: that nil is its expiry, not a state, and the view only skips nil. A
    /// nil set later with no value set before it (`hideHintLater()`) is a state of its own.
    func testANilSetAfterADelayByTheCodeThatSetTheValueIsItsExpiry() {
        let text = """
        final class AccountModel: ObservableObject {
            @Published var banner: String?
            @Published var hint: String?
            func saved() {
                banner = "Name saved"
                DispatchQueue.main.asyncAfter(deadline: .now() + 2) { [weak self] in self?.banner = nil }
            }
            func showHint(_ text: String) { hint = text }
            func hideHintLater() {
                DispatchQueue.main.asyncAfter(deadline: .now() + 5, execute: { [weak self] in self?.hint = nil })
            }
        }
        struct AccountView: View {
            @StateObject var model: AccountModel
            @State private var text = ""
            var body: some View {
                Text(text)
                    .onReceive(model.$banner.compactMap { $0 }) { text = $0 }
                    .onReceive(model.$hint.compactMap { $0 }) { text = $0 }
            }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:2:20"])
    }

    /// The subscriber hands the failure to `showFailure(_:)`, which calls `viewModel.retryFailed()`,
    /// whose body calls `chat.failureShown()`, the declaring type's reset: the event is reset by its
    /// handler through two objects. A reset called from an action (`clearTyping`) is a state write
    /// of its own (probe round 11).
    func testResetThroughTheHandlerMethodAndAForwardingMethod() {
        let text = """
        final class ChatService {
            let sendFailure = CurrentValueSubject<String?, Never>(nil)
            let typing = CurrentValueSubject<String?, Never>(nil)
            func failureShown() { sendFailure.send(nil) }
            func typingShown() { typing.send(nil) }
        }
        final class ThreadViewModel {
            let chat = ChatService()
            var failures: AnyPublisher<String?, Never> { chat.sendFailure.eraseToAnyPublisher() }
            func retryFailed() { chat.failureShown() }
        }
        final class ThreadViewController: UIViewController {
            let viewModel = ThreadViewModel()
            var cancellables = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                viewModel.failures.compactMap { $0 }.sink { [weak self] in self?.showFailure($0) }.store(in: &cancellables)
                viewModel.chat.typing.compactMap { $0 }.sink { [weak self] in self?.title = $0 }.store(in: &cancellables)
            }
            func showFailure(_ text: String) {
                title = text
                viewModel.retryFailed()
            }
            @objc func clearTyping() { viewModel.chat.typingShown() }
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:2:9"])
    }

    /// A highlight, a location or the time something last happened is a standing state: a consumer
    /// that skips its nil start waits for the first value, and a late subscriber rightly gets the
    /// latest. A request to act carrying a place, or an error about a place, is still an event
    /// (probe rounds 32-39).
    func testStandingStateNamesAreNotEvents() {
        let text = """
        final class MapModel {
            @Published private(set) var highlightedRoomID: String?
            let locationSubject = CurrentValueSubject<CLLocation?, Never>(nil)
            @Published var lastSync: Date?
            @Published var recenterRequest: CLLocationCoordinate2D? = nil
            let locationError = CurrentValueSubject<Error?, Never>(nil)
            @Published var savedAt: Date?
        }
        final class MapScreen {
            let model = MapModel()
            var bag = Set<AnyCancellable>()
            func bind() {
                model.$highlightedRoomID.compactMap { $0 }.sink { [weak self] in self?.render($0) }.store(in: &bag)
                model.locationSubject.compactMap { $0 }.sink { [weak self] in self?.render($0) }.store(in: &bag)
                model.$lastSync.compactMap { $0 }.sink { [weak self] in self?.render($0) }.store(in: &bag)
                model.$recenterRequest.compactMap { $0 }.sink { [weak self] in self?.render($0) }.store(in: &bag)
                model.locationError.compactMap { $0 }.sink { [weak self] in self?.render($0) }.store(in: &bag)
                model.$savedAt.compactMap { $0 }.sink { [weak self] in self?.render($0) }.store(in: &bag)
            }
            func render(_ value: Any) {}
        }
        """
        XCTAssertEqual(positions(text), ["A.swift:5:20", "A.swift:6:9", "A.swift:7:20"])
    }

    func testCamelCaseWords() {
        XCTAssertEqual(Catalogue.camelCaseWords("highlightedRoomID"), ["highlighted", "room", "id"])
        XCTAssertEqual(Catalogue.camelCaseWords("URLPosition"), ["url", "position"])
        XCTAssertEqual(Catalogue.camelCaseWords("last_frame"), ["last", "frame"])
        XCTAssertEqual(Catalogue.camelCaseWords("allocationFailed"), ["allocation", "failed"])
    }
}
