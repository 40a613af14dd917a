import XCTest
@testable import CombineLintKit

final class TimerNotConnectedRuleTests: XCTestCase {
    private func positions(_ files: [(path: String, text: String)]) -> [String] {
        findings(of: TimerNotConnectedRule.self, in: files).map { "\($0.file):\($0.line):\($0.column)" }
    }

    func testRangeCoversTheCallAndSeverityIsError() throws {
        let text = "func f() {\n    Timer.publish(every: 1, on: .main, in: .common).sink { _ in }.store(in: &bag)\n}\n"
        let found = findings(of: TimerNotConnectedRule.self, in: [("A.swift", text)])
        let f = try XCTUnwrap(found.first)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual([f.line, f.column, f.endLine, f.endColumn], [2, 5, 2, 52])
        XCTAssertEqual(f.severity, .error)
        XCTAssertNil(f.fix)
        XCTAssertEqual(f.message, "`Timer.publish` returns a connectable publisher that emits nothing until it is connected, so this timer never fires.")
        XCTAssertEqual(f.help, "Add `.autoconnect()` right after `Timer.publish(…)`, or call `connect()` on it and keep the returned cancellable.")
    }

    func testConnectInsideAClosureOfTheTypeCounts() {
        let text = """
        final class Ticker {
            let timer = Timer.publish(every: 1, on: .main, in: .common)
            var connection: Cancellable?
            func start() {
                DispatchQueue.main.async { [weak self] in
                    self?.connection = self?.timer.connect()
                }
            }
        }
        """
        XCTAssertEqual(positions([("A.swift", text)]), [])
    }

    func testAMemberChainConnectingTheSameNameElsewhereSilencesTheFinding() {
        // Precision first: `other.timer.connect()` anywhere may be this timer, so `timer` is not reported;
        // `ticks` has no such chain and is.
        let a = """
        final class Blinker {
            func start() {
                let timer = Timer.publish(every: 1, on: .main, in: .common)
                timer.sink { _ in }.store(in: &bag)
                let ticks = Timer.publish(every: 1, on: .main, in: .common)
                ticks.sink { _ in }.store(in: &bag)
            }
        }
        """
        let b = "final class Other { func go() { other.timer.connect() } }\n"
        XCTAssertEqual(positions([("A.swift", a), ("B.swift", b)]), ["A.swift:5:21"])
        XCTAssertEqual(positions([("A.swift", a)]), ["A.swift:3:21", "A.swift:5:21"])
    }

    func testMappedTimerPassedOnIsReportedButBareIsNot() {
        let text = """
        func a() -> AnyPublisher<Void, Never> { Timer.publish(every: 1, on: .main, in: .common).map { _ in () }.eraseToAnyPublisher() }
        func b() -> Timer.TimerPublisher { return Timer.publish(every: 1, on: .main, in: .common) }
        let c = [Timer.publish(every: 1, on: .main, in: .common)]
        Timer.publish(every: 1, on: .main, in: .common).connect().store(in: &bag)
        """
        XCTAssertEqual(positions([("A.swift", text)]), ["A.swift:1:41"])
    }

    func testBothBranchesOfIfAreChecked() {
        let text = """
        #if os(iOS)
        let t = Timer.publish(every: 1, on: .main, in: .common)
        #else
        let t = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
        #endif
        let s = t.sink { print($0) }
        """
        XCTAssertEqual(positions([("A.swift", text)]), ["A.swift:2:9"])
    }
}

final class TimerDefaultRunLoopModeRuleTests: XCTestCase {
    /// A menu bar agent that writes each tick to its status item's title (or to a label it holds)
    /// shows it: the title freezes while the item's menu is open. One that writes only its own state,
    /// or writes a status item's title from a one-second poll of something else, is not reported
    /// for the first reason (the poll writes nothing held on screen).
    func testAgentWritingEachTickToAStatusItemOrLabelItHolds() {
        let text = """
        final class CountdownAgent: NSObject {
            private let statusItem = NSStatusBar.system.statusItem(withLength: NSStatusItem.variableLength)
            private weak var badge: NSTextField?
            private var remaining = 60
            func start() {
                Timer.publish(every: 1, on: .main, in: .default).autoconnect()
                    .sink { [weak self] _ in self?.statusItem.button?.title = "1:00" }.store(in: &bag)
                Timer.publish(every: 1, on: .main, in: .default).autoconnect()
                    .sink { [weak self] _ in self?.badge?.stringValue = "" }.store(in: &bag)
                Timer.publish(every: 1, on: .main, in: .default).autoconnect()
                    .sink { [weak self] _ in self?.remaining -= 1 }.store(in: &bag)
                Timer.publish(every: 1, on: .main, in: .default).autoconnect()
                    .sink { [weak self] _ in let title = self?.statusItem.button?.title; print(title ?? "") }.store(in: &bag)
            }
        }
        """
        let found = findings(of: TimerDefaultRunLoopModeRule.self, in: [("A.swift", text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["6:48", "8:48"])
    }

    func testCurrentRunLoopCountsAsMainInViewsAndViewControllersOnly() {
        let text = """
        struct Clock: View {
            let tick = Timer.publish(every: 1, on: .current, in: .default).autoconnect()
            var body: some View { Text("") }
        }
        final class ClockViewController: UIViewController {
            let tick = Timer.publish(every: 1, on: RunLoop.current, in: .default).autoconnect()
        }
        final class Worker {
            let tick = Timer.publish(every: 1, on: .current, in: .default).autoconnect()
        }
        """
        let found = findings(of: TimerDefaultRunLoopModeRule.self, in: [("A.swift", text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["2:58", "6:65"])
    }

    /// Preview code runs in Xcode's canvas, never in the app: a `#Preview` body and a preview
    /// provider are not reported; the same timer in a view of the app is.
    func testPreviewCodeIsNotReported() {
        let text = """
        import SwiftUI
        #Preview("Ticking") {
            Text("y").onReceive(Timer.publish(every: 1, on: .main, in: .default).autoconnect()) { _ in }
        }
        struct Clock_Previews: PreviewProvider {
            static var previews: some View {
                Text("x").onReceive(Timer.publish(every: 1, on: .main, in: .default).autoconnect()) { _ in }
            }
        }
        struct Clock: View {
            var body: some View {
                Text("z").onReceive(Timer.publish(every: 1, on: .main, in: .default).autoconnect()) { _ in }
            }
        }
        """
        let found = findings(of: TimerDefaultRunLoopModeRule.self, in: [("A.swift", text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["12:68"])
    }

    /// A model that only a preview provider makes runs in Xcode's canvas too; the same model made
    /// by the app's own view is reported.
    func testATypeOnlyPreviewsMakeIsNotReported() {
        let model = """
        import SwiftUI
        final class PreviewFeedModel: ObservableObject {
            @Published var tick = 0
            private var bag = Set<AnyCancellable>()
            init() {
                Timer.publish(every: 1, on: .main, in: .default)
                    .autoconnect()
                    .sink { [weak self] _ in self?.tick += 1 }
                    .store(in: &bag)
            }
        }
        struct FeedPreviewView: View {
            @ObservedObject var model: PreviewFeedModel
            var body: some View { Text("\\(model.tick)") }
        }
        struct ClockFace: View {
            private let tick = Timer.publish(every: 1, on: .main, in: .default).autoconnect()
            var body: some View { Text("").onReceive(tick) { _ in } }
        }
        struct FeedPreviewView_Previews: PreviewProvider {
            static var previews: some View { FeedPreviewView(model: PreviewFeedModel()); ClockFace() }
        }

        """
        // A view only a preview shows here may be shown by the app through a path the project does not see.
        XCTAssertEqual(findings(of: TimerDefaultRunLoopModeRule.self, in: [("A.swift", model)]).map { "\($0.ruleID) \($0.line):\($0.column)" },
                       ["timer_default_run_loop_mode 17:63"])
        let app = "struct Root: View { var body: some View { FeedPreviewView(model: PreviewFeedModel()) } }\n"
        XCTAssertEqual(findings(of: TimerDefaultRunLoopModeRule.self, in: [("A.swift", model), ("B.swift", app)]).map { "\($0.ruleID) \($0.line):\($0.column)" },
                       ["timer_default_run_loop_mode 6:48", "timer_default_run_loop_mode 17:63"])
    }

    func testRangeAndFixOnTheModeOnly() throws {
        let text = "import UIKit\nlet t = Timer.publish(every: 1, on: .main, in: .default).autoconnect()\n"
        let found = findings(of: TimerDefaultRunLoopModeRule.self, in: [("A.swift", text)])
        let f = try XCTUnwrap(found.first)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual([f.line, f.column, f.endLine, f.endColumn], [2, 48, 2, 56])
        XCTAssertEqual(applying(f.fix?.edits ?? [], to: text), "import UIKit\nlet t = Timer.publish(every: 1, on: .main, in: .common).autoconnect()\n")
    }

    func testUnconnectedDefaultModeTimerGivesBothRules() {
        let text = "final class Ticker: ObservableObject {\nlet t = Timer.publish(every: 1, on: .main, in: .default)\nfunc f() { t.sink { _ in }.store(in: &bag) }\n}\n"
        let files = [(path: "A.swift", text: text)]
        XCTAssertEqual(findings(of: TimerDefaultRunLoopModeRule.self, in: files).map(\.column), [48])
        XCTAssertEqual(findings(of: TimerNotConnectedRule.self, in: files).map(\.column), [9])
    }

    func testOnlyTimersThatDriveTheScreenAreReported() {
        let text = """
        final class CountdownModel: ObservableObject {
            let tick = Timer.publish(every: 1, on: .main, in: .default).autoconnect()
        }
        final class ProgressView: UIView {
            let tick = Timer.publish(every: 1, on: .main, in: .default).autoconnect()
        }
        final class SettingsPoller {
            let tick = Timer.publish(every: 3, on: .main, in: .default).autoconnect()
        }
        let global = Timer.publish(every: 1, on: .main, in: .default).autoconnect()
        """
        XCTAssertEqual(findings(of: TimerDefaultRunLoopModeRule.self, in: [("A.swift", text)]).map(\.line), [2, 5])
        XCTAssertEqual(findings(of: TimerDefaultRunLoopModeRule.self, in: [("A.swift", "import SwiftUI\n" + text)]).map(\.line), [3, 6, 11])
    }

    func testAnObservableObjectTimerIsReportedWhenItsSinkWritesPublishedState() {
        let text = """
        import SwiftUI
        final class SessionModel: ObservableObject {
            @Published var session: Session?
            @Published var isBlinking = false
            @Published var events: [Event] = []
            private var last: Session?
            private var bag = Set<AnyCancellable>()
            func start() {
                Timer.publish(every: 5, on: .main, in: .default).autoconnect()
                    .sink { [weak self] _ in if self?.session !== self?.last { self?.ping() } }
                    .store(in: &bag)
                Timer.publish(every: 1, on: .main, in: .default).autoconnect()
                    .sink { [weak self] _ in self?.isBlinking.toggle() }
                    .store(in: &bag)
                Timer.publish(every: 1, on: .main, in: .default).autoconnect()
                    .sink { [weak self] now in self?.events.removeAll { $0.date < now } }
                    .store(in: &bag)
            }
            func ping() {}
        }
        """
        // An identity test (`!==`) reads the state; a toggle or an in-place removal changes what views show.
        XCTAssertEqual(findings(of: TimerDefaultRunLoopModeRule.self, in: [("A.swift", text)]).map { "\($0.line):\($0.column)" },
                       ["12:48", "15:48"])
    }
}
