/// The lexer's growing token storage: a raw buffer without the uniqueness and bounds checks an
/// `Array` pays on every append. It starts in storage it is lent (the result array's own, so
/// that the usual case copies nothing) and moves to storage of its own when that fills up.
struct TokenBuffer: TokenSink {
    private(set) var base: UnsafeMutablePointer<Token>
    private(set) var count = 0
    private var capacity: Int
    /// Whether `base` was allocated here (after growing) rather than lent.
    private(set) var ownsStorage = false

    init(lent storage: UnsafeMutablePointer<Token>, capacity: Int) {
        base = storage
        self.capacity = capacity
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

    @inline(__always) var lastKind: TokenKind? { count > 0 ? base[count - 1].kind : nil }

    private mutating func grow() {
        let newCapacity = max(capacity * 2, 16)
        let newBase = UnsafeMutablePointer<Token>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        if ownsStorage { base.deallocate() }
        base = newBase
        capacity = newCapacity
        ownsStorage = true
    }

    /// The tokens as an exactly sized array, freeing storage of its own (call once, only when
    /// `ownsStorage`; lent storage belongs to its lender).
    mutating func finishOwned() -> [Token] {
        precondition(ownsStorage)
        let tokens = Array(UnsafeBufferPointer(start: base, count: count))
        base.deinitialize(count: count)
        base.deallocate()
        count = 0
        capacity = 0
        ownsStorage = false
        return tokens
    }
}
