import Combine
import UIKit

/// The feed screen: a list of posts that refreshes while it is on screen.
final class FeedListViewController: UIViewController, UITableViewDataSource {
    private let viewModel: FeedViewModel
    private let tableView = UITableView()
    private var cancellables = Set<AnyCancellable>()
    private var visibleCancellables = Set<AnyCancellable>()
    private var cellCancellables = Set<AnyCancellable>()
    private var refreshSubscription: AnyCancellable?

    init(viewModel: FeedViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.dataSource = self
        tableView.register(FeedCell.self, forCellReuseIdentifier: FeedCell.reuseIdentifier)
        view.addSubview(tableView)

        // Subscribed once for the controller's life.
        viewModel.$posts
            .receive(on: DispatchQueue.main)
            .sink { [weak self] _ in self?.tableView.reloadData() }
            .store(in: &cancellables)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)

        // Each return to the screen adds another sink: analytics fire once more per visit.
        viewModel.$posts
            .map(\.count)
            .sink { count in Analytics.log("feed_shown", ["count": count]) }
            .store(in: &cancellables)

        // Emptied in viewDidDisappear: lives only while the screen is visible.
        NotificationCenter.default.publisher(for: UIApplication.willEnterForegroundNotification)
            .sink { [weak self] _ in self?.viewModel.refresh() }
            .store(in: &visibleCancellables)

        // A single AnyCancellable? property: assigning cancels the previous one.
        refreshSubscription = Timer.publish(every: 60, on: .main, in: .common)
            .autoconnect()
            .sink { [weak self] _ in self?.viewModel.refresh() }
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        viewModel.unreadCount
            .sink { [weak self] count in self?.tabBarItem.badgeValue = count > 0 ? "\(count)" : nil }
            .store(in: &cancellables)
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        visibleCancellables.removeAll()
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        viewModel.posts.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: FeedCell.reuseIdentifier, for: indexPath) as! FeedCell
        let post = viewModel.posts[indexPath.row]
        cell.configure(with: post)

        // Stored in the controller's bag: one more subscription per row shown, never released.
        post.$commentCount
            .sink { [weak cell] count in cell?.detailTextLabel?.text = "\(count) comments" }
            .store(in: &cellCancellables)

        // Stored in the cell's bag, which FeedCell.prepareForReuse does not empty.
        post.$isLiked
            .sink { [weak cell] liked in cell?.accessoryType = liked ? .checkmark : .none }
            .store(in: &cell.cancellables)
        return cell
    }
}
