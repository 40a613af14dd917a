import XCTest
@testable import CombineLintKit

/// Idioms found by the round-47 probes of the core rules (a SQL client for macOS and iPad, a school
/// app, an insurance-claims app).
final class CoreRulesRound47Tests: XCTestCase {
    private func positions(_ rule: any Rule.Type, _ files: [(path: String, text: String)]) -> [String] {
        findings(of: rule, in: files).map { "\($0.file):\($0.line):\($0.column)" }
    }

    private let windowController = (path: "ConnectionWindowController.swift", text: """
    final class ConnectionWindowController: NSWindowController {
        private let connection = CurrentValueSubject<String, Never>("idle")
        private var cancellables = Set<AnyCancellable>()
        init(server: String) {
            super.init(window: nil)
            connection
                .sink { state in self.window?.subtitle = state }
                .store(in: &cancellables)
        }
    }
    """)

    /// The application's delegate keeps a window controller per server in a dictionary and empties
    /// the slot when the window closes: each controller is one of many, let go with its window, so a
    /// cycle through it leaks. One made once at launch into a property lives for the run.
    func testAWindowControllerPerServerKeptInTheDelegatesDictionaryDoesNotLiveForTheRun() {
        let delegate = (path: "AppDelegate.swift", text: """
        @main
        final class AppDelegate: NSObject, NSApplicationDelegate {
            private var windowControllers: [String: ConnectionWindowController] = [:]
            func open(_ server: String) {
                let wc = ConnectionWindowController(server: server)
                windowControllers[server] = wc
                wc.showWindow(nil)
            }
            func close(_ server: String) { windowControllers[server] = nil }
        }
        """)
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, [windowController, delegate]), ["ConnectionWindowController.swift:7:30"])
        let appended = (path: delegate.path, text: delegate.text.replacingOccurrences(of: "windowControllers[server] = wc", with: "list.append(wc)")
            .replacingOccurrences(of: "private var windowControllers", with: "private var list: [ConnectionWindowController] = []\n    private var windowControllers"))
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, [windowController, appended]), ["ConnectionWindowController.swift:7:30"])
        let once = (path: "AppDelegate.swift", text: """
        @main
        final class AppDelegate: NSObject, NSApplicationDelegate {
            private var main: ConnectionWindowController?
            func applicationDidFinishLaunching(_ notification: Notification) {
                let wc = ConnectionWindowController(server: "local")
                main = wc
                wc.showWindow(nil)
            }
        }
        """)
        XCTAssertEqual(positions(StrongSelfCaptureRule.self, [windowController, once]), [])
    }

    /// `Just(row.count).map { … }.sink { … }` in `cellForRowAt` is over before `sink` returns: its
    /// value cannot land later in a reused cell, and nothing stays subscribed. A row's live stream does.
    func testASynchronousPipelinePerRowLeavesNothingSubscribed() {
        let controller = (path: "ResultsViewController.swift", text: """
        final class ResultsViewController: UITableViewController {
            private var cancellables = Set<AnyCancellable>()
            var rows: [[Int]] = []
            let edits = PassthroughSubject<Int, Never>()
            override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                let cell = tableView.dequeueReusableCell(withIdentifier: "c", for: indexPath)
                let row = rows[indexPath.row]
                Just(row.count)
                    .map { "\\($0) columns" }
                    .sink { [weak cell] in cell?.accessibilityHint = $0 }
                    .store(in: &cancellables)
                edits
                    .sink { [weak cell] in cell?.tag = $0 + row.count }
                    .store(in: &cancellables)
                return cell
            }
        }
        """)
        XCTAssertEqual(positions(StoreInAppearanceRule.self, [controller]), ["ResultsViewController.swift:14:14"])
    }
}
