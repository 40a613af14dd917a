import XCTest
@testable import CombineLintKit

/// A method of a cell that a diffable data source's cell provider calls on the dequeued cell runs
/// once per row shown, as one that `cellForRowAt` calls does.
final class RepeatedSubscriptionCellProviderTests: XCTestCase {
    private func findingsOf(_ files: [(path: String, text: String)]) -> [Finding] {
        findings(of: RepeatedSubscriptionRule.self, in: files)
    }

    private func cell(reset: String = "") -> String {
        """
        final class ChannelCell: UITableViewCell {
            private var typingBag = Set<AnyCancellable>()
        \(reset)
            func showTyping(in channel: ChannelID, typing: TypingService) {
                typing.typingUsers(in: channel)
                    .sink { [weak self] text in self?.detailTextLabel?.text = text }
                    .store(in: &typingBag)
            }
        }
        final class TypingService {
            private let users = CurrentValueSubject<[ChannelID: String], Never>([:])
            func typingUsers(in channel: ChannelID) -> AnyPublisher<String, Never> {
                users.map { $0[channel] ?? "" }.eraseToAnyPublisher()
            }
        }
        """
    }

    /// The screen, whose cell provider dequeues a cell with `dequeue` (its text) and calls `showTyping`.
    private func screen(dequeue: String, alias: String = "UITableViewDiffableDataSource<String, Channel>") -> String {
        """
        final class ChannelListViewController: UIViewController {
            typealias DataSource = \(alias)
            private let tableView = UITableView()
            private let typing = TypingService()
            private lazy var dataSource = makeDataSource()
            private func makeDataSource() -> DataSource {
                DataSource(tableView: tableView) { [typing] tableView, indexPath, channel in
                    let cell = \(dequeue)
                    cell.showTyping(in: channel.id, typing: typing)
                    return cell
                }
            }
        }
        """
    }

    private let helper = """
    extension UITableView {
        func dequeue<Cell: UITableViewCell>(_ type: Cell.Type, for indexPath: IndexPath) -> Cell {
            dequeueReusableCell(withIdentifier: String(describing: type), for: indexPath) as! Cell
        }
    }
    """

    func testACellMethodCalledFromTheCellProviderIsReported() {
        for dequeue in ["tableView.dequeue(ChannelCell.self, for: indexPath)",
                        "tableView.dequeueReusableCell(withIdentifier: \"channel\", for: indexPath) as! ChannelCell"] {
            let found = findingsOf([(path: "Cell.swift", text: cell()), (path: "Screen.swift", text: screen(dequeue: dequeue)),
                                    (path: "Helpers.swift", text: helper)])
            XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["Cell.swift:7:14"], dequeue)
            XCTAssertEqual(found.first?.message.hasPrefix("`ChannelListViewController.DataSource cell provider → ChannelCell.showTyping(in:typing:) → store(in:)`: each run of `ChannelListViewController.DataSource cell provider` adds one more live subscription to `typingBag`"), true, dequeue)
        }
    }

    /// Another screen's `typealias DataSource` for another diffable data source is a cell provider too.
    func testSeveralDataSourceAliasesOfCellProviders() {
        let other = """
        final class SidebarViewController: UIViewController {
            typealias DataSource = UICollectionViewDiffableDataSource<Int, Channel>
        }
        """
        let found = findingsOf([(path: "Cell.swift", text: cell()), (path: "Screen.swift", text: screen(dequeue: "tableView.dequeue(ChannelCell.self, for: indexPath)")),
                                (path: "Helpers.swift", text: helper), (path: "Sidebar.swift", text: other)])
        XCTAssertEqual(found.map { "\($0.file):\($0.line)" }, ["Cell.swift:7"])
        // An alias of that name for something else somewhere: not known to be a cell provider.
        let notProvider = other.replacingOccurrences(of: "UICollectionViewDiffableDataSource<Int, Channel>", with: "ChannelStore")
        XCTAssertEqual(findingsOf([(path: "Cell.swift", text: cell()), (path: "Screen.swift", text: screen(dequeue: "tableView.dequeue(ChannelCell.self, for: indexPath)")),
                                   (path: "Helpers.swift", text: helper), (path: "Sidebar.swift", text: notProvider)]).count, 0)
    }

    /// The cell's `prepareForReuse` empties the bag; a generic call handed no cell type says nothing.
    func testAResetBagOrAnUnknownCellTypeIsNotReported() {
        let reset = """
            override func prepareForReuse() {
                super.prepareForReuse()
                typingBag.removeAll()
            }
        """
        XCTAssertEqual(findingsOf([(path: "Cell.swift", text: cell(reset: reset)),
                                   (path: "Screen.swift", text: screen(dequeue: "tableView.dequeue(ChannelCell.self, for: indexPath)")),
                                   (path: "Helpers.swift", text: helper)]).count, 0)
        XCTAssertEqual(findingsOf([(path: "Cell.swift", text: cell()),
                                   (path: "Screen.swift", text: screen(dequeue: "tableView.dequeue(for: indexPath)")),
                                   (path: "Helpers.swift", text: helper)]).count, 0)
    }
}
