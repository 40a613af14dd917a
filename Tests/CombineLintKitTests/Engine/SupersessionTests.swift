import XCTest
@testable import CombineLintKit

/// One bug, one finding: `repeated_subscription` yields to `nested_sink` where both report the
/// subscription of one statement (a store that another subscription's `sink` reaches through a method).
final class SupersessionTests: XCTestCase {
    private let text = """
        final class SlotViewModel {
            @Published var isActive = false
            @Published var slots: [Slot] = []
            private var cancellables = Set<AnyCancellable>()
            init(service: SlotService) {
                $isActive
                    .sink { [weak self] active in
                        if active { self?.observeAvailability(service) }
                    }
                    .store(in: &cancellables)
            }
            func observeAvailability(_ service: SlotService) {
                service.$availability
                    .sink { [weak self] in self?.slots = $0 }
                    .store(in: &cancellables)
            }
        }
        final class SlotViewController: UIViewController {
            private let model = SlotViewModel(service: SlotService())
            private var cancellables = Set<AnyCancellable>()
            override func viewWillAppear(_ animated: Bool) {
                super.viewWillAppear(animated)
                bindTitle()
            }
            func bindTitle() {
                model.$slots
                    .sink { [weak self] in self?.title = "\\($0.count)" }
                    .store(in: &cancellables)
            }
        }
        """

    private func places(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.line):\($0.column) \($0.ruleID)" }
    }

    func testNestedSinkSupersedesRepeatedSubscriptionOnTheSameStatement() {
        let rules = [ConfiguredRule(rule: RepeatedSubscriptionRule()), ConfiguredRule(rule: NestedSinkRule())]
        let found = Analyzer.analyze([SourceFile(path: "Slots.swift", text: text)], rules: rules)
        XCTAssertEqual(places(found), ["14:14 nested_sink", "28:14 repeated_subscription"])
    }

    func testWithNestedSinkOffRepeatedSubscriptionReportsTheStore() {
        let found = Analyzer.analyze([SourceFile(path: "Slots.swift", text: text)], rules: [ConfiguredRule(rule: RepeatedSubscriptionRule())])
        XCTAssertEqual(places(found), ["15:14 repeated_subscription", "28:14 repeated_subscription"])
    }

    /// A suppressed `nested_sink` finding supersedes nothing: the store is still reported once.
    func testASuppressedNestedSinkFindingSupersedesNothing() {
        let suppressed = text.replacingOccurrences(of: "            .sink { [weak self] in self?.slots = $0 }\n",
                                                   with: "            // combinelint:disable:next nested_sink\n            .sink { [weak self] in self?.slots = $0 }\n")
        let ids = [RepeatedSubscriptionRule.description.id, NestedSinkRule.description.id]
        let engine = LintEngine(rules: [ConfiguredRule(rule: RepeatedSubscriptionRule()), ConfiguredRule(rule: NestedSinkRule())],
                                suppressions: SuppressionFilter(knownRuleIDs: Set(ids)), jobs: 1)
        let outcome = engine.run([LintInput(path: "Slots.swift", absolutePath: "/none", bytes: Array(suppressed.utf8))])
        XCTAssertEqual(places(outcome.findings), ["16:14 repeated_subscription", "29:14 repeated_subscription"])
    }
}
