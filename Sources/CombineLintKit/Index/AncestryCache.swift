import Foundation

/// Remembered answers of `ProjectIndex.inherits(_:from:)`. Rules ask whether each type of a file
/// is a cell, a view controller or an `ObservableObject`; without the cache, a chain of N classes
/// each inheriting from the one before would walk up to N ancestors for each of them.
///
/// Answers depend only on the index, so whichever worker records one first, all see the same.
final class AncestryCache: @unchecked Sendable {
    private let lock = NSLock()
    private var answers: [Question: Bool] = [:]

    struct Question: Hashable {
        var type: String
        var ancestor: String
    }

    func answer(_ question: Question) -> Bool? {
        lock.lock()
        defer { lock.unlock() }
        return answers[question]
    }

    func record(_ answer: Bool, for types: some Sequence<String>, ancestor: String) {
        lock.lock()
        defer { lock.unlock() }
        for type in types { answers[Question(type: type, ancestor: ancestor)] = answer }
    }
}
