/// Numbers the keys of every file in input order, one file at a time: the first pass of a
/// `NamePostings` table, run by the in-order merge while later files are still parsed. Each file
/// keeps its keys' numbers (four bytes a name, where a key takes eight), and each number its count,
/// which is what the table needs to place the entries without looking at a key again.
struct NameNumbering: Sendable {
    private(set) var slots: NameSlots
    /// Per number: how many keys of all files have it.
    private(set) var counts: [Int32] = []
    /// Per file, in input order: the numbers of its keys, in order.
    private(set) var perFile: [[Int32]] = []
    /// How many keys were numbered.
    private(set) var total = 0

    init(files: Int) {
        // Apps repeat their names: the dev set has fewer than 20 distinct words a file (69,000 in
        // 4,025 files, comments included). The table grows when there are more; one sized for the
        // worst case would hold megabytes empty.
        slots = NameSlots(expected: files * 16)
        perFile.reserveCapacity(files)
    }

    /// Numbers the keys of the next file in input order.
    mutating func add(_ keys: [NameKey]) {
        let numbers = [Int32](unsafeUninitializedCapacity: keys.count) { buffer, initialized in
            for (k, key) in keys.enumerated() {
                let number = slots.number(for: key)
                if Int(number) == counts.count { counts.append(0) }
                counts[Int(number)] += 1
                buffer[k] = number
            }
            initialized = keys.count
        }
        total += keys.count
        perFile.append(numbers)
    }
}
