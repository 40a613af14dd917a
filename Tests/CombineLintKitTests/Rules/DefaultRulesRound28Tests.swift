import XCTest
@testable import CombineLintKit

/// Idioms found by the round-28 probes of the default rules.
final class DefaultRulesRound28Tests: XCTestCase {

    /// A tab's label (`.tabItem { Label(…) }`) is drawn with the view: reading the inner object's
    /// state there, through the outer one, is a read that no change of the inner object redraws,
    /// even though another view observes the inner object directly. A read in a tap action is not.
    func testATabItemLabelIsViewContent() {
        let text = """
        final class PortfolioStore: ObservableObject {
            @Published private(set) var total = 0.0
        }
        final class AppState: ObservableObject {
            @Published var portfolio = PortfolioStore()
        }
        struct PortfolioView: View {
            @ObservedObject var store: PortfolioStore
            var body: some View { Text("\\(store.total)") }
        }
        struct RootView: View {
            @EnvironmentObject private var app: AppState
            var body: some View {
                TabView {
                    PortfolioView(store: app.portfolio)
                        .tabItem { Label("\\(app.portfolio.total)", systemImage: "briefcase") }
                }
            }
        }
        """
        XCTAssertEqual(places(NestedObservableObjectRule.self, [(path: "A.swift", text: text)]), ["A.swift:5:20"])
        let tapped = text.replacingOccurrences(of: ".tabItem { Label(\"\\(app.portfolio.total)\", systemImage: \"briefcase\") }",
                                               with: ".onTapGesture { print(app.portfolio.total) }")
        XCTAssertEqual(places(NestedObservableObjectRule.self, [(path: "A.swift", text: tapped)]), [])
    }

    /// An outer pipeline from a project function whose every declaration ends in `collect()` delivers
    /// one value, whatever its source (here changes that never finish: then none): the subscription
    /// made in its sink is made once at most. A function
    /// whose pipeline may deliver more (no `collect()`) leaves it reported.
    func testAProjectFunctionThatCollectsDeliversOnce() {
        let text = """
        protocol NoteStoring {
            func load() -> AnyPublisher<[Note], StoreError>
        }
        final class FileNoteStore: NoteStoring {
            private let changes = PassthroughSubject<URL, Never>()
            func load() -> AnyPublisher<[Note], StoreError> {
                changes
                    .flatMap(maxPublishers: .max(1)) { url in FileReadPublisher(url: url) }
                    .collect()
                    .eraseToAnyPublisher()
            }
        }
        final class EditorWindowController: NSWindowController {
            let store: NoteStoring = FileNoteStore()
            let model = EditorModel()
            @Published var subtitle = ""
            private var cancellables = Set<AnyCancellable>()
            func bind() {
                store.load()
                    .replaceError(with: [])
                    .sink { [weak self] notes in
                        guard let self else { return }
                        self.model.$wordCount
                            .sink { [weak self] in self?.subtitle = "\\($0) words, \\(notes.count) notes" }
                            .store(in: &self.cancellables)
                    }
                    .store(in: &cancellables)
            }
        }
        final class EditorModel: ObservableObject { @Published var wordCount = 0 }
        """
        XCTAssertEqual(places(NestedSinkRule.self, [(path: "A.swift", text: text)]), [])
        // Without `collect()`, over changes that never finish: one more subscription per change.
        let streaming = text.replacingOccurrences(of: ".collect()", with: "")
        XCTAssertEqual(places(NestedSinkRule.self, [(path: "A.swift", text: streaming)]), ["A.swift:24:22"])
    }

    /// A sign-in form whose email and password fields start empty, next to a server field the code
    /// fills in: the edits that feed the combination name the fields they are about, and the filled
    /// one is not among them. Filling in the email field itself keeps the finding.
    func testAFilledFieldThatFeedsNoInputLeavesTheFormEmpty() {
        let text = """
        final class PreferencesViewController: NSViewController, NSTextFieldDelegate {
            private let emailField = NSTextField()
            private let passwordField = NSSecureTextField()
            private let serverField = NSTextField()
            private let signInButton = NSButton()
            private let emailChanged = PassthroughSubject<String, Never>()
            private let passwordChanged = PassthroughSubject<String, Never>()
            private var bag = Set<AnyCancellable>()

            override func viewDidLoad() {
                super.viewDidLoad()
                serverField.stringValue = settings.serverURLString
                Publishers.CombineLatest(emailChanged, passwordChanged)
                    .map { email, password in email.contains("@") && password.count >= 8 }
                    .assign(to: \\.isEnabled, on: signInButton)
                    .store(in: &bag)
            }

            func controlTextDidChange(_ notification: Notification) {
                guard let field = notification.object as? NSTextField else { return }
                if field === emailField { emailChanged.send(field.stringValue) }
                if field === passwordField { passwordChanged.send(field.stringValue) }
            }
        }
        """
        XCTAssertEqual(places(CombineLatestWithoutInitialValueRule.self, [(path: "A.swift", text: text)]), [])
        let prefilled = text.replacingOccurrences(of: "serverField.stringValue = settings.serverURLString",
                                                  with: "emailField.stringValue = settings.lastEmail")
        XCTAssertEqual(places(CombineLatestWithoutInitialValueRule.self, [(path: "A.swift", text: prefilled)]), ["A.swift:13:20"])
    }

    /// `LocalAmountValidator.validate($0)` runs that type's static function, which answers with a
    /// `Just` at once, not a same-named one of another type (a response check that throws).
    func testACallOnATypeByNameRunsThatTypesFunction() {
        let text = """
        enum LocalAmountValidator {
            static func validate(_ text: String) -> AnyPublisher<Bool, Never> {
                Just(Double(text) != nil).eraseToAnyPublisher()
            }
        }
        enum ResponseValidator {
            static func validate(_ output: URLSession.DataTaskPublisher.Output) throws -> Data { output.data }
        }
        final class HoldingEditorViewController: UIViewController {
            private let amountChanged = PassthroughSubject<String, Never>()
            private let amountField = UITextField()
            private var bag = Set<AnyCancellable>()
            override func viewDidLoad() {
                super.viewDidLoad()
                amountChanged
                    .removeDuplicates()
                    .flatMap { LocalAmountValidator.validate($0) }
                    .map { $0 ? UIColor.label : UIColor.systemRed }
                    .assign(to: \\.textColor, on: amountField)
                    .store(in: &bag)
            }
        }
        """
        XCTAssertEqual(places(FlatMapWithoutSwitchRule.self, [(path: "A.swift", text: text)]), [])
        // Called on a value, `validator.validate($0)` may run either.
        let onValue = text.replacingOccurrences(of: "LocalAmountValidator.validate($0)", with: "validator.validate($0)")
        XCTAssertEqual(places(FlatMapWithoutSwitchRule.self, [(path: "A.swift", text: onValue)]), ["A.swift:17:14"])
    }

    /// `let wasOn = self.showsPreview` keeps the value before the change on purpose, as `let old = …` does.
    func testAWasNameKeepsTheOldValue() {
        let text = """
        final class SettingsStore: ObservableObject {
            @Published var showsPreview = true
            private var bag = Set<AnyCancellable>()
            init() {
                $showsPreview
                    .sink { [weak self] isOn in
                        guard let self else { return }
                        let wasOn = self.showsPreview
                        if wasOn != isOn { Analytics.log("preview \\(isOn)") }
                    }
                    .store(in: &bag)
            }
        }
        """
        XCTAssertEqual(places(PublishedWillSetReadRule.self, [(path: "A.swift", text: text)]), [])
        let read = text.replacingOccurrences(of: "let wasOn = self.showsPreview\n", with: "let washed = self.showsPreview\n")
            .replacingOccurrences(of: "if wasOn != isOn", with: "if washed")
        XCTAssertEqual(places(PublishedWillSetReadRule.self, [(path: "A.swift", text: read)]), ["A.swift:8:30"])
    }

    /// A subject sent into from the sink of a pipeline that a function returns from that same subject
    /// (a feedback loop): asking where the `send` runs asked where the subject's sends run, round in
    /// circles until the stack overflowed. Now the question is answered, with no finding.
    func testASubjectFedFromItsOwnPipelineEndsTheSearch() {
        let text = """
        final class Relay {
            let values = PassthroughSubject<Int, Never>()
            var bag = Set<AnyCancellable>()
            func stream() -> AnyPublisher<Int, Never> { values.eraseToAnyPublisher() }
            func start() {
                stream().sink { [weak self] in self?.values.send($0 + 1) }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(places(MainActorBackgroundDeliveryRule.self, [(path: "A.swift", text: text)]), [])
    }

    /// A background closure inside another is read with it, once; but one inside a hop back to the
    /// main queue within it runs off main again and is read on its own. (Reading every nested closure
    /// token by token, for each closure around it, took minutes on deeply nested damaged files.)
    func testNestedBackgroundClosuresAndHopsBetweenThem() {
        let text = """
        final class Loader: ObservableObject {
            @Published var items: [Int] = []
            @Published var status = ""
            func load() {
                DispatchQueue.global().async {
                    self.status = "loading"
                    DispatchQueue.global().async { self.items = [1] }
                    DispatchQueue.main.async {
                        self.items = []
                        DispatchQueue.global().async {
                            self.status = "saved"
                        }
                    }
                }
            }
        }
        """
        XCTAssertEqual(places(PublishedBackgroundMutationRule.self, [(path: "A.swift", text: text)]),
                       ["A.swift:6:18", "A.swift:7:49", "A.swift:11:26"])
    }
}
