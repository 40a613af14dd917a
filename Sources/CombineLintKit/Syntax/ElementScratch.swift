/// Reusable storage for the elements of the chain being parsed. A chain is built here and moved
/// out into an exactly sized array: no chain pays for growing its array, and none keeps spare
/// capacity (a corpus holds hundreds of thousands of chains).
struct ElementScratch {
    /// The elements so far; `base[k]` reads and writes element k in place.
    private(set) var base: UnsafeMutablePointer<ChainElement>
    private(set) var count = 0
    private var capacity: Int

    init() {
        capacity = 16
        base = .allocate(capacity: capacity)
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

    /// The elements as an array of their exact size; the scratch is empty after.
    mutating func take() -> [ChainElement] {
        // `reserveCapacity` then appends: the specialised path (an uninitialised-capacity
        // initialiser looked up the array's type metadata on every call).
        var taken: [ChainElement] = []
        taken.reserveCapacity(count)
        for k in 0..<count { taken.append((base + k).move()) }
        count = 0
        return taken
    }

    mutating func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }

    /// Releases the storage (once, when parsing ends).
    mutating func free() {
        removeAll()
        base.deallocate()
    }
}
