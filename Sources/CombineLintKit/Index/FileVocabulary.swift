/// The names one file mentions: its identifiers, keywords and attribute names (`Published` for
/// `@Published`), and whether it projects a property with `$name`. Most files of an app never
/// name a Combine type or operator, so a rule that can only fire where some name is written asks
/// this first and skips the file at the cost of a binary search.
public struct FileVocabulary: Sendable {
    /// The names' keys, sorted, without repeats.
    private let keys: [UInt64]
    /// Some `$name` token other than a closure's `$0`, `$1`, ….
    public let hasProjection: Bool
    /// Set for a file the index does not know: it may mention anything.
    private let isEverything: Bool

    /// The vocabulary of a file's name keys, in any order and with repeats.
    init(keys unsorted: [UInt64], hasProjection: Bool) {
        var keys = unsorted
        keys.sort()
        var unique = 0
        for key in keys where unique == 0 || keys[unique - 1] != key {
            keys[unique] = key
            unique += 1
        }
        keys.removeLast(keys.count - unique)
        self.keys = keys
        self.hasProjection = hasProjection
        isEverything = false
    }

    private init(everything: ()) {
        keys = []
        hasProjection = true
        isEverything = true
    }

    /// A vocabulary that mentions every name (for a file the index does not know).
    public static let everything = FileVocabulary(everything: ())

    /// Whether the file mentions `name` (or, rarely, a name with the same key).
    public func mentions(_ name: NameKey) -> Bool {
        if isEverything { return true }
        var low = 0, high = keys.count
        while low < high {
            let mid = (low + high) / 2
            if keys[mid] < name.value { low = mid + 1 } else { high = mid }
        }
        return low < keys.count && keys[low] == name.value
    }

    /// Whether the file mentions one of the names.
    public func mentions(anyOf names: NameSet) -> Bool { names.keys.contains(where: mentions) }
}

/// Names whose keys are worked out once (a rule's anchor names are constants).
public struct NameSet: Sendable {
    public let keys: [NameKey]
    public init<S: Sequence>(_ names: S) where S.Element == String { keys = names.map(NameKey.init) }
}
