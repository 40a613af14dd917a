#if canImport(Combine)
import Combine
#else
import CombineStandIn
#endif
import CombineTrace

/// The posts a feed screen shows; the service outlives every screen.
final class FeedService {
    let posts = CurrentValueSubject<[String], Never>([])
    let refreshes = PassthroughSubject<Void, Never>()

    func publish(_ newPosts: [String]) { posts.send(newPosts) }
}

/// A screen with one leaky and one correct subscription, the way a view controller would have them.
final class FeedScreen {
    private let service: FeedService
    private var bag = Set<AnyCancellable>()
    private var visibleToken: AnyCancellable?
    private(set) var rendered: [String] = []
    private(set) var badge = 0

    init(service: FeedService) { self.service = service }

    func viewDidLoad() {
        // Defect: the token is dropped at once, so the subscription is cancelled before any refresh.
        _ = service.refreshes.trace("feed.refresh").sink { [weak self] in self?.badge += 1 }
    }

    func viewWillAppear() {
        // Defect: subscribing on every appearance into a bag that lives as long as the screen,
        // with `self` captured strongly: subscriptions pile up and the screen is never released.
        service.posts
            .trace("feed.leaky", describe: { "\($0.count) posts" })
            .sink { posts in self.rendered = posts }
            .store(in: &bag)

        // Correct: one token for the visible period, cancelled when the screen disappears.
        visibleToken = service.posts
            .trace("feed.visible", describe: { "\($0.count) posts" })
            .sink { [weak self] posts in self?.rendered = posts }
    }

    func viewWillDisappear() {
        visibleToken = nil
    }
}
