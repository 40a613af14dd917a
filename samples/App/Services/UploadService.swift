import Combine
import Foundation
import UIKit

/// Uploads photos and documents to the storage backend, bridging the callback-based client to Combine.
final class UploadService {
    private let client: StorageClient
    private let queue = DispatchQueue(label: "upload.service", qos: .utility)
    private var cancellables = Set<AnyCancellable>()

    /// future_without_deferred: the quota request runs when the service is created, and every
    /// screen that subscribes later gets the same, possibly stale, answer.
    private lazy var quota = Future<Quota, Error> { [client] promise in
        client.fetchQuota { promise($0) }
    }

    init(client: StorageClient) {
        self.client = client
    }

    /// Correct: nothing is uploaded until someone subscribes, and each subscriber (and each
    /// retry) starts a new upload.
    func upload(_ photo: UIImage, name: String) -> AnyPublisher<URL, Error> {
        Deferred { [client] in
            Future<URL, Error> { promise in
                guard let data = photo.jpegData(compressionQuality: 0.8) else {
                    return promise(.failure(UploadError.encoding))
                }
                client.put(data, name: name) { promise($0) }
            }
        }
        .retry(2)
        .subscribe(on: queue)
        .receive(on: DispatchQueue.main)
        .eraseToAnyPublisher()
    }

    /// future_without_deferred (error): the retry resubscribes to the same Future and receives
    /// its cached failure again; the document is never sent a second time.
    func upload(document url: URL) -> AnyPublisher<URL, Error> {
        Future<URL, Error> { [client] promise in
            client.putFile(at: url) { promise($0) }
        }
        .retry(3)
        .eraseToAnyPublisher()
    }

    /// future_without_deferred: `delete` starts deleting as soon as it is called, even if the
    /// caller only keeps the publisher to subscribe after a confirmation dialog.
    func delete(_ remoteURL: URL) -> Future<Void, Error> {
        Future { [client] promise in
            client.delete(remoteURL) { promise($0) }
        }
    }

    /// Correct: the Future is made per value, inside flatMap, after subscription.
    func uploadAll(_ photos: [UIImage]) -> AnyPublisher<[URL], Error> {
        photos.publisher
            .flatMap(maxPublishers: .max(2)) { [client] photo in
                Future<URL, Error> { promise in
                    client.put(photo.pngData() ?? Data(), name: UUID().uuidString) { promise($0) }
                }
            }
            .collect()
            .eraseToAnyPublisher()
    }

    /// multiple_receive_on and print_operator: a leftover debug line and a second hop to main.
    func refreshQuota(into label: UILabel) {
        quota
            .receive(on: DispatchQueue.main)
            .map { "\($0.used) of \($0.total) used" }
            .print("quota")
            .replaceError(with: "Quota unavailable")
            .receive(on: DispatchQueue.main)
            .sink { [weak label] in label?.text = $0 }
            .store(in: &cancellables)
    }

    /// Correct: work moves to the service queue and back to main once.
    func thumbnails(for photos: [UIImage]) -> AnyPublisher<[UIImage], Never> {
        Just(photos)
            .receive(on: queue)
            .map { $0.map { $0.preparingThumbnail(of: CGSize(width: 120, height: 120)) ?? $0 } }
            .receive(on: DispatchQueue.main)
            .eraseToAnyPublisher()
    }

    /// The deletion the user is asked to confirm: kept until the answer, but `delete` already
    /// started it when it was called (the finding is on `delete`'s `Future`).
    private var pendingDeletion: Future<Void, Error>?

    func askToDelete(_ remoteURL: URL) {
        pendingDeletion = delete(remoteURL)
    }

    func confirmDeletion() {
        pendingDeletion?
            .sink(receiveCompletion: { _ in }, receiveValue: { })
            .store(in: &cancellables)
    }
}

enum UploadError: Error {
    case encoding
}
