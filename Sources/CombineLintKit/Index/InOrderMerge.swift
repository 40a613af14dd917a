import Foundation

/// Runs the index merge (with the gathering of observed names and the numbering of each file's
/// identifier and element keys, also in input order) while files are still being indexed. Workers
/// hand in each file's entries and keys with `add(_:keys:ofFile:)`; whichever worker finds the next
/// file in input order ready merges it, and every later one that is ready, while the other workers
/// go on. The merge thus runs in input order, as a merge afterwards would (same result for any
/// number of workers), but off the critical path: only the files finished last remain to merge when
/// the workers stop.
final class InOrderMerge: @unchecked Sendable {
    /// What the merge gathers, read once every file is in.
    struct Result {
        var merge: EntryMerge
        var observed: ObservedNames
        /// The numbers of the files' identifier keys and chain element keys (`FileKeys`).
        var identifiers: NameNumbering
        var elements: NameNumbering
    }

    // `lock` guards `ready`, `next` and `merging`. A slot belongs to its file's worker until it is
    // marked ready, then to the one worker that holds the merging role (taken and given back under
    // the lock), as do `result` and the merged entries.
    private let lock = NSLock()
    private var ready: [Bool]
    private var next = 0
    private var merging = false
    /// Each file's entries and keys, from `add` until merged (then moved out, freeing them early).
    private let slots: UnsafeMutablePointer<(entries: IndexEntries, keys: FileKeys)>
    private var result: Result

    init(files: Int, expectedTypes: Int) {
        ready = Array(repeating: false, count: files)
        slots = .allocate(capacity: max(files, 1))
        result = Result(merge: EntryMerge(capacity: expectedTypes), observed: ObservedNames(),
                        identifiers: NameNumbering(files: files), elements: NameNumbering(files: files))
    }

    deinit {
        // Entries handed in but never merged (only when the result was not read).
        for file in next..<ready.count where ready[file] { (slots + file).deinitialize(count: 1) }
        slots.deallocate()
    }

    /// Takes in file `file`'s entries and keys, and merges what is now next in input order unless
    /// another worker is merging already (it then merges them before it stops).
    func add(_ entries: __owned IndexEntries, keys: __owned FileKeys, ofFile file: Int) {
        (slots + file).initialize(to: (entries, keys))
        lock.lock()
        ready[file] = true
        guard !merging else {
            lock.unlock()
            return
        }
        merging = true
        while next < ready.count && ready[next] {
            let merged = next
            next += 1
            lock.unlock()
            absorb((slots + merged).move())
            lock.lock()
        }
        merging = false
        lock.unlock()
    }

    /// One file's part of everything that is gathered in input order.
    private func absorb(_ file: __owned (entries: IndexEntries, keys: FileKeys)) {
        var entries = file.entries
        result.observed.add(entries)
        result.merge.add(&entries.types)
        result.identifiers.add(file.keys.identifiers)
        result.elements.add(file.keys.elements)
    }

    /// The finished merge and observed names: call once every file is in and
    /// the workers have stopped.
    func finished() -> Result {
        lock.lock()
        defer { lock.unlock() }
        precondition(next == ready.count && !merging, "the index merge was read before every file was merged")
        return result
    }
}
