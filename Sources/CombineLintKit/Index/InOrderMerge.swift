import Foundation

/// Runs the index merge (with the gathering of observed names and appearance calls, also in input
/// order) while files are still being parsed. Workers call `fileDone(_:)` as each
/// file's entries are in; whichever worker finds the next file in input order ready merges it, and
/// every later one that is ready, while the other workers go on parsing. The merge thus runs in
/// input order, as a merge after parsing would (same result for any number of workers), but off the
/// critical path: only the files finished last remain to merge when parsing ends.
final class InOrderMerge: @unchecked Sendable {
    // `lock` guards `ready`, `next` and `merging`; `merge` and the merged entries' types belong
    // to the one worker that holds the merging role (taken and given back under the lock).
    private let lock = NSLock()
    private var ready: [Bool]
    private var next = 0
    private var merging = false
    private var merge: EntryMerge
    private var observed = ObservedNames()
    private var appearanceCalls: [String: [AppearanceCall]] = [:]
    private let entries: UnsafeMutablePointer<IndexEntries>?

    /// `entries` has a slot per file (nil when there is none), each initialised by its worker before `fileDone` names it.
    init(entries: UnsafeMutablePointer<IndexEntries>?, files: Int, expectedTypes: Int) {
        self.entries = entries
        ready = Array(repeating: false, count: files)
        merge = EntryMerge(capacity: expectedTypes)
    }

    /// Marks file `i`'s entries as ready, and merges what is now next in input order unless
    /// another worker is merging already (it then merges them before it stops).
    func fileDone(_ i: Int) {
        lock.lock()
        ready[i] = true
        guard !merging else {
            lock.unlock()
            return
        }
        merging = true
        while next < ready.count && ready[next] {
            let file = next
            next += 1
            lock.unlock()
            absorb(&entries![file])
            lock.lock()
        }
        merging = false
        lock.unlock()
    }

    /// One file's part of everything that is gathered in input order.
    private func absorb(_ file: inout IndexEntries) {
        observed.add(file)
        for (name, call) in file.appearanceCalls { appearanceCalls[name, default: []].append(call) }
        merge.add(&file.types)
    }

    /// The finished merge, observed names and appearance calls: call once every file is done and
    /// the workers have stopped.
    func result() -> (merge: EntryMerge, observed: ObservedNames, appearanceCalls: [String: [AppearanceCall]]) {
        lock.lock()
        defer { lock.unlock() }
        precondition(next == ready.count && !merging, "the index merge was read before every file was merged")
        return (merge, observed, appearanceCalls)
    }
}
