/// The elements of a file's chains while they are parsed: one growing buffer in which each chain's
/// elements follow the previous chain's. At the end they move into a single exactly sized array
/// that every chain of the file views (`ChainElements`): a chain costs no allocation of its own,
/// and no array keeps spare capacity (a corpus holds hundreds of thousands of chains).
struct ElementStore {
    /// The elements so far; `base[k]` reads and writes element k in place.
    private(set) var base: UnsafeMutablePointer<ChainElement>
    private(set) var count = 0
    private var capacity: Int
    /// Where the chain being parsed begins.
    private(set) var chainStart = 0
    /// The generic arguments written after an element's name (`<Int, Never>`), by element and
    /// name token, in order: few elements have them, so they are kept here, not in each element.
    private(set) var genericArguments: [(element: Int, nameToken: Int, text: String)] = []
    /// `#elseif`/`#else` branches that chains skipped, to be read as chains of their own
    /// (indices into `ConditionalAlternatives.branches`).
    var waitingBranches: [Int] = []

    init(capacity: Int) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    @inline(__always) mutating func append(_ element: __owned ChainElement) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    private mutating func grow() {
        let grown = UnsafeMutablePointer<ChainElement>.allocate(capacity: capacity * 2)
        grown.moveInitialize(from: base, count: count)
        base.deallocate()
        base = grown
        capacity *= 2
    }

    /// The number of elements of the chain being parsed.
    var chainCount: Int { count - chainStart }

    /// Keeps the chain being parsed; returns its elements' positions and starts the next chain.
    mutating func endChain() -> Range<Int> {
        let range = chainStart..<count
        chainStart = count
        return range
    }

    /// Records the generic arguments of the last element.
    mutating func recordGenericArguments(_ text: String) {
        genericArguments.append((count - 1, base[count - 1].nameToken, text))
    }

    /// Drops the chain being parsed.
    mutating func dropChain() {
        (base + chainStart).deinitialize(count: count - chainStart)
        while let last = genericArguments.last, last.element >= chainStart { genericArguments.removeLast() }
        count = chainStart
    }

    /// Hands the file's array of call parts to every element that has arguments or trailing closures.
    mutating func attachCallParts(_ parts: [Argument]) {
        for k in 0..<count where base[k].hasCallParts { base[k].attachCallParts(parts) }
    }

    /// Every kept element as one array of its exact size, and frees the buffer (call once, at the end).
    mutating func finish() -> [ChainElement] {
        dropChain()
        let all = [ChainElement](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let destination = buffer.baseAddress { destination.moveInitialize(from: base, count: count) }
            initialized = count
        }
        base.deallocate()
        count = 0
        chainStart = 0
        capacity = 0
        return all
    }
}
