import XCTest
@testable import CombineLintKit

final class RunLoopMainSchedulerRuleTests: XCTestCase {
    private func positions(_ text: String) -> [String] {
        findings(of: RunLoopMainSchedulerRule.self, in: [("App/Feed.swift", text)]).map { "\($0.ruleID):\($0.line):\($0.column)" }
    }

    func testBothBranchesOfIfAreChecked() {
        let text = """
        #if DEBUG
        let a = p.receive(on: RunLoop.main)
        #else
        let a = p.receive(on: DispatchQueue.main)
        #endif
        let b = p.receive(
            on: RunLoop.main,
            options: nil
        )
        """
        XCTAssertEqual(positions(text), ["runloop_main_scheduler:2:23", "runloop_main_scheduler:7:9"])
    }

    func testRangeCoversRunLoopMainAndFixReplacesIt() throws {
        let text = "let a = p.receive(on: RunLoop.main, options: nil)\n"
        let found = findings(of: RunLoopMainSchedulerRule.self, in: [("A.swift", text)])
        XCTAssertEqual(found.count, 1)
        let f = try XCTUnwrap(found.first)
        XCTAssertEqual([f.line, f.column, f.endLine, f.endColumn], [1, 23, 1, 35])
        XCTAssertEqual(applying(f.fix?.edits ?? [], to: text), "let a = p.receive(on: DispatchQueue.main, options: nil)\n")
        XCTAssertEqual(f.message, "`RunLoop.main` holds back what `receive(on:)` delivers while the main run loop tracks a scroll or drag, until the user lets go.")
        XCTAssertEqual(f.help, "Use `DispatchQueue.main`, which keeps delivering while the user scrolls.")
    }

    func testNoFixWhenOptionsOrStrideDependOnTheRunLoop() {
        let text = """
        let a = p.receive(on: RunLoop.main, options: RunLoop.SchedulerOptions())
        let b = p.delay(for: RunLoop.SchedulerTimeType.Stride(0.5), scheduler: RunLoop.main)
        let c = p.collect(.byTime(RunLoop.main, window))
        """
        let found = findings(of: RunLoopMainSchedulerRule.self, in: [("A.swift", text)])
        XCTAssertEqual(found.map(\.line), [1, 2, 3])
        XCTAssertEqual(found.compactMap(\.fix).count, 0)
    }

    func testOtherSchedulerLabelsAndNamesAreNotReported() {
        let text = """
        let a = p.receive(scheduler: RunLoop.main)
        let b = p.debounce(for: .seconds(1), scheduler: RunLoop.main.scheduler)
        let c = p.subscribe(on: RunLoop.main)
        let d = p.measureInterval(using: RunLoop.main)
        let e = p.collect(RunLoop.main)
        let f = p.receive(on: MyRunLoop.main)
        """
        XCTAssertEqual(positions(text), [])
    }

    /// A test case spins the main run loop itself and shows no scroll view.
    func testTestCasesAreNotReported() {
        let text = """
        class BaseTestCase: XCTestCase {}
        final class FeedTests: BaseTestCase {
            func testDelivery() { _ = p.receive(on: RunLoop.main) }
            final class Helper { func go() { _ = p.receive(on: RunLoop.main) } }
        }
        final class Feed { func go() { _ = p.receive(on: RunLoop.main) } }
        """
        XCTAssertEqual(positions(text), ["runloop_main_scheduler:6:50"])
    }

    /// Preview code runs in Xcode's canvas, not in the app: not reported.
    func testPreviewCodeIsNotReported() {
        let text = """
        #Preview {
            Text("y").onReceive(model.$query.debounce(for: 0.3, scheduler: RunLoop.main)) { _ in }
        }
        struct Feed_Previews: PreviewProvider {
            static var previews: some View { Text("x").onReceive(p.receive(on: RunLoop.main)) { _ in } }
        }
        final class Feed { func go() { _ = p.receive(on: RunLoop.main) } }
        """
        XCTAssertEqual(positions(text), ["runloop_main_scheduler:7:50"])
    }

    /// A model that only a preview wrapper view makes (its `@StateObject`), where the wrapper is
    /// made only in a `#Preview`, runs in Xcode's canvas too. The same model made by an app view is reported.
    func testATypeMadeOnlyByAPreviewWrapperViewIsNotReported() {
        let preview = """
        final class PreviewTicker: ObservableObject {
            @Published var now = Date()
            init() { ticks.receive(on: RunLoop.main).assign(to: &$now) }
        }
        struct TickerPreview: View {
            @StateObject var ticker = PreviewTicker()
            var body: some View { Text(ticker.now, style: .time) }
        }
        #Preview { TickerPreview() }
        """
        let app = preview.replacingOccurrences(of: "Preview", with: "Live")
            .replacingOccurrences(of: "#Live { TickerLive() }", with: "struct Root: View { var body: some View { TickerLive() } }")
        let found = findings(of: RunLoopMainSchedulerRule.self, in: [(path: "Preview.swift", text: preview), (path: "App.swift", text: app)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["App.swift:3:32"])
    }

    /// A class made only by a preview whose subclass the app makes runs in the app, in the subclass.
    func testAPreviewMadeClassWithASubclassInTheAppIsReported() {
        let text = """
        class SupportModel: ObservableObject {
            init() { query.debounce(for: 0.3, scheduler: RunLoop.main).sink { _ in }.store(in: &bag) }
        }
        final class AppSupportModel: SupportModel {}
        #Preview { SupportView(model: SupportModel()) }
        let model = AppSupportModel()
        """
        XCTAssertEqual(positions(text), ["runloop_main_scheduler:2:50"])
    }
}
