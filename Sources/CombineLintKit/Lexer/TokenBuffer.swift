/// The lexer's growing token storage: a raw buffer without the uniqueness and bounds checks an
/// `Array` pays on every append, copied once into an exactly sized `[Token]` at the end.
struct TokenBuffer {
    private(set) var base: UnsafeMutablePointer<Token>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    @inline(__always) mutating func append(_ token: Token) {
        if count == capacity { grow() }
        (base + count).initialize(to: token)
        count += 1
    }

    /// Adds `flags` to the last token, if any.
    @inline(__always) mutating func insertFlagsInLast(_ flags: TokenFlags) {
        guard count > 0 else { return }
        base[count - 1].flags.formUnion(flags)
    }

    @inline(__always) var last: Token? { count > 0 ? base[count - 1] : nil }

    private mutating func grow() {
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Token>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// The tokens as an array; the buffer is freed and must not be used afterwards.
    mutating func finish() -> [Token] {
        let tokens = Array(UnsafeBufferPointer(start: base, count: count))
        base.deinitialize(count: count)
        base.deallocate()
        count = 0
        capacity = 0
        return tokens
    }
}
