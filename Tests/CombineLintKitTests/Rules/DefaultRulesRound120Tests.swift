import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for round 120 (see the rule documents).
final class DefaultRulesRound120Tests: XCTestCase {
    /// `guard let updates = self?.preferences.$current.values` in the task's closure shadows the
    /// method's own `let updates = preferences.$current`: the loop runs over the values of the
    /// projection, which never finish, and the task kept in a property is never cancelled.
    func testAConditionBindingInTheTaskShadowsAnOuterLocal() {
        func text(binding: String) -> String {
            """
            final class PreferencesStore: ObservableObject {
                @Published var current = AppPreferences()
            }
            final class SettingsTableViewController: UITableViewController {
                private let preferences: PreferencesStore
                private var preferencesTask: Task<Void, Never>?
                private var cancellables = Set<AnyCancellable>()
                init(preferences: PreferencesStore) { self.preferences = preferences; super.init(style: .plain) }
                override func viewDidLoad() {
                    super.viewDidLoad()
                    let updates = preferences.$current
                    updates.sink { [weak self] _ in self?.tableView.reloadData() }.store(in: &cancellables)
                    preferencesTask = Task { [weak self] in
                        \(binding)
                        for await prefs in updates {
                            self?.navigationItem.prompt = prefs.soundEnabled ? nil : "Sound is off"
                        }
                    }
                }
            }
            """
        }
        XCTAssertEqual(positions(EndlessValuesTaskRule.self, text(binding: "guard let updates = self?.preferences.$current.values else { return }")),
                       ["13:27"])
        XCTAssertEqual(positions(EndlessValuesTaskRule.self, text(binding: "guard let updates = self?.preferences.$current.values.prefix(1) else { return }")),
                       [])
    }
}
