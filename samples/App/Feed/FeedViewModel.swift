import Combine
import Foundation

/// The feed screen's state: posts, loading flag, error text, the "new posts" banner and a refresh clock.
final class FeedViewModel: ObservableObject {
    @Published private(set) var posts: [Post] = []
    @Published private(set) var isLoading = false
    @Published var errorMessage: String?
    @Published var query = ""
    @Published private(set) var unreadCount = 0
    @Published private(set) var lastRefresh = Date()

    private let service: FeedService
    private let refreshClock = Timer.publish(every: 60, tolerance: 5, on: .main, in: .common)
    private var clockConnection: Cancellable?
    private var searchCancellable: AnyCancellable?
    private var cancellables = Set<AnyCancellable>()

    init(service: FeedService) {
        self.service = service

        // Correct: assign(to: &$…) returns nothing and ends with the view model.
        service.unreadCountPublisher
            .receive(on: DispatchQueue.main)
            .assign(to: &$unreadCount)

        // assign_to_self: the view model keeps the cancellable, the subscription keeps the view model.
        service.postsPublisher
            .receive(on: DispatchQueue.main)
            .assign(to: \.posts, on: self)
            .store(in: &cancellables)

        // Correct: a search replaces the previous one through its own property.
        $query
            .debounce(for: .milliseconds(300), scheduler: DispatchQueue.main)
            .removeDuplicates()
            .sink { [weak self] text in self?.search(text) }
            .store(in: &cancellables)
    }

    func startAutoRefresh() {
        // Correct: the connection is kept, so stopAutoRefresh() can end it.
        clockConnection = refreshClock.connect()
        refreshClock
            .sink { [weak self] date in self?.refresh(at: date) }
            .store(in: &cancellables)
    }

    func stopAutoRefresh() {
        clockConnection?.cancel()
        clockConnection = nil
    }

    func reload() {
        isLoading = true
        // discarded_cancellable: nothing keeps the request's cancellable, so it is cancelled at once
        // and isLoading never goes back to false.
        service.fetchPosts()
            .receive(on: DispatchQueue.main)
            .sink(receiveCompletion: { [weak self] completion in
                self?.isLoading = false
                if case .failure(let error) = completion { self?.errorMessage = error.localizedDescription }
            }, receiveValue: { [weak self] posts in
                self?.posts = posts
            })
    }

    func observeSession(_ session: SessionStore) {
        // assign_to_self, through an alias of self.
        let model = self
        session.$isSignedIn
            .map { !$0 }
            .assign(to: \.isLoading, on: model)
            .store(in: &cancellables)
    }

    func preview() {
        // Correct: Just completes during the call, so self is released before assign returns.
        Just([Post.placeholder])
            .assign(to: \.posts, on: self)
            .store(in: &cancellables)
    }

    private func search(_ text: String) {
        searchCancellable = service.search(text)
            .receive(on: DispatchQueue.main)
            .replaceError(with: [])
            .sink { [weak self] results in self?.posts = results }
    }

    private func refresh(at date: Date) {
        lastRefresh = date
        reload()
    }
}
