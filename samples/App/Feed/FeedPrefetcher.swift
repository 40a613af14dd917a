import Combine
import Foundation
import UIKit

/// Loads the images of the rows about to scroll into view, and the full-size image of the
/// selected row.
final class FeedPrefetcher: ObservableObject {
    @Published var selectedRow = 0
    @Published private(set) var selectedImage: UIImage?

    private let visibleRows = PassthroughSubject<[Int], Never>()
    private let loader: ImageLoader
    private var imageTask: Task<Void, Never>?
    private var cancellables = Set<AnyCancellable>()

    init(loader: ImageLoader) {
        self.loader = loader
        bindPrefetch()
        bindMemoryWarnings()
        bindSelection()
    }

    func rowsBecameVisible(_ rows: [Int]) {
        visibleRows.send(rows)
    }

    // unstored_task_in_sink: every scroll starts one more prefetch task; an old one can finish
    // after a newer one, and cancelling the subscription stops none of them.
    private func bindPrefetch() {
        visibleRows
            .removeDuplicates()
            .sink { [weak self] rows in
                Task { await self?.loader.prefetch(rows) }
            }
            .store(in: &cancellables)
    }

    // unstored_task_in_sink: the same in handleEvents, once per memory warning.
    private func bindMemoryWarnings() {
        NotificationCenter.default.publisher(for: UIApplication.didReceiveMemoryWarningNotification)
            .handleEvents(receiveOutput: { [weak self] _ in
                Task { await self?.loader.purge() }
            })
            .sink { _ in }
            .store(in: &cancellables)
    }

    // Correct: the task of the previous selection is cancelled before the next one starts.
    private func bindSelection() {
        $selectedRow
            .dropFirst()
            .sink { [weak self] row in
                self?.imageTask?.cancel()
                self?.imageTask = Task { [weak self] in
                    let image = await self?.loader.fullImage(row)
                    self?.selectedImage = image
                }
            }
            .store(in: &cancellables)
    }
}
