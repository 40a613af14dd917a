/// Swift's reserved words, looked up without creating a `String`: a candidate's bytes are
/// packed into two `UInt64`s and compared with the few keywords of the same length.
///
/// Borderline decisions (documented for the syntax layer):
/// - `_` is a keyword (Swift reserves it: wildcard pattern, unnamed parameter).
/// - `Any`, `await`, `open`, `throws`, `rethrows` are keywords as the issue lists them.
/// - Contextual words stay identifiers: `actor async some any weak unowned lazy get set willSet
///   didSet mutating override final convenience required nonisolated indirect dynamic optional
///   macro package consume borrowing consuming each Type Protocol`.
/// - After a `.` (member access, `.default`, `NotificationCenter.default`, `.class`) a reserved
///   word is an identifier, except `self` and `init` (`x.self`, `.init(…)`, `super.init`).
enum Keywords {
    /// How a reserved word behaves in the lexer's regex-versus-division decision.
    enum Role: UInt8 {
        case none = 0
        /// Declaration and statement words: an expression may start after them (`return /x/`).
        case introducer
        /// Words that are values (`self`, `nil`, `true` …): a `/` after them is a division.
        case value
    }

    struct Entry {
        let lo: UInt64
        let hi: UInt64
        let role: Role
        let keepsKeywordAfterPeriod: Bool
    }

    static let introducers = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init",
        "inout", "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public",
        "rethrows", "static", "struct", "subscript", "typealias", "var",
        "break", "case", "catch", "continue", "default", "defer", "do", "else", "fallthrough", "for", "guard",
        "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "as", "await", "is", "throws", "try",
    ]
    static let values = ["Any", "false", "nil", "self", "Self", "super", "true", "_"]

    /// Every reserved word.
    static var all: [String] { introducers + values }

    static let maxLength = 15

    /// Entries by length (index = length).
    static let table: [[Entry]] = {
        var table = [[Entry]](repeating: [], count: maxLength + 1)
        func add(_ word: String, _ role: Role) {
            let bytes = Array(word.utf8)
            let (lo, hi) = pack(bytes) { $0 }
            table[bytes.count].append(Entry(lo: lo, hi: hi, role: role,
                                            keepsKeywordAfterPeriod: word == "self" || word == "init"))
        }
        for word in introducers { add(word, .introducer) }
        for word in values { add(word, .value) }
        return table
    }()

    @inline(__always)
    static func pack<C: Collection>(_ bytes: C, _ byte: (C.Element) -> UInt8) -> (UInt64, UInt64) where C.Index == Int {
        var lo: UInt64 = 0, hi: UInt64 = 0
        var k = 0
        for i in bytes.indices {
            let b = UInt64(byte(bytes[i]))
            if k < 8 { lo |= b << UInt64(k * 8) } else { hi |= b << UInt64((k - 8) * 8) }
            k += 1
        }
        return (lo, hi)
    }

    /// The entry for `base[start..<end]` if it is a reserved word.
    @inline(__always)
    static func lookup(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, bufferCount: Int,
                       in table: [[Entry]]) -> Entry? {
        let length = end - start
        guard length <= maxLength else { return nil }
        let first = base[start]
        // Every keyword starts with a lowercase letter, `A`, `S` or `_`.
        guard first >= 0x61 || first == 0x41 || first == 0x53 || first == 0x5F else { return nil }
        let entries = table[length]
        guard !entries.isEmpty else { return nil }
        var lo: UInt64 = 0, hi: UInt64 = 0
        if length <= 8 && start + 8 <= bufferCount {
            // One unaligned load, masked to the word: bytes land as `pack` puts them (little-endian).
            let word = UInt64(littleEndian: UnsafeRawPointer(base + start).loadUnaligned(as: UInt64.self))
            lo = length == 8 ? word : word & ((1 << UInt64(length * 8)) - 1)
        } else {
            var k = 0
            while k < length {
                let b = UInt64(base[start + k])
                if k < 8 { lo |= b << UInt64(k * 8) } else { hi |= b << UInt64((k - 8) * 8) }
                k += 1
            }
        }
        for entry in entries where entry.lo == lo && entry.hi == hi { return entry }
        return nil
    }
}
