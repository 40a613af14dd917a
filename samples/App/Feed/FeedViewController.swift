import Combine
import UIKit

/// The feed screen: a table of posts, a pull-to-refresh control, a search field and an unread badge.
final class FeedViewController: UIViewController {
    private let viewModel: FeedViewModel
    private let tableView = UITableView()
    private let refreshControl = UIRefreshControl()
    private let badgeLabel = UILabel()
    private let emptyLabel = UILabel()
    private let searchField = UITextField()
    private var isBadgeVisible = false
    private var cancellables = Set<AnyCancellable>()

    init(viewModel: FeedViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Feed"
        bindViewModel()
        bindSearchField()
    }

    private func bindViewModel() {
        // Correct: weak self in the closure, cancellable stored in the screen's bag.
        viewModel.$posts
            .receive(on: DispatchQueue.main)
            .sink { [weak self] posts in
                self?.emptyLabel.isHidden = !posts.isEmpty
                self?.tableView.reloadData()
            }
            .store(in: &cancellables)

        // Correct: the target is the label, not the controller.
        viewModel.$unreadCount
            .map { $0 == 0 ? nil : String($0) }
            .assign(to: \.text, on: badgeLabel)
            .store(in: &cancellables)

        // assign_to_self: the controller keeps the cancellable and the subscription keeps the controller.
        viewModel.$unreadCount
            .map { $0 > 0 }
            .assign(to: \.isBadgeVisible, on: self)
            .store(in: &cancellables)

        // discarded_cancellable: the result is thrown away, so the spinner never follows isLoading.
        viewModel.$isLoading
            .receive(on: DispatchQueue.main)
            .sink { [weak self] loading in
                if !loading { self?.refreshControl.endRefreshing() }
            }

        // Correct: the error alert subscription is kept.
        viewModel.$errorMessage
            .compactMap { $0 }
            .sink { [weak self] message in self?.showError(message) }
            .store(in: &cancellables)
    }

    private func bindSearchField() {
        // discarded_cancellable: a local that is never used again is released at the end of this method.
        let textChanges = NotificationCenter.default
            .publisher(for: UITextField.textDidChangeNotification, object: searchField)
            .compactMap { ($0.object as? UITextField)?.text }
            .assign(to: \.query, on: viewModel)

        // Correct: the local is stored before the method returns.
        let returnKey = NotificationCenter.default
            .publisher(for: UIApplication.keyboardWillHideNotification)
            .sink { [weak self] _ in self?.searchField.resignFirstResponder() }
        cancellables.insert(returnKey)
    }

    private func showError(_ message: String) {
        let alert = UIAlertController(title: "Couldn't load the feed", message: message, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        present(alert, animated: true)
    }
}
