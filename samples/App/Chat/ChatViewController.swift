import Combine
import UIKit

/// The conversation screen: a message list, a composer and a typing indicator.
final class ChatViewController: UIViewController {
    private let viewModel: ChatViewModel
    private let tableView = UITableView()
    private let typingLabel = UILabel()
    private let composer = ComposerView()
    private var cancellables = Set<AnyCancellable>()
    private var presenceCancellables = Set<AnyCancellable>()
    private var draftCancellable: AnyCancellable?

    init(viewModel: ChatViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        // Correct: bound once, for the life of the screen.
        bindMessages()
        let refresh = UIRefreshControl()
        refresh.addTarget(self, action: #selector(reloadHistory), for: .valueChanged)
        tableView.refreshControl = refresh
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        startTypingIndicator()
        observePresence()
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        // Correct: presence follows visibility, emptied on each disappearance.
        presenceCancellables.removeAll()
    }

    private func bindMessages() {
        viewModel.$messages
            .receive(on: DispatchQueue.main)
            .sink { [weak self] _ in self?.tableView.reloadData() }
            .store(in: &cancellables)
    }

    /// Wrong: runs on every appearance and never empties `cancellables` (repeated_subscription).
    private func startTypingIndicator() {
        viewModel.$typingUsers
            .map { $0.isEmpty ? nil : "\($0.joined(separator: ", ")) typing…" }
            .receive(on: DispatchQueue.main)
            .assign(to: \.text, on: typingLabel)
            .store(in: &cancellables)
    }

    private func observePresence() {
        viewModel.$isPeerOnline
            .sink { [weak self] online in self?.navigationItem.prompt = online ? "online" : nil }
            .store(in: &presenceCancellables)
    }

    @objc private func reloadHistory() {
        fetchOlderMessages()
    }

    /// Wrong: every pull adds one more live subscription to the messages (repeated_subscription).
    private func fetchOlderMessages() {
        viewModel.$messages
            .map(\.count)
            .removeDuplicates()
            .sink { [weak self] count in self?.title = "\(count) messages" }
            .store(in: &cancellables)
        // Correct: the history request answers and ends, so a pull leaves nothing running.
        viewModel.loadHistory()
            .receive(on: DispatchQueue.main)
            .sink(receiveCompletion: { [weak self] _ in self?.tableView.refreshControl?.endRefreshing() },
                  receiveValue: { [weak self] page in self?.viewModel.prepend(page) })
            .store(in: &cancellables)
    }

    @IBAction private func draftChanged(_ sender: UITextField) {
        saveDraft(sender.text ?? "")
    }

    /// Correct: the single cancellable replaces (and cancels) the previous save.
    private func saveDraft(_ text: String) {
        draftCancellable = viewModel.saveDraft(text)
            .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
    }
}
