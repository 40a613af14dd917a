/// A read-only map from token index to a small payload, stored as two sorted 32-bit arrays and
/// searched by bisection: a file's calls and declarations would otherwise cost a hashed
/// dictionary per tree, built for every file and paid for in hashing and memory.
struct TokenKeyedTable<Value: Sendable>: Sendable {
    private let keys: [Int32]
    private let values: [Value]

    /// Entries in any order; for a repeated key the last entry wins, as in a dictionary filled in order.
    init(_ entries: [(key: Int, value: Value)]) {
        var increasing = true
        for k in entries.indices.dropFirst() where entries[k].key <= entries[k - 1].key { increasing = false; break }
        if increasing {
            // The usual case (declarations and calls arrive in token order): no sorting, no repeats.
            keys = entries.map { Int32(truncatingIfNeeded: $0.key) }
            values = entries.map(\.value)
            return
        }
        let order = entries.indices.sorted { entries[$0].key != entries[$1].key ? entries[$0].key < entries[$1].key : $0 < $1 }
        var keys: [Int32] = []
        var values: [Value] = []
        keys.reserveCapacity(order.count)
        values.reserveCapacity(order.count)
        for index in order {
            let key = Int32(truncatingIfNeeded: entries[index].key)
            if keys.last == key {
                values[values.count - 1] = entries[index].value
            } else {
                keys.append(key)
                values.append(entries[index].value)
            }
        }
        self.keys = keys
        self.values = values
    }

    /// The value stored for token `key`.
    subscript(key: Int) -> Value? {
        let position = lowerBound(key)
        guard position < keys.count, Int(keys[position]) == key else { return nil }
        return values[position]
    }

    /// The entry with the smallest key in `range`.
    func first(in range: Range<Int>) -> (key: Int, value: Value)? {
        let position = lowerBound(range.lowerBound)
        guard position < keys.count, Int(keys[position]) < range.upperBound else { return nil }
        return (Int(keys[position]), values[position])
    }

    private func lowerBound(_ key: Int) -> Int {
        var low = 0, high = keys.count
        while low < high {
            let mid = (low + high) >> 1
            if Int(keys[mid]) < key { low = mid + 1 } else { high = mid }
        }
        return low
    }
}
