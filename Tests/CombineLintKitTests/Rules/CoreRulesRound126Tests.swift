import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for round 126 (see the rule documents).
final class CoreRulesRound126Tests: XCTestCase {
    private func model(bindings: String = "") -> String {
        """
        final class AppliancesViewModel: ObservableObject {
            @Published var summaryText = ""
            private let service: ApplianceService
            private var cancellables = Set<AnyCancellable>()
            init(service: ApplianceService) { self.service = service }
            func bindSummary() -> AnyCancellable {
                service.appliances
                    .map { "\\($0.count) running" }
                    .assign(to: \\.summaryText, on: self)
            }
            \(bindings)
        }
        final class ApplianceService {
            let appliances = CurrentValueSubject<[String], Never>([])
        }
        """
    }

    private let controller = """
        final class AppliancesViewController: UIViewController {
            let viewModel: AppliancesViewModel
            private var cancellables = Set<AnyCancellable>()
            init(viewModel: AppliancesViewModel) { self.viewModel = viewModel; super.init(nibName: nil, bundle: nil) }
            override func viewDidLoad() {
                super.viewDidLoad()
                viewModel.bindSummary()
                    .store(in: &cancellables)
            }
        }
        """

    private func places(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.file):\($0.line):\($0.column) \($0.ruleID)" }
    }

    /// (Round 126.) A token `assign(to:on: self)` returns from a method holds the model; the
    /// controller that keeps it holds the model too, and the model holds neither: no cycle. The
    /// model's own `bindSummary().store(in: &cancellables)` keeps it in the model: a cycle, and
    /// the message names that bag.
    func testAReturnedAssignTokenIsACycleOnlyWhereItsOwnTypeKeepsIt() throws {
        let rules = [ConfiguredRule(rule: AssignToSelfRule())]
        let elsewhere = [SourceFile(path: "AppliancesViewModel.swift", text: model()),
                         SourceFile(path: "AppliancesViewController.swift", text: controller)]
        XCTAssertEqual(places(Analyzer.analyze(elsewhere, rules: rules)), [])
        let own = [SourceFile(path: "AppliancesViewModel.swift", text: model(bindings: "func start() { bindSummary().store(in: &cancellables) }")),
                   SourceFile(path: "AppliancesViewController.swift", text: controller)]
        let found = Analyzer.analyze(own, rules: rules)
        XCTAssertEqual(places(found), ["AppliancesViewModel.swift:9:14 assign_to_self"])
        XCTAssertEqual(try XCTUnwrap(found.first).message,
                       "`assign(to:on:)` retains `self` while `self` keeps its cancellable in `cancellables`: neither is freed until the publisher completes.")
    }
}
