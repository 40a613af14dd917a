/// One flag per code token (a line break before it, the start of a statement), kept as bits:
/// a tree holds millions of tokens, and a `[Bool]` spends a byte on each flag.
public struct TokenBits: Sendable, Equatable {
    private let words: [UInt64]
    /// How many tokens have a flag.
    public let count: Int

    /// The flags of `flags`, one per token in order.
    public init(_ flags: [Bool]) {
        var words = [UInt64](repeating: 0, count: (flags.count + 63) / 64)
        for (i, flag) in flags.enumerated() where flag { words[i >> 6] |= 1 << UInt64(i & 63) }
        self.words = words
        count = flags.count
    }

    /// The flag of token `i` (`0 ..< count`).
    @inline(__always)
    public subscript(i: Int) -> Bool {
        precondition(i >= 0 && i < count, "token index out of range")
        return words[i >> 6] & (1 << UInt64(i & 63)) != 0
    }
}
