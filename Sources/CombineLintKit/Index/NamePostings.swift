/// Entries grouped by name, every file's in input order: the index's answer to "where is this
/// name used?" in time proportional to the answer, never to the project.
///
/// Built file by file: each key is given a name number once (one probe of `NameSlots` per
/// entry), then the entries are counted and placed into one flat array, each name's entries a
/// contiguous run of it (no array per name).
public struct NamePostings<Entry: Sendable>: Sendable {
    private let slots: NameSlots
    /// Per name number: where its run starts in `entries`; one more at the end (the total).
    private let starts: [Int32]
    private let entries: [Entry]
    /// Lists that replace the built ones, by key: the names of files changed since the table was
    /// built (`ProjectIndex.replaceTree`). Empty for a lint run.
    private var overrides: [UInt64: [Entry]] = [:]
    /// How many entries the overriding lists hold (a measure of when to build the table anew).
    public private(set) var overridingCount = 0

    /// An empty table.
    public init() {
        slots = NameSlots(expected: 0)
        starts = [0]
        entries = []
    }

    /// The postings of `counts.count` files in input order: `emitKeys(file, emit)` emits a file's
    /// keys in order (`counts[file]` of them), `emitEntries(file, emit)` its entries in the same
    /// order. Neither keys nor entries are kept per file while the table is built (a project has
    /// millions of names): each key is numbered as it comes, each entry made once, in place.
    init(counts: [Int], emitKeys: (Int, (NameKey) -> Void) -> Void, emitEntries: (Int, (Entry) -> Void) -> Void) {
        let total = counts.reduce(0, +)
        // Apps repeat their names: about one distinct name per 20 or more uses (the table grows if not).
        var slots = NameSlots(expected: total / 20)
        var ids = [Int32](repeating: 0, count: total)
        var n = 0
        for file in counts.indices {
            emitKeys(file) { key in
                ids[n] = slots.number(for: key)
                n += 1
            }
        }
        precondition(n == total, "keys emitted differ from the counts given")
        var starts = [Int32](repeating: 0, count: slots.count + 1)
        for id in ids { starts[Int(id) + 1] += 1 }
        for i in 1..<starts.count { starts[i] += starts[i - 1] }
        self.slots = slots
        self.starts = starts
        var next = starts
        var filled: [Entry] = []
        if total > 0 {
            filled = [Entry](unsafeUninitializedCapacity: total) { buffer, count in
                n = 0
                for file in counts.indices {
                    emitEntries(file) { entry in
                        let id = Int(ids[n])
                        (buffer.baseAddress! + Int(next[id])).initialize(to: entry)
                        next[id] += 1
                        n += 1
                    }
                }
                precondition(n == total, "entries emitted differ from the keys given")
                count = total
            }
        }
        entries = filled
    }

    /// The postings of files whose keys are numbered already: `emitEntries(file, emit)` emits
    /// the entries of each file of `numbering`, in the order of its keys.
    init(numbering: NameNumbering, emitEntries: (Int, (Entry) -> Void) -> Void) {
        let total = numbering.total
        var starts = [Int32](repeating: 0, count: numbering.counts.count + 1)
        for (id, count) in numbering.counts.enumerated() { starts[id + 1] = starts[id] + count }
        self.slots = numbering.slots
        self.starts = starts
        var next = starts
        var filled: [Entry] = []
        if total > 0 {
            filled = [Entry](unsafeUninitializedCapacity: total) { buffer, count in
                var placed = 0
                for (file, numbers) in numbering.perFile.enumerated() {
                    var n = 0
                    emitEntries(file) { entry in
                        let id = Int(numbers[n])
                        (buffer.baseAddress! + Int(next[id])).initialize(to: entry)
                        next[id] += 1
                        n += 1
                    }
                    precondition(n == numbers.count, "entries emitted differ from the keys numbered")
                    placed += n
                }
                count = placed
            }
        }
        entries = filled
    }

    /// The postings of files given in input order, each as its `(key, entry)` pairs in order.
    init(perFile: [[(key: NameKey, entry: Entry)]]) {
        self.init(counts: perFile.map(\.count),
                  emitKeys: { file, emit in for pair in perFile[file] { emit(pair.key) } },
                  emitEntries: { file, emit in for pair in perFile[file] { emit(pair.entry) } })
    }

    /// The entries of names with this key, in input order (file, then position in the file).
    public subscript(key: NameKey) -> ArraySlice<Entry> {
        if !overrides.isEmpty, let list = overrides[key.value] { return list[...] }
        guard let id = slots.existingNumber(for: key) else { return [] }
        return entries[Int(starts[id])..<Int(starts[id + 1])]
    }

    /// The entries of `name` (and of any name sharing its key: check the name where it matters).
    public subscript(name: String) -> ArraySlice<Entry> { self[NameKey(name)] }

    /// How many entries the table was built with.
    public var count: Int { entries.count }

    /// Sets the entries of the name with this key.
    mutating func override(_ key: NameKey, with list: [Entry]) {
        overridingCount += list.count - (overrides[key.value]?.count ?? 0)
        overrides[key.value] = list
    }
}

/// An entry that lies in one file of the project (`ProjectIndex.trees[tree]`).
protocol TreeEntry: Sendable {
    var tree: Int { get }
}

extension DeclarationReference: TreeEntry {}
extension ElementReference: TreeEntry {}

extension ArraySlice where Element: TreeEntry {
    /// The entries that lie in file `tree`: entries are in input order, so they are one run,
    /// found by binary search.
    func entries(inTree tree: Int) -> ArraySlice<Element> {
        var low = startIndex, high = endIndex
        while low < high {
            let mid = (low + high) / 2
            if self[mid].tree < tree { low = mid + 1 } else { high = mid }
        }
        var end = low
        while end < endIndex, self[end].tree == tree { end += 1 }
        return self[low..<end]
    }
}

extension NamePostings where Entry: TreeEntry {
    /// Replaces the entries of file `tree`: `oldKeys` are the keys its entries had, `new` its
    /// entries now (in order). Each list stays in input order: the file's entries go where
    /// its old ones were. The cost is that of the lists of the file's names.
    mutating func replaceEntries(ofTree tree: Int, oldKeys: [NameKey], new: [(key: NameKey, entry: Entry)]) {
        var added: [UInt64: [Entry]] = [:]
        for pair in new { added[pair.key.value, default: []].append(pair.entry) }
        var touched = Set(oldKeys.map(\.value))
        touched.formUnion(added.keys)
        for value in touched {
            let key = NameKey(value: value)
            let current = self[key]
            let insert = added[value] ?? []
            var list: [Entry] = []
            list.reserveCapacity(current.count + insert.count)
            var placed = false
            for entry in current where entry.tree != tree {
                if !placed && entry.tree > tree {
                    list += insert
                    placed = true
                }
                list.append(entry)
            }
            if !placed { list += insert }
            override(key, with: list)
        }
    }
}

/// Numbers for name keys, 0, 1, 2, … in order of first sight: an open-addressing table with
/// linear probing. A project has millions of name tokens and some hundred thousand names, and
/// the key is already a hash, so it is used as is rather than hashed again by `Dictionary`.
struct NameSlots: Sendable {
    private var keys: [UInt64]
    /// The number given to the key in the same slot, or -1 for an empty slot.
    private var numbers: [Int32]
    private var mask: Int
    private(set) var count = 0

    init(expected: Int) {
        var capacity = 16
        while capacity < expected * 2 { capacity <<= 1 }
        keys = [UInt64](repeating: 0, count: capacity)
        numbers = [Int32](repeating: -1, count: capacity)
        mask = capacity - 1
    }

    @inline(__always) private func home(_ key: UInt64) -> Int {
        // The key's high bits mixed down: FNV's low bits alone cluster for similar names.
        Int(truncatingIfNeeded: ((key ^ (key >> 29)) &* 0x9E37_79B9_7F4A_7C15) >> 20) & mask
    }

    /// The key's number, given the next one when the key is new.
    mutating func number(for key: NameKey) -> Int32 {
        if count * 2 >= keys.count { grow() }
        var i = home(key.value)
        while numbers[i] >= 0 {
            if keys[i] == key.value { return numbers[i] }
            i = (i + 1) & mask
        }
        keys[i] = key.value
        numbers[i] = Int32(truncatingIfNeeded: count)
        count += 1
        return numbers[i]
    }

    func existingNumber(for key: NameKey) -> Int? {
        var i = home(key.value)
        while numbers[i] >= 0 {
            if keys[i] == key.value { return Int(numbers[i]) }
            i = (i + 1) & mask
        }
        return nil
    }

    private mutating func grow() {
        let oldKeys = keys
        let oldNumbers = numbers
        keys = [UInt64](repeating: 0, count: oldKeys.count * 2)
        numbers = [Int32](repeating: -1, count: oldKeys.count * 2)
        mask = keys.count - 1
        for (key, number) in zip(oldKeys, oldNumbers) where number >= 0 {
            var i = home(key)
            while numbers[i] >= 0 { i = (i + 1) & mask }
            keys[i] = key
            numbers[i] = number
        }
    }
}
