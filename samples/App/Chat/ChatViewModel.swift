import Combine
import Foundation

/// Messages of one conversation, the peers typing, and the peer's presence.
final class ChatViewModel: ObservableObject {
    @Published private(set) var messages: [Message] = []
    @Published private(set) var typingUsers: [String] = []
    @Published private(set) var isPeerOnline = false
    @Published var selectedThreadID: Thread.ID?
    @Published private(set) var attachments: [Attachment] = []

    private let service: ChatService
    private var cancellables = Set<AnyCancellable>()

    init(service: ChatService) {
        self.service = service
        bindThreads()
        bindAttachments()
        bindReadReceipts()
    }

    /// Wrong: each selected thread adds one more live message subscription (nested_sink).
    private func bindThreads() {
        $selectedThreadID
            .compactMap { $0 }
            .sink { [weak self] id in
                guard let self else { return }
                self.service.messages(in: id)
                    .receive(on: DispatchQueue.main)
                    .sink { [weak self] in self?.messages = $0 }
                    .store(in: &self.cancellables)
            }
            .store(in: &cancellables)
    }

    /// Correct: the previous thread's attachments are cancelled by switchToLatest.
    private func bindAttachments() {
        $selectedThreadID
            .compactMap { $0 }
            .map { [service] id in service.attachments(in: id).replaceError(with: []) }
            .switchToLatest()
            .receive(on: DispatchQueue.main)
            .assign(to: &$attachments)
    }

    /// Wrong: a receipt subscription per incoming batch, never cancelled (nested_sink).
    private func bindReadReceipts() {
        service.incoming
            .handleEvents(receiveOutput: { [weak self] batch in
                guard let self else { return }
                self.service.markRead(batch.map(\.id))
                    .sink(receiveCompletion: { _ in }, receiveValue: { _ in })
                    .store(in: &self.cancellables)
            })
            .sink { [weak self] batch in self?.messages.append(contentsOf: batch) }
            .store(in: &cancellables)
    }

    func prepend(_ page: [Message]) {
        messages.insert(contentsOf: page, at: 0)
    }

    func loadHistory() -> AnyPublisher<[Message], Error> {
        let before = messages.first?.id
        return Deferred { [service] in
            // Wrong (opt-in future_task_promise): the task is not cancelled with the subscription.
            Future<[Message], Error> { promise in
                Task {
                    do {
                        promise(.success(try await service.history(before: before)))
                    } catch {
                        promise(.failure(error))
                    }
                }
            }
        }
        .eraseToAnyPublisher()
    }

    func saveDraft(_ text: String) -> AnyPublisher<Void, Error> {
        // Wrong (opt-in future_task_promise).
        Future { promise in
            Task.detached(priority: .utility) {
                promise(Result { try await DraftStore.shared.save(text) })
            }
        }
        .eraseToAnyPublisher()
    }

    /// Correct: the task is kept and cancelled with the subscription.
    func typingPublisher() -> AnyPublisher<[String], Error> {
        Deferred { [service] in
            let subject = PassthroughSubject<[String], Error>()
            let task = Task {
                do {
                    for try await users in service.typingUpdates() { subject.send(users) }
                    subject.send(completion: .finished)
                } catch {
                    subject.send(completion: .failure(error))
                }
            }
            return subject.handleEvents(receiveCancel: { task.cancel() })
        }
        .eraseToAnyPublisher()
    }
}
