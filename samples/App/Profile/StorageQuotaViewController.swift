import Combine
import UIKit

/// The storage section of the profile screen: the quota, the progress of the avatar upload, and
/// a summary of the usage history.
final class StorageQuotaViewController: UIViewController {
    private let quotaLabel = UILabel()
    private let progressView = UIProgressView()
    private let statsQueue = DispatchQueue(label: "profile.stats")
    private let api: QuotaAPI
    private var cancellables = Set<AnyCancellable>()

    init(api: QuotaAPI) {
        self.api = api
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) is not used")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        bindQuota()
        bindProgress()
        bindUsage()
    }

    // main_actor_background_delivery: dataTaskPublisher delivers on URLSession's queue, and the
    // sink sets a label there: Swift 6 stops the app, Swift 5 touches UIKit off the main thread.
    private func bindQuota() {
        URLSession.shared.dataTaskPublisher(for: api.quotaURL)
            .map(\.data)
            .decode(type: Quota.self, decoder: JSONDecoder())
            .map { "\($0.used) of \($0.total) MB" }
            .replaceError(with: "–")
            .sink { [weak self] text in self?.quotaLabel.text = text }
            .store(in: &cancellables)
    }

    // main_actor_background_delivery: the throttle's queue is the last scheduler step before the sink.
    private func bindProgress() {
        api.uploadProgress
            .throttle(for: .milliseconds(100), scheduler: statsQueue, latest: true)
            .sink { [weak self] fraction in self?.progressView.progress = Float(fraction) }
            .store(in: &cancellables)
    }

    // Correct: the formatting runs on statsQueue, and the title is set after the hop back to main.
    private func bindUsage() {
        api.usageHistory
            .receive(on: statsQueue)
            .map { UsageFormatter.summary(of: $0) }
            .receive(on: DispatchQueue.main)
            .sink { [weak self] summary in self?.title = summary }
            .store(in: &cancellables)
    }
}
