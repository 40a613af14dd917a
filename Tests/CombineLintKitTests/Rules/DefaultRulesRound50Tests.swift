import XCTest
@testable import CombineLintKit

/// Idioms found by the round-50 probe of the default rules (a campus app for iOS and macOS).
final class DefaultRulesRound50Tests: XCTestCase {

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

    /// `let mode: RunLoop.Mode = .default` then `Timer.publish(every: 0.5, tolerance: 0.1, on: .main, in: mode)`
    /// in a collection view cell (round 52): the constant is the default mode, and the fix edits its value.
    /// A constant set to `.common` is no finding.
    func testATimersModeReadFromALocalConstant() {
        let text = """
        final class TimerCell: UICollectionViewCell {
            private let label = UILabel()
            private var bag = Set<AnyCancellable>()
            func start() {
                let mode: RunLoop.Mode = .default
                Timer.publish(every: 0.5, tolerance: 0.1, on: .main, in: mode)
                    .autoconnect()
                    .sink { [weak self] in self?.label.text = "\\($0)" }
                    .store(in: &bag)
            }
        }
        """
        let found = findings(of: TimerDefaultRunLoopModeRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["6:66"])
        XCTAssertEqual(found.first.flatMap { $0.fix }.map { applying($0.edits, to: text) }?.contains("let mode: RunLoop.Mode = .common"), true)
        XCTAssertEqual(positions(TimerDefaultRunLoopModeRule.self, text.replacingOccurrences(of: "= .default", with: "= .common")), [])
    }
}

