/// The elements of one chain, in order, indexed from 0: a view of the array that holds the
/// elements of all chains of a file (see `ElementStore`). Reading an element borrows it in place.
public struct ChainElements: RandomAccessCollection, Sendable, Hashable {
    /// The file's elements, and where this chain's begin (read directly by hot loops of the module).
    let storage: [ChainElement]
    let start: Int
    public let count: Int

    /// A chain's elements: `storage[range]`.
    init(storage: [ChainElement], range: Range<Int>) {
        self.storage = storage
        self.start = range.lowerBound
        self.count = range.count
    }

    /// Elements of their own (tests, and chains built outside a file's parse).
    public init(_ elements: [ChainElement]) {
        self.init(storage: elements, range: elements.indices)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> ChainElement {
        // Borrowed, not copied: a copy would retain and release every string and array of the element.
        _read {
            precondition(position >= 0 && position < count, "chain element index out of range")
            yield storage[start + position]
        }
    }

    /// Equal when the elements are, wherever they are stored.
    public static func == (lhs: ChainElements, rhs: ChainElements) -> Bool {
        lhs.elementsEqual(rhs)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}
