import Foundation

/// Messages read on a thread of their own while the server works, so that a `$/cancelRequest`
/// is seen as soon as it arrives (it marks the request, which the server then answers with
/// `RequestCancelled` instead of doing the work) and a burst of edits is taken in at once.
final class MessageQueue: @unchecked Sendable {
    /// What the reader thread hands over.
    enum Item {
        case message(RPCMessage)
        /// A message that cannot be read: the error to answer with.
        case invalid(RPCError)
        case end
    }

    private let condition = NSCondition()
    private var items: [Item] = []
    private var head = 0
    private var cancelled: Set<LSPJSON> = []
    private var ended = false

    /// Starts reading `reader` on a new thread.
    init(reader: MessageReader) {
        let thread = Thread { [self] in
            while true {
                let frame = reader.next()
                switch frame {
                case .end:
                    push(.end)
                    return
                case .badHeader(let problem):
                    push(.invalid(RPCError(code: RPCError.parseError, message: "malformed message header: \(problem)")))
                case .body(let body):
                    switch RPCMessage.decode(body) {
                    case .success(.notification(method: "$/cancelRequest", params: let params)):
                        markCancelled(params["id"])
                    case .success(let message): push(.message(message))
                    case .failure(let error): push(.invalid(error))
                    }
                }
            }
        }
        thread.stackSize = 8 << 20
        thread.start()
    }

    private func push(_ item: Item) {
        condition.lock()
        items.append(item)
        if case .end = item { ended = true }
        condition.signal()
        condition.unlock()
    }

    private func markCancelled(_ id: LSPJSON) {
        condition.lock()
        cancelled.insert(id)
        condition.unlock()
    }

    /// The next item, waiting for one.
    func next() -> Item {
        condition.lock()
        defer { condition.unlock() }
        while head == items.count { condition.wait() }
        let item = items[head]
        head += 1
        if head > 1024 && head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        return item
    }

    /// Whether an item is waiting (the server then defers diagnostics that the next edit would replace).
    var hasPending: Bool {
        condition.lock()
        defer { condition.unlock() }
        return head < items.count
    }

    /// Whether the client cancelled the request `id` (the mark is taken off: ids are not reused).
    func takeCancellation(of id: LSPJSON) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled.remove(id) != nil
    }
}
