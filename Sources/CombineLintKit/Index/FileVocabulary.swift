/// The names one file mentions: its identifiers, keywords and attribute names (`Published` for
/// `@Published`), and whether it projects a property with `$name`. Most files of an app never
/// name a Combine type or operator, so a rule that can only fire where some name is written asks
/// this first and skips the file at the cost of two bit tests.
///
/// Kept as a Bloom filter (two bits a name, about eight bits a name token): building it is one
/// pass with no sort, and it takes a byte a token. It may say yes for a name the file does not
/// mention (a few percent of absent names), which only costs a rule its shortcut; it never says
/// no for a name the file mentions.
public struct FileVocabulary: Sendable {
    private var bits: [UInt64]
    /// `bits.count * 64 - 1`: the bit positions are masked to the filter's size (a power of two).
    private let mask: UInt64
    /// Some `$name` token other than a closure's `$0`, `$1`, ….
    public internal(set) var hasProjection: Bool
    /// Set for a file the index does not know: it may mention anything.
    private let isEverything: Bool

    /// An empty vocabulary sized for about `expectedNames` name tokens.
    init(expectedNames: Int, hasProjection: Bool = false) {
        var words = 1
        while words * 64 < expectedNames * 8 { words <<= 1 }
        bits = [UInt64](repeating: 0, count: words)
        mask = UInt64(words * 64 - 1)
        self.hasProjection = hasProjection
        isEverything = false
    }

    private init(everything: ()) {
        bits = []
        mask = 0
        hasProjection = true
        isEverything = true
    }

    /// A vocabulary that mentions every name (for a file the index does not know).
    public static let everything = FileVocabulary(everything: ())

    /// The two bit positions of a key: from its low and its high half, mixed.
    @inline(__always) private func positions(_ key: UInt64) -> (Int, Int) {
        let mixed = (key ^ (key >> 31)) &* 0x9E37_79B9_7F4A_7C15
        return (Int(truncatingIfNeeded: mixed & mask), Int(truncatingIfNeeded: (mixed >> 32) & mask))
    }

    /// Records that the file mentions the name with this key.
    @inline(__always) mutating func insert(_ key: NameKey) {
        let (a, b) = positions(key.value)
        bits[a >> 6] |= 1 << UInt64(a & 63)
        bits[b >> 6] |= 1 << UInt64(b & 63)
    }

    /// Whether the file may mention `name`: false means it surely does not.
    public func mentions(_ name: NameKey) -> Bool {
        if isEverything { return true }
        let (a, b) = positions(name.value)
        return bits[a >> 6] & (1 << UInt64(a & 63)) != 0 && bits[b >> 6] & (1 << UInt64(b & 63)) != 0
    }

    /// Whether the file may mention one of the names.
    public func mentions(anyOf names: NameSet) -> Bool { names.keys.contains(where: mentions) }
}

/// Names whose keys are worked out once (a rule's anchor names are constants).
public struct NameSet: Sendable {
    /// The names, in the order given.
    public let names: [String]
    public let keys: [NameKey]
    public init<S: Sequence>(_ names: S) where S.Element == String {
        self.names = Array(names)
        keys = self.names.map(NameKey.init)
    }
}
