import Combine
import Foundation

/// Search screen model: the query typed in the search bar drives requests to the catalog API.
final class SearchViewModel: ObservableObject {
    @Published var query = ""
    @Published var category: Category = .all
    @Published private(set) var results: [Product] = []
    @Published private(set) var suggestions: [String] = []
    @Published private(set) var isSearching = false
    @Published private(set) var availability: [Product.ID: Bool] = [:]

    let retryTapped = PassthroughSubject<Void, Never>()

    private let api: CatalogAPI
    private let logger = Logger(subsystem: "shop", category: "search")
    private var cancellables = Set<AnyCancellable>()

    init(api: CatalogAPI) {
        self.api = api
        bindResults()
        bindSuggestions()
        bindCategory()
        bindRetry()
    }

    // Correct: one request at a time (switchToLatest cancels the previous one), errors handled
    // on the inner request so the search field keeps working after a failure.
    private func bindResults() {
        $query
            .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
            .removeDuplicates()
            .handleEvents(receiveOutput: { [weak self] _ in self?.isSearching = true })
            .map { [api] query in
                api.search(query)
                    .replaceError(with: [])
            }
            .switchToLatest()
            #if DEBUG
            .print("search results")
            #endif
            .receive(on: DispatchQueue.main)
            .sink { [weak self] products in
                self?.isSearching = false
                self?.results = products
            }
            .store(in: &cancellables)
    }

    // flatmap_without_switch: a slow answer for "sh" can land after the one for "shoes".
    // error_handling_outside_flatmap: one failed request ends the suggestions for good.
    private func bindSuggestions() {
        $query
            .filter { $0.count >= 2 }
            .debounce(for: .milliseconds(150), scheduler: RunLoop.main)
            .flatMap { [api] prefix in api.suggestions(for: prefix) }
            .replaceError(with: [])
            .receive(on: DispatchQueue.main)
            .print("suggestions")
            .assign(to: &$suggestions)
    }

    // flatmap_without_switch again (quickly switching categories can show the wrong list). The second
    // receive(on:) is needed: the requests of flatMap deliver on the network queue.
    private func bindCategory() {
        $category
            .removeDuplicates()
            .receive(on: DispatchQueue.main)
            .flatMap { [api] category in
                api.products(in: category)
                    .catch { _ in Just([]) }
            }
            .map { $0.sorted { $0.price < $1.price } }
            .receive(on: DispatchQueue.main)
            .sink { [weak self] in self?.results = $0 }
            .store(in: &cancellables)
    }

    // error_handling_outside_flatmap: a retry button whose second tap does nothing after a failure.
    // multiple_receive_on: RunLoop.main and DispatchQueue.main are the same thread.
    private func bindRetry() {
        retryTapped
            .map { [api, query] in api.search(query) }
            .switchToLatest()
            .catch { [logger] error -> Just<[Product]> in
                logger.error("search failed: \(error.localizedDescription)")
                return Just([])
            }
            .receive(on: RunLoop.main)
            .receive(on: DispatchQueue.main)
            .sink { [weak self] in self?.results = $0 }
            .store(in: &cancellables)
    }

    // Correct: a single check, not driven by typing; logging through handleEvents.
    func checkAvailability(of product: Product) {
        api.availability(of: product.id)
            .handleEvents(receiveOutput: { [logger] in logger.debug("availability \($0)") })
            .replaceError(with: false)
            .receive(on: DispatchQueue.main)
            .sink { [weak self] in self?.availability[product.id] = $0 }
            .store(in: &cancellables)
    }
}
