import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for rounds 140 and after (see the rule documents).
final class CoreRulesRound140Tests: XCTestCase {
    /// (Round 141.) A table's `cellForRowAt` calls `startObservingRank()` on a cached row model, which
    /// stores a subscription to its `let updates` into its own bag; the initializer set `updates` from
    /// its parameter, and the only construction passes a subject's filtered stream, which never
    /// finishes: one more subscription per reload. Not when the constructions pass a request.
    func testAStoredPublisherSetFromTheInitializersParameterByConstructionsThatNeverFinish() {
        func files(updates: String) -> [SourceFile] {
            [SourceFile(path: "LeaderboardViewModel.swift", text: """
                final class LeaderboardViewModel {
                    private let rankSubject = PassthroughSubject<Entry, Never>()
                    private var rows: [String: RowViewModel] = [:]
                    func row(for entry: Entry) -> RowViewModel {
                        if let existing = rows[entry.id] { return existing }
                        let row = RowViewModel(entry: entry, updates: \(updates))
                        rows[entry.id] = row
                        return row
                    }
                }
                final class RowViewModel {
                    @Published var rankDelta = 0
                    private let updates: AnyPublisher<Entry, Never>
                    private var cancellables = Set<AnyCancellable>()
                    init(entry: Entry, updates: AnyPublisher<Entry, Never>) {
                        self.updates = updates
                    }
                    func startObservingRank() {
                        updates
                            .map(\\.rank)
                            .sink { [weak self] rank in self?.rankDelta = rank }
                            .store(in: &cancellables)
                    }
                }
                """),
             SourceFile(path: "LeaderboardViewController.swift", text: """
                final class LeaderboardViewController: UIViewController, UITableViewDataSource {
                    let viewModel = LeaderboardViewModel()
                    var entries: [Entry] = []
                    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
                        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath) as! RowCell
                        let row = viewModel.row(for: entries[indexPath.row])
                        row.startObservingRank()
                        cell.configure(with: row)
                        return cell
                    }
                }
                """)]
        }
        XCTAssertEqual(places(files(updates: "rankSubject.filter { $0.id == entry.id }.eraseToAnyPublisher()"), RepeatedSubscriptionRule()),
                       ["LeaderboardViewModel.swift:22:14 repeated_subscription"])
        XCTAssertEqual(places(files(updates: "Just(entry).eraseToAnyPublisher()"), RepeatedSubscriptionRule()), [])
    }
}
