import XCTest
@testable import CombineLintKit

/// Default-rule cases found in whole probe apps written for round 126 (see the rule documents).
final class DefaultRulesRound126Tests: XCTestCase {
    private let app = """
        @main struct FestivalApp: App {
            @StateObject private var appState = AppState()
            var body: some Scene {
                WindowGroup { FriendFinderView(viewModel: appState.friendFinder) }
            }
        }
        final class AppState: ObservableObject {
            let friendFinder = FriendFinderViewModel(service: FriendFinderService())
        }
        struct FriendFinderView: View {
            @ObservedObject var viewModel: FriendFinderViewModel
            var body: some View {
                Text("Friends").onAppear { viewModel.start() }
            }
        }
        """

    private func model(start: String = "", caller: String = "") -> String {
        """
        final class FriendFinderService {
            @Published private(set) var locations: [Int] = []
        }
        final class FriendFinderViewModel: ObservableObject {
            private let service: FriendFinderService
            private var started = false
            init(service: FriendFinderService) { self.service = service\(caller) }
            func start() {\(start)
                Task { [weak self, service] in
                    for await locations in service.$locations.values {
                        self?.show(locations)
                    }
                }
            }
            func show(_ locations: [Int]) {}
        }
        """
    }

    private func places(_ files: [SourceFile], _ rule: any Rule) -> [String] {
        Analyzer.analyze(files, rules: [ConfiguredRule(rule: rule)]).map { "\($0.file):\($0.line):\($0.column) \($0.ruleID)" }
    }

    /// (Round 126.) The model lives for the run (the app's state object owns it), so one endless
    /// loop of it frees nothing later; but the view's `onAppear` runs `start()` again on each
    /// appearance, and each run starts one more loop that nothing cancels.
    func testARunLongObjectStartingAnUnkeptEndlessTaskOnEachAppearance() throws {
        let files = [SourceFile(path: "App.swift", text: app), SourceFile(path: "FriendFinderViewModel.swift", text: model())]
        XCTAssertEqual(places(files, EndlessValuesTaskRule()), ["FriendFinderViewModel.swift:9:9 endless_values_task"])
        let finding = try XCTUnwrap(Analyzer.analyze(files, rules: [ConfiguredRule(rule: EndlessValuesTaskRule())]).first)
        XCTAssertEqual(finding.message,
                       "Each `onAppear` runs `start()`, which starts one more task that nothing can cancel, and the loop over `service.$locations.values` never ends.")
        // A run-once flag lets only the first appearance start it.
        let once = [files[0], SourceFile(path: "FriendFinderViewModel.swift",
                                         text: model(start: "\n        guard !started else { return }\n        started = true"))]
        XCTAssertEqual(places(once, EndlessValuesTaskRule()), [])
        // Started once, from the initializer, by an object that lives for the run: nothing piles up.
        let fromInit = [SourceFile(path: "App.swift", text: app.replacingOccurrences(of: ".onAppear { viewModel.start() }", with: "")),
                        SourceFile(path: "FriendFinderViewModel.swift", text: model(caller: "; start()"))]
        XCTAssertEqual(places(fromInit, EndlessValuesTaskRule()), [])
    }
}
