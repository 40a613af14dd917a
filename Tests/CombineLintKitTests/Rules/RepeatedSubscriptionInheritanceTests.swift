import XCTest
@testable import CombineLintKit

/// Storing methods reached through inheritance (issue #13 probes): a subclass's repeated callback
/// calling the base class's method, a base class's callback calling an override, and a conforming
/// type calling a method of a protocol extension.
final class RepeatedSubscriptionInheritanceTests: XCTestCase {
    private func positions(_ files: [(path: String, text: String)]) -> [String] {
        findings(of: RepeatedSubscriptionRule.self, in: files).map { "\($0.file.split(separator: "/").last ?? ""):\($0.line):\($0.column)" }
    }

    /// `viewWillAppear` of the subclass calls `bindTheme()`, which the base class declares.
    func testSubclassAppearanceCallingBaseMethod() {
        let text0 = """
        class ThemedViewController: UIViewController {
            var cancellables = Set<AnyCancellable>()
            func bindTheme() {
                Theme.shared.$tint.sink { [weak self] in self?.view.tintColor = $0 }.store(in: &cancellables)
            }
        }
        """
        let text1 = """
        final class FeedViewController: ThemedViewController {
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                bindTheme()
            }
        }
        """
        XCTAssertEqual(positions([(path: "Base.swift", text: text0), (path: "Feed.swift", text: text1)]), ["Base.swift:4:78"])
    }

    /// The subclass empties the bag in `viewDidDisappear`: one live subscription per visit.
    func testSubclassThatEmptiesTheBagOnDisappearIsQuiet() {
        let text0 = """
        class ThemedViewController: UIViewController {
            var cancellables = Set<AnyCancellable>()
            func bindTheme() {
                Theme.shared.$tint.sink { [weak self] in self?.view.tintColor = $0 }.store(in: &cancellables)
            }
        }
        """
        let text1 = """
        final class FeedViewController: ThemedViewController {
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                bindTheme()
            }
            override func viewDidDisappear(_ animated: Bool) {
                super.viewDidDisappear(animated)
                cancellables.removeAll()
            }
        }
        """
        XCTAssertEqual(positions([(path: "Base.swift", text: text0), (path: "Feed.swift", text: text1)]), [])
    }

    /// The base class's `viewWillAppear` calls `bind()`; the subclass's override stores as well.
    func testBaseAppearanceCallingOverride() {
        let text0 = """
        class BaseViewController: UIViewController {
            var cancellables = Set<AnyCancellable>()
            let feed = Feed()
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                bind()
            }
            func bind() {
                feed.$title.sink { [weak self] in self?.title = $0 }.store(in: &cancellables)
            }
        }
        final class ListViewController: BaseViewController {
            override func bind() {
                super.bind()
                feed.$items.sink { [weak self] _ in self?.view.setNeedsLayout() }.store(in: &cancellables)
            }
        }
        """
        XCTAssertEqual(positions([(path: "A.swift", text: text0)]), ["A.swift:9:62", "A.swift:15:75"])
    }

    /// A conforming view controller calls a protocol extension's `observeTheme()` from `viewWillAppear`.
    func testProtocolExtensionMethodCalledFromAppearance() {
        let text0 = """
        protocol Themed: AnyObject {
            var cancellables: Set<AnyCancellable> { get set }
            func apply(_ color: UIColor)
        }
        extension Themed {
            func observeTheme() {
                Theme.shared.$tint.sink { [weak self] in self?.apply($0) }.store(in: &cancellables)
            }
        }
        """
        let text1 = """
        final class SettingsViewController: UIViewController, Themed {
            var cancellables = Set<AnyCancellable>()
            func apply(_ color: UIColor) { view.tintColor = color }
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                observeTheme()
            }
        }
        """
        XCTAssertEqual(positions([(path: "Themed.swift", text: text0), (path: "Settings.swift", text: text1)]), ["Themed.swift:7:68"])
    }
}
