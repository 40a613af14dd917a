import XCTest
@testable import CombineLintKit

/// Idioms found by the round-50 probe of the default rules (a campus app for iOS and macOS).
final class DefaultRulesRound50Tests: XCTestCase {
    private func positions(_ rule: any Rule.Type, _ text: String) -> [String] {
        findings(of: rule, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" }
    }

    /// A `UICollectionViewListCell` is a collection view cell: a half-second progress timer in the
    /// `.default` mode (spelled `RunLoop.Mode.default`) stalls while its list scrolls; `.common` does not.
    func testAListCellsTimerInTheDefaultModeStallsWhileScrolling() {
        let text = """
        final class OngoingLectureCell: UICollectionViewListCell {
            private let progressView = UIProgressView(progressViewStyle: .default)
            private var bag = Set<AnyCancellable>()
            func configure(start: Date) {
                Timer.publish(every: 0.5, on: RunLoop.main, in: RunLoop.Mode.default)
                    .autoconnect()
                    .sink { [weak self] _ in self?.progressView.progress += 0.01 }
                    .store(in: &bag)
                Timer.publish(every: 0.5, on: RunLoop.main, in: .common)
                    .autoconnect()
                    .sink { [weak self] _ in self?.progressView.progress += 0.01 }
                    .store(in: &bag)
            }
        }
        """
        XCTAssertEqual(positions(TimerDefaultRunLoopModeRule.self, text), ["5:57"])
    }

    /// An open menu tracks in the event-tracking run loop mode: a countdown that a menu bar
    /// controller starts in `menuWillOpen(_:)` and writes into a menu item it holds never ticks in
    /// `.default` while the menu is shown. A poll that writes nothing it holds on screen is no finding.
    func testAMenuItemsCountdownInTheDefaultModeFreezesWhileTheMenuIsOpen() {
        let text = """
        final class AnnouncementsMenuBarController: NSObject, NSMenuDelegate {
            private let nextLectureItem = NSMenuItem(title: "", action: nil, keyEquivalent: "")
            private var menuCountdown: AnyCancellable?
            private var poll: AnyCancellable?
            var unread = 0
            func menuWillOpen(_ menu: NSMenu) {
                menuCountdown = Timer.publish(every: 1, on: .main, in: .default)
                    .autoconnect()
                    .sink { [weak self] now in self?.nextLectureItem.title = "\\(now)" }
                poll = Timer.publish(every: 1, on: .main, in: .default)
                    .autoconnect()
                    .sink { [weak self] _ in self?.unread += 1 }
            }
        }
        """
        XCTAssertEqual(positions(TimerDefaultRunLoopModeRule.self, text), ["7:64"])
    }
}
