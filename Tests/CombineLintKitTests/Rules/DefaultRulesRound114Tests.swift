import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for round 114 (see the rule documents).
final class DefaultRulesRound114Tests: XCTestCase {
    /// A window controller that the application's delegate makes (here from its launch callback) lives
    /// for the run only while nothing empties the property that keeps it: set back to `nil` when its
    /// window closes, the next `showBrowser()` makes another, so a task it starts that nothing cancels
    /// outlives it. Kept for good, it is made once and its task frees nothing later.
    func testAnObjectTheAppDelegateKeepsInAPropertyItEmptiesLaterIsNoRunLongObject() {
        func text(onClose: String) -> String {
            """
            final class Library: ObservableObject { @Published var captures: [Capture] = [] }
            final class BrowserWindowController: NSWindowController {
                private let library: Library
                private var titleTask: Task<Void, Never>?
                init(library: Library) {
                    self.library = library
                    super.init(window: NSWindow())
                    titleTask = Task { [weak self] in
                        for await count in library.$captures.map(\\.count).values {
                            self?.window?.subtitle = "\\(count) captures"
                        }
                    }
                }
            }
            @main
            final class AppDelegate: NSObject, NSApplicationDelegate {
                private let library = Library()
                private var browserWindowController: BrowserWindowController?
                private var cancellables = Set<AnyCancellable>()
                func applicationDidFinishLaunching(_ notification: Notification) { showBrowser() }
                private func showBrowser() {
                    if browserWindowController == nil {
                        let controller = BrowserWindowController(library: library)
                        browserWindowController = controller
                        NotificationCenter.default.publisher(for: NSWindow.willCloseNotification, object: controller.window)
                            .first()
                            .sink { [weak self] _ in \(onClose) }
                            .store(in: &cancellables)
                    }
                    browserWindowController?.showWindow(nil)
                }
            }
            """
        }
        let emptied = text(onClose: "self?.browserWindowController = nil")
        XCTAssertEqual(findings(of: EndlessValuesTaskRule.self, in: [(path: "App.swift", text: emptied)]).map { "\($0.line):\($0.column)" }, ["8:21"])
        XCTAssertTrue(findings(of: EndlessValuesTaskRule.self, in: [(path: "App.swift", text: text(onClose: "NSSound.beep()"))]).isEmpty)
    }
}
