import Combine
import Foundation

/// Loads the receipt of an order: shows it, and shows its total in the title.
final class ReceiptLoader {
    @Published private(set) var receipt: Data?
    @Published private(set) var isLoading = false
    private var cancellables = Set<AnyCancellable>()

    // cold_publisher_subscribed_twice: two subscriptions, two downloads of the same receipt.
    func load(from url: URL) {
        let download = URLSession.shared.dataTaskPublisher(for: url).map(\.data)
        isLoading = true
        download
            .receive(on: DispatchQueue.main)
            .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.receipt = $0 })
            .store(in: &cancellables)
        download
            .map { _ in false }
            .replaceError(with: false)
            .receive(on: DispatchQueue.main)
            .sink { [weak self] in self?.isLoading = $0 }
            .store(in: &cancellables)
    }

    // cold_publisher_subscribed_twice: a Deferred runs its closure for each subscriber.
    func loadCached(key: String) {
        let cached = Deferred { Future<Data?, Never> { promise in promise(.success(ReceiptCache.read(key))) } }
        cached.zip(cached.map { $0 != nil })
            .sink { [weak self] data, _ in self?.receipt = data }
            .store(in: &cancellables)
    }

    // Correct: share() makes both subscribers use one download.
    func loadOnce(from url: URL) {
        let download = URLSession.shared.dataTaskPublisher(for: url).map(\.data).share()
        download
            .receive(on: DispatchQueue.main)
            .sink(receiveCompletion: { _ in }, receiveValue: { [weak self] in self?.receipt = $0 })
            .store(in: &cancellables)
        download
            .map { _ in false }
            .replaceError(with: false)
            .receive(on: DispatchQueue.main)
            .sink { [weak self] in self?.isLoading = $0 }
            .store(in: &cancellables)
    }
}

enum ReceiptCache {
    static func read(_ key: String) -> Data? { nil }
}
