import XCTest
@testable import CombineLintKit

/// Classes of idiom found by reading every finding of the default (non-core) rules on whole
/// probe apps (issue #13, round 3): each test pins the exact findings of one class.
final class FlatMapTriggerSubjectTests: XCTestCase {
    /// A `Void` subject is a trigger (a tap, a refresh): one inner publisher per event is the intent,
    /// and no newer input exists that an older answer could overwrite. A subject of values is input
    /// (reported where the results replace one another: here, sinks that assign).
    func testVoidSubjectsAreTriggersAndValueSubjectsAreInput() {
        let text = """
        final class DetailModel {
            let favoriteTapped = PassthroughSubject<Void, Never>()
            private let refresh: PassthroughSubject<(), Never> = .init()
            let selectedID = PassthroughSubject<String, Never>()
            func bind() {
                favoriteTapped.flatMap { api.toggleFavorite() }.sink { _ in }.store(in: &bag)
                refresh.flatMap { _ in store.reload() }.sink { _ in }.store(in: &bag)
                selectedID.flatMap { api.item($0) }.sink { self.item = $0 }.store(in: &bag)
                let retrySubject = PassthroughSubject<Void, Never>()
                retrySubject.flatMap { api.load() }.sink { _ in }.store(in: &bag)
                let codeSubject = PassthroughSubject<Int, Never>()
                codeSubject.flatMap { api.city($0) }.sink { self.city = $0 }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(places(FlatMapWithoutSwitchRule.self, [("A.swift", text)]), ["A.swift:8:20", "A.swift:12:21"])
    }

    /// A trigger shaped by `throttle` or `debounce` is still reported: the shaper says the input comes
    /// in bursts, and pages appended per trigger may come out of order.
    func testShapedTriggersAreStillReported() {
        let text = """
        final class FeedModel {
            let reachedBottom = PassthroughSubject<Void, Never>()
            func bind() {
                reachedBottom.throttle(for: 1, scheduler: DispatchQueue.main, latest: false)
                    .flatMap { api.nextPage() }.sink { [weak self] in self?.pages.append(contentsOf: $0) }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(places(FlatMapWithoutSwitchRule.self, [("A.swift", text)]), ["A.swift:5:14"])
    }
}

final class MainActorThreadSafeMemberTests: XCTestCase {
    /// Sending into a `let` subject, logging through a `let` logger and reading a `let` constant race
    /// with nothing; a `let` view, a `var` and a method of the controller are main-actor state.
    func testLetSubjectsLoggersAndConstantsAreNotMainActorState() {
        let text = """
        import os
        final class AppLogger { func log(_ s: String) {} }
        final class AddHostController: NSWindowController {
            private let logger = Logger(subsystem: "app", category: "prefs")
            private let appLogger = AppLogger()
            private let validated = PassthroughSubject<URL, Never>()
            private let state: CurrentValueSubject<Int, Never> = .init(0)
            private let prefix = "host-"
            private let field = NSTextField()
            private var lastURL: URL?
            func bind() {
                urls.debounce(for: .seconds(1), scheduler: DispatchQueue.global())
                    .sink { [weak self] url in
                        self?.logger.debug("checking")
                        self?.appLogger.log(self?.prefix ?? "")
                        self?.validated.send(url)
                        self?.state.value += 1
                    }
                    .store(in: &bag)
                urls.receive(on: DispatchQueue.global())
                    .sink { [weak self] url in self?.logger.debug("x"); self?.field.stringValue = url.absoluteString }
                    .store(in: &bag)
                urls.receive(on: DispatchQueue.global())
                    .sink { [weak self] url in self?.lastURL = url }
                    .store(in: &bag)
                urls.receive(on: DispatchQueue.global())
                    .sink { [weak self] url in self?.reload(url) }
                    .store(in: &bag)
            }
            func reload(_ url: URL) {}
        }
        """
        let found = findings(of: MainActorBackgroundDeliveryRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["21:14", "24:14", "27:14"])
        XCTAssertEqual(found.first?.message,
                       "`sink` gets its values on `receive` on `DispatchQueue.global()` but uses main-actor `field`: a data race in Swift 5 mode, a trap in Swift 6 mode.")
    }

    /// A project type of a thread-safe name that is itself main-actor isolated is main-actor state.
    func testAMainActorProjectTypeOfTheNameIsState() {
        let text = """
        @MainActor final class Logger { var lines: [String] = [] }
        final class LogController: UIViewController {
            private let logger = Logger()
            func bind() {
                lines.receive(on: DispatchQueue.global())
                    .sink { [weak self] line in self?.logger.lines.append(line) }
                    .store(in: &bag)
            }
        }
        """
        XCTAssertEqual(places(MainActorBackgroundDeliveryRule.self, [("A.swift", text)]), ["A.swift:6:14"])
    }
}

final class TimerHeartbeatInObservableObjectTests: XCTestCase {
    /// An observable object redraws views through its published state only: a heartbeat whose own
    /// sink (and the methods it calls) changes none of it is not seen; one that does is a clock.
    func testHeartbeatsThatPublishNothingAreNotReported() {
        let text = """
        final class Heartbeat: ObservableObject {
            @Published private(set) var isConnected = false
            @Published private(set) var remaining: TimeInterval = 60
            private var sent = 0
            func startPing() {
                ping = Timer.publish(every: 1, on: .main, in: .default)
                    .autoconnect()
                    .sink { [weak self] _ in self?.beat() }
            }
            func startCountdown() {
                countdown = Timer.publish(every: 1, on: .main, in: .default)
                    .autoconnect()
                    .sink { [weak self] now in self?.tick(now) }
            }
            func startDirect() {
                direct = Timer.publish(every: 0.5, on: .main, in: .default)
                    .autoconnect()
                    .sink { [weak self] _ in self?.remaining -= 0.5 }
            }
            func startWillChange() {
                willChange = Timer.publish(every: 1, on: .main, in: .default)
                    .autoconnect()
                    .sink { [weak self] _ in self?.objectWillChange.send() }
            }
            func startAssigned() {
                assigned = Timer.publish(every: 1, on: .main, in: .default)
                    .autoconnect()
                    .map { _ in true }
                    .assign(to: \\.isConnected, on: self)
            }
            private func beat() {
                sent += 1
                socket.send(ping: sent)
            }
            private func tick(_ now: Date) { update(now) }
            private func update(_ now: Date) { remaining = max(0, deadline.timeIntervalSince(now)) }
        }
        """
        XCTAssertEqual(places(TimerDefaultRunLoopModeRule.self, [("A.swift", text)]),
                       ["A.swift:11:60", "A.swift:16:59", "A.swift:21:61", "A.swift:26:59"])
    }

    /// A method declared in an extension in another file is read too; a view's timer that uses the
    /// view is seen without reading what it changes.
    func testMethodsInOtherFilesAreFollowedAndViewsAlwaysCount() {
        let model = """
        final class PollModel: ObservableObject {
            @Published var items: [Int] = []
            func start() {
                poll = Timer.publish(every: 1, on: .main, in: .default).autoconnect()
                    .sink { [weak self] _ in self?.refresh() }
            }
        }
        """
        let ext = """
        extension PollModel {
            func refresh() { items.append(1) }
        }
        final class PollView: UIView {
            func start() {
                poll = Timer.publish(every: 1, on: .main, in: .default).autoconnect()
                    .sink { [weak self] _ in self?.tick() }
            }
            func tick() {}
        }
        """
        XCTAssertEqual(places(TimerDefaultRunLoopModeRule.self, [("A.swift", model), ("B.swift", ext)]),
                       ["A.swift:4:55", "B.swift:6:55"])
    }
}

final class CombineLatestTextFormTests: XCTestCase {
    private let controller = """
    final class AddHostController: NSWindowController, NSTextFieldDelegate {
        private let nameField = NSTextField()
        private let urlField = NSTextField()
        private let addButton = NSButton()
        private let nameChanged = PassthroughSubject<String, Never>()
        private let urlChanged = PassthroughSubject<String, Never>()
        private var bag = Set<AnyCancellable>()

        func bind() {
            let name = nameChanged.map { !$0.isEmpty }
            Publishers.CombineLatest(name, urlChanged.map { URL(string: $0) != nil })
                .map { $0 && $1 }
                .assign(to: \\.isEnabled, on: addButton)
                .store(in: &bag)
        }

        func controlTextDidChange(_ notification: Notification) {
            guard let field = notification.object as? NSTextField else { return }
            if field === nameField { nameChanged.send(field.stringValue) }
            if field === urlField { urlChanged.send(field.stringValue) }
        }

        @objc private func add() {
            nameField.stringValue = ""
            nameChanged.send("")
            urlChanged.send("")
        }
    }
    """

    /// Fields that start empty and are fed only by the user's typing: silence means "not filled in yet".
    func testAFormOfEmptyTextFieldsIsNotReported() {
        XCTAssertEqual(places(CombineLatestWithoutInitialValueRule.self, [("A.swift", controller)]), [])
    }

    /// A field the code fills in has a value the combination withholds until the user retypes it.
    func testAFieldFilledInByCodeIsReported() {
        let filled = controller.replacingOccurrences(of: "func bind() {\n", with: "func bind() {\n        urlField.stringValue = saved\n")
        XCTAssertEqual(places(CombineLatestWithoutInitialValueRule.self, [("A.swift", filled)]), ["A.swift:12:20"])
    }

    /// A label's text set by code (`statusLabel.text = …`, `NSTextField(labelWithString:)`) is output
    /// shown to the user, not a field filled in: the form still starts empty.
    func testTextWrittenIntoALabelFillsInNoField() {
        let labelled = controller
            .replacingOccurrences(of: "    private let addButton = NSButton()\n",
                                  with: "    private let addButton = NSButton()\n    private let countLabel = NSTextField(labelWithString: \"\")\n    @IBOutlet weak var hintLabel: UILabel!\n")
            .replacingOccurrences(of: "func bind() {\n",
                                  with: "func bind() {\n        countLabel.stringValue = \"\\(count) hosts\"\n        hintLabel.text = hint\n")
        XCTAssertEqual(places(CombineLatestWithoutInitialValueRule.self, [("A.swift", labelled)]), [])
        // An editable field filled in next to the label still keeps the finding.
        let filled = labelled.replacingOccurrences(of: "        hintLabel.text = hint\n",
                                                   with: "        hintLabel.text = hint\n        urlField.stringValue = saved\n")
        XCTAssertEqual(places(CombineLatestWithoutInitialValueRule.self, [("A.swift", filled)]), ["A.swift:16:20"])
    }

    /// A control with a state of its own (a segmented control's selection), or an input that already
    /// has a value (`$items`), is withheld until the user acts: reported.
    func testControlsWithStateAndMixedInputsAreReported() {
        let text = """
        final class FilterController: UIViewController, UITextFieldDelegate {
            @Published var items: [Item] = []
            private let queryChanged = PassthroughSubject<String, Never>()
            private let sortPicked = PassthroughSubject<Int, Never>()
            private var bag = Set<AnyCancellable>()

            func bind() {
                Publishers.CombineLatest(queryChanged, sortPicked).sink { _ in }.store(in: &bag)
                queryChanged.combineLatest($items).sink { _ in }.store(in: &bag)
            }

            @IBAction func queryEdited(_ sender: UITextField) { queryChanged.send(sender.text ?? "") }
            @IBAction func sortChanged(_ sender: UISegmentedControl) { sortPicked.send(sender.selectedSegmentIndex) }
        }
        """
        XCTAssertEqual(places(CombineLatestWithoutInitialValueRule.self, [("A.swift", text)]), ["A.swift:8:20", "A.swift:9:22"])
    }
}

final class NestedObservableObjectForwardingHelperTests: XCTestCase {
    /// A child handed to a helper of the type that subscribes to the parameter's `objectWillChange`
    /// is forwarded; one handed to a helper that does something else is not.
    func testAChildHandedToAForwardingHelperIsForwarded() {
        let model = """
        final class LibraryModel: ObservableObject {
            @Published var filter = FilterModel()
            @Published var player = PlayerModel()
            @Published var queue = QueueModel()
            private var bag = Set<AnyCancellable>()
            init() {
                forward(filter)
                self.observe(child: self.player)
                log(queue)
            }
        }
        """
        let helpers = """
        extension LibraryModel {
            func forward<Child: ObservableObject>(_ child: Child) {
                child.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }.store(in: &bag)
            }
            func observe(child: PlayerModel) {
                child.objectWillChange.receive(on: DispatchQueue.main).sink { [weak self] _ in self?.objectWillChange.send() }.store(in: &bag)
            }
            func log(_ child: QueueModel) { child.$items.sink { print($0) }.store(in: &bag) }
        }
        final class FilterModel: ObservableObject { @Published var query = "" }
        final class PlayerModel: ObservableObject { @Published var isPlaying = false }
        final class QueueModel: ObservableObject { @Published var items: [Int] = [] }
        struct LibraryView: View {
            @StateObject private var model = LibraryModel()
            var body: some View { Text(model.filter.query) }
        }
        """
        XCTAssertEqual(places(NestedObservableObjectRule.self, [("A.swift", model), ("B.swift", helpers)]), ["A.swift:4:20"])
    }
}

final class ExposedSubjectInPlaceChangeTests: XCTestCase {
    /// Changing a `CurrentValueSubject`'s value in place from another type sets `value`: a send from
    /// outside. Reading it (`first`, `count`) is not.
    func testInPlaceChangesFromOutsideAreSends() {
        let text = """
        final class CartStore {
            let items = CurrentValueSubject<[String], Never>([])
            let isEditing = CurrentValueSubject<Bool, Never>(false)
            let settings = CurrentValueSubject<Settings, Never>(Settings())
            let counts = CurrentValueSubject<[String: Int], Never>([:])
            let history = CurrentValueSubject<[String], Never>([])
        }
        final class CartScreen {
            let store = CartStore()
            func change() {
                store.items.value.append("x")
                store.isEditing.value.toggle()
                store.settings.value.theme = .dark
                store.counts.value.removeValue(forKey: "a")
                print(store.history.value.first(where: { $0.isEmpty }) ?? "", store.history.value.count == 0)
            }
        }
        """
        XCTAssertEqual(places(ExposedSubjectRule.self, [("A.swift", text)]), ["A.swift:6:9"])
    }
}

final class EndlessValuesTaskAppTests: XCTestCase {
    /// SwiftUI's `App` is made once at launch: a task its `init` starts frees nothing later.
    /// A view's `init` runs on every rebuild of its parent.
    func testTheAppStructLivesForTheRunAndAViewDoesNot() {
        let text = """
        @main
        struct NotesApp: App {
            init() {
                Task { for await _ in NotificationCenter.default.notifications(named: .NSSystemClockDidChange) { print("clock") } }
            }
            var body: some Scene { WindowGroup { NotesList() } }
        }
        struct NotesList: View {
            init() {
                Task { for await _ in NotificationCenter.default.notifications(named: .NSSystemClockDidChange) { print("clock") } }
            }
            var body: some View { Text("notes") }
        }
        """
        XCTAssertEqual(places(EndlessValuesTaskRule.self, [("A.swift", text)]), ["A.swift:10:9"])
    }
}

final class PublishedWillSetOldValueTests: XCTestCase {
    /// A closure that compares a read with its own parameter, or keeps a read as the old value,
    /// reads the old value on purpose; one that uses its parameter elsewhere and reads the property
    /// for the current state is one step behind.
    func testDeliberateOldValueReadsAreNotReported() {
        let text = """
        final class PlayerModel: ObservableObject {
            @Published var selection = 0
            @Published var volume = 0.5
            @Published var tab = 0
            @Published var items: [Int] = []
            private var previous = 0
            init() {
                $selection.sink { [weak self] newValue in
                    guard let self else { return }
                    if newValue != self.selection { self.previous = self.selection }
                }.store(in: &bag)
                $volume.sink { [weak self] new in
                    let old = self?.volume ?? 0
                    log("volume \\(old) -> \\(new)")
                }.store(in: &bag)
                $tab.dropFirst().sink { [weak self] new in
                    guard let self, new != self.tab else { return }
                    self.leave(self.tab)
                }.store(in: &bag)
                $items.sink { [weak self] items in
                    self?.count = items.count
                    self?.render(self?.items ?? [])
                }.store(in: &bag)
                $tab.sink { _ in
                    let old = self.tab
                    print(old)
                }.store(in: &bag)
            }
        }
        """
        XCTAssertEqual(places(PublishedWillSetReadRule.self, [("A.swift", text)]), ["A.swift:22:26", "A.swift:25:23"])
    }
}
