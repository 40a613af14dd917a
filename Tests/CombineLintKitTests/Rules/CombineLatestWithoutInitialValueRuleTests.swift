import XCTest
@testable import CombineLintKit

final class CombineLatestWithoutInitialValueRuleTests: XCTestCase {
    func testMessageNamesTheWaitingInputAndItsKind() throws {
        let text = """
        final class Model {
            @Published var email = ""
            let passwordChanged = PassthroughSubject<String, Never>()
            init() {
                Publishers.CombineLatest($email, passwordChanged).sink { print($0) }.store(in: &bag)
            }
        }

        """
        let found = findings(of: CombineLatestWithoutInitialValueRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.ruleID) \($0.line):\($0.column)-\($0.endLine):\($0.endColumn)" },
                       ["combinelatest_without_initial_value 5:20-5:33"])
        let finding = try XCTUnwrap(found.first)
        XCTAssertEqual(finding.message, "`Publishers.CombineLatest` emits nothing until `passwordChanged` does: a `PassthroughSubject` has no current value.")
        XCTAssertNil(finding.fix)
        XCTAssertEqual(finding.related, [])
    }

    /// An erased property of another file's type is followed to the subject its getter returns, and the finding points there.
    func testPropertyOfAnotherFileIsResolvedThroughTheIndex() throws {
        let view = """
        final class FormView {
            let model = FormModel()
            func bind() {
                model.$name.combineLatest(model.submitted).sink { print($0) }.store(in: &bag)
            }
        }

        """
        let model = """
        final class FormModel {
            @Published var name = ""
            private let submitSubject = PassthroughSubject<Void, Never>()
            var submitted: AnyPublisher<Void, Never> {
                submitSubject
                    .eraseToAnyPublisher()
            }
        }

        """
        let found = findings(of: CombineLatestWithoutInitialValueRule.self, in: [(path: "View.swift", text: view), (path: "Model.swift", text: model)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["View.swift:4:21"])
        let finding = try XCTUnwrap(found.first)
        // A `Void` subject is a trigger: the message says what goes wrong once it has fired.
        XCTAssertEqual(finding.message, "`combineLatest` emits again on every change of its other inputs once the trigger `model.submitted` has fired, repeating the action.")
        XCTAssertEqual(finding.related.map { "\($0.file):\($0.line):\($0.column) \($0.message)" },
                       ["Model.swift:3:33 declared here, with no current value"])
    }

    func testEachInputKindIsJudged() {
        let text = """
        final class Kinds {
            @Published var a = 0
            let current = CurrentValueSubject<Int, Never>(0)
            let plain = PassthroughSubject<Int, Never>()
            let unknown: SomePublisher
            func bind(center: NotificationCenter) {
                $a.combineLatest(current).sink { _ in }.store(in: &bag)
                $a.combineLatest(unknown).sink { _ in }.store(in: &bag)
                $a.combineLatest(center.publisher(for: .didChange)).sink { _ in }.store(in: &bag)
                $a.combineLatest(plain.prepend(0)).sink { _ in }.store(in: &bag)
                plain.combineLatest($a).sink { _ in }.store(in: &bag)
                $a.combineLatest(current, objectWillChange).sink { _ in }.store(in: &bag)
                $a.combineLatest(plain.merge(with: current)).sink { _ in }.store(in: &bag)
                $a.combineLatest(plain.map { $0 + 1 }.removeDuplicates()).sink { _ in }.store(in: &bag)
            }
        }

        """
        let found = findings(of: CombineLatestWithoutInitialValueRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["9:12", "11:15", "12:12", "14:12"])
    }

    /// A local subject that the same body sends into after subscribing, and any test case that
    /// drives its inputs itself, get their first values at once.
    func testInputsTheCodeFeedsItselfAreNotReported() {
        let found = findings(of: CombineLatestWithoutInitialValueRule.self, in: [(path: "A.swift", text: """
        final class Wiring {
            @Published var name = ""
            let taps = PassthroughSubject<Int, Never>()
            func run() {
                let local = PassthroughSubject<Int, Never>()
                let c = local.combineLatest($name).sink { print($0) }
                local.send(1)
                let d = $name.combineLatest(taps).sink { print($0) }
                _ = (c, d)
            }
        }
        final class LatestTests: XCTestCase {
            func testBoth() {
                let a = PassthroughSubject<Int, Never>()
                let b = PassthroughSubject<Int, Never>()
                let c = a.combineLatest(b).sink { print($0) }
                a.send(1); b.send(2); c.cancel()
            }
        }
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["8:23"])
    }

    /// A subject property sent into right after the wiring, in the same body, starts the
    /// combination at once; a send in a closure, or before subscribing, does not.
    func testAPropertySentIntoLaterInTheSameBody() {
        let found = findings(of: CombineLatestWithoutInitialValueRule.self, in: [(path: "A.swift", text: """
        final class Wiring {
            @Published var name = ""
            let reload = PassthroughSubject<Int, Never>()
            let taps = PassthroughSubject<Int, Never>()
            init() {
                reload.combineLatest($name).sink { print($0) }.store(in: &bag)
                self.reload.send(1)
                taps.send(1)
                taps.combineLatest($name).sink { print($0) }.store(in: &bag)
                DispatchQueue.main.async { self.taps.send(2) }
            }
        }
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["9:14"])
    }

    /// A `Void` subject is a trigger: waiting for the tap is meant, but once it has fired every change
    /// of another input emits again, and the message says that.
    func testAVoidTriggerIsReportedForFiringAgain() throws {
        let text = """
        final class Editor {
            @Published var amount = ""
            private let saveTapped = PassthroughSubject<Void, Never>()
            init() {
                saveTapped.combineLatest($amount).sink { _ in self.save() }.store(in: &bag)
            }
            func tap() { saveTapped.send(()) }
        }
        """
        let found = findings(of: CombineLatestWithoutInitialValueRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["5:20"])
        let finding = try XCTUnwrap(found.first)
        XCTAssertEqual(finding.message, "`combineLatest` emits again on every change of its other inputs once the trigger `saveTapped` has fired, repeating the action.")
        XCTAssertEqual(finding.help, CombineLatestWithoutInitialValueRule.triggerHelp)
        // State derived from the inputs follows them: there the waiting is what goes wrong.
        let derived = text.replacingOccurrences(of: ".sink { _ in self.save() }.store(in: &bag)", with: ".map { $1 }.assign(to: &$shown)")
        let state = try XCTUnwrap(findings(of: CombineLatestWithoutInitialValueRule.self, in: [(path: "A.swift", text: derived)]).first)
        XCTAssertEqual(state.message, "`combineLatest` emits nothing until `saveTapped` does: a `PassthroughSubject` has no current value.")
    }

    /// A timer written to tick every second or faster delivers within that interval; a slower one,
    /// or one whose interval is a name, leaves the combination silent for as long.
    func testTimerTickingWithinASecondIsNotWaitedFor() {
        let text = """
        final class Clock: UIViewController {
            @Published var refreshed = Date()
            func bind(interval: TimeInterval) {
                Timer.publish(every: 1, on: .main, in: .common).autoconnect().combineLatest($refreshed).sink { print($0) }.store(in: &bag)
                Timer.publish(every: 0.25, on: .main, in: .common).autoconnect().combineLatest($refreshed).sink { print($0) }.store(in: &bag)
                Timer.publish(every: 60, on: .main, in: .common).autoconnect().combineLatest($refreshed).sink { print($0) }.store(in: &bag)
                Timer.publish(every: interval, on: .main, in: .common).autoconnect().combineLatest($refreshed).sink { print($0) }.store(in: &bag)
                // Timer.publish(every: 60, on: .main, in: .common).autoconnect().combineLatest($refreshed)
                let text = "Timer.publish(every: 60, on: .main, in: .common).autoconnect().combineLatest($refreshed)"
            }
        }
        """
        let found = findings(of: CombineLatestWithoutInitialValueRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.ruleID) \($0.line):\($0.column)" },
                       ["combinelatest_without_initial_value 6:72", "combinelatest_without_initial_value 7:78"])
    }

    /// Triggers combined with triggers: firing again is meant; nothing runs before each has fired.
    func testTriggersCombinedWithTriggersWaitForEveryOne() throws {
        let text = """
        final class Dashboard {
            let refreshTapped = PassthroughSubject<Void, Never>()
            let appBecameActive = PassthroughSubject<Void, Never>()
            @Published var filter = 0
            init() {
                refreshTapped.combineLatest(appBecameActive).sink { [weak self] _ in self?.load() }.store(in: &bag)
                refreshTapped.combineLatest($filter).sink { [weak self] _ in self?.load() }.store(in: &bag)
            }
            func onAppear() { appBecameActive.send(()) }
            func load() {}
        }
        """
        let found = findings(of: CombineLatestWithoutInitialValueRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["6:23", "7:23"])
        XCTAssertEqual(found.first?.message, "`combineLatest` of triggers does nothing until every one has fired once: `refreshTapped` alone never runs the action.")
        XCTAssertEqual(found.last?.message, "`combineLatest` emits again on every change of its other inputs once the trigger `refreshTapped` has fired, repeating the action.")
    }

    /// A slow timer combined in a type that shows nothing (a scheduler, a refresher) is a poll whose
    /// first run comes one period in, as a bare timer's would. A type with `@Published` state, one
    /// that holds a label, an observable object, an extension, or a second input that waits for
    /// another reason keeps the finding.
    func testASlowTimerPollInATypeThatShowsNothing() {
        let text = """
        final class DigestScheduler {
            private var bag = Set<AnyCancellable>()
            init(inbox: Inbox) {
                Timer.publish(every: 300, on: .main, in: .common).autoconnect()
                    .combineLatest(inbox.$unread)
                    .sink { now, unread in Mailer.sendDigest(unread, at: now) }
                    .store(in: &bag)
            }
        }
        final class DigestModel {
            @Published private(set) var lastDigest: Date?
            private var bag = Set<AnyCancellable>()
            init(inbox: Inbox) {
                Timer.publish(every: 300, on: .main, in: .common).autoconnect()
                    .combineLatest(inbox.$unread)
                    .sink { [weak self] now, _ in self?.lastDigest = now }
                    .store(in: &bag)
            }
        }
        final class DigestBadge {
            private let label = UILabel()
            private var bag = Set<AnyCancellable>()
            init(inbox: Inbox) {
                Timer.publish(every: 300, on: .main, in: .common).autoconnect()
                    .combineLatest(inbox.$unread)
                    .sink { [label] _, unread in label.text = String(unread) }
                    .store(in: &bag)
            }
        }
        final class DigestStore: ObservableObject {
            private var bag = Set<AnyCancellable>()
            init(inbox: Inbox) {
                Timer.publish(every: 300, on: .main, in: .common).autoconnect()
                    .combineLatest(inbox.$unread)
                    .sink { now, unread in Mailer.sendDigest(unread, at: now) }
                    .store(in: &bag)
            }
        }
        final class DigestSender {
            private let resend = PassthroughSubject<Void, Never>()
            private var bag = Set<AnyCancellable>()
            init() {
                Timer.publish(every: 300, on: .main, in: .common).autoconnect()
                    .combineLatest(resend)
                    .sink { now, _ in Mailer.sendDigest(0, at: now) }
                    .store(in: &bag)
            }
        }
        extension DigestScheduler {
            func watch(_ inbox: Inbox) {
                Timer.publish(every: 300, on: .main, in: .common).autoconnect()
                    .combineLatest(inbox.$unread)
                    .sink { now, unread in Mailer.sendDigest(unread, at: now) }
                    .store(in: &bag)
            }
        }
        """
        let found = findings(of: CombineLatestWithoutInitialValueRule.self, in: [("A.swift", text)]).map { "\($0.ruleID):\($0.line):\($0.column)" }
        XCTAssertEqual(found, [
            "combinelatest_without_initial_value:15:14", "combinelatest_without_initial_value:25:14",
            "combinelatest_without_initial_value:34:14", "combinelatest_without_initial_value:44:14",
            "combinelatest_without_initial_value:52:14",
        ])
    }
}
