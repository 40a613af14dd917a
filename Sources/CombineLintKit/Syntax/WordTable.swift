/// The words the structure pass acts on, recognised from a token's bytes without making a
/// String: the pass runs once per code token, and most tokens are plain names.
enum Word: UInt8 {
    case none
    case modifier        // private, static, override, weak, … (contextual or reserved)
    case accessor        // get, set, willSet, didSet, _read, _modify, …
    case actor
    case `class`, `struct`, `enum`, `protocol`, `extension`
    case `func`, `init`, `deinit`, `subscript`, `var`, `let`
    case endsDeclaration // typealias, associatedtype, import, operator, precedencegroup
    case `case`
    case control         // if, guard, while, for, switch, do, catch, else, repeat, defer

    /// A keyword after which a name is being declared (`func name`, `case name`, `import Name`).
    var startsDeclaration: Bool {
        switch self {
        case .class, .struct, .enum, .protocol, .extension, .actor, .func, .`init`, .deinit, .subscript, .var, .let, .endsDeclaration, .case:
            return true
        case .none, .modifier, .accessor, .control:
            return false
        }
    }
}

/// Recognises the words of `Word` from a token's bytes. One shared instance, held by each file's
/// `TokenText`: reading its tables through an instance avoids a lazy-global check per token.
struct WordTable: Sendable {
    static let shared = WordTable()

    /// Candidates by first byte, each with its bytes and meaning.
    let byFirstByte: [[(bytes: [UInt8], word: Word)]]
    /// For each first byte, a bit per length (bit n: some word of length n starts with that
    /// byte): most names are rejected with one load, before comparing any bytes.
    let lengthsByFirstByte: [UInt32]

    private init() {
        var table = [[(bytes: [UInt8], word: Word)]](repeating: [], count: 256)
        func add(_ words: [String], _ word: Word) {
            for w in words { table[Int(w.utf8.first!)].append((Array(w.utf8), word)) }
        }
        add(Array(StructureBuilder.modifierWords), .modifier)
        // `init` is a declaration keyword first; the pass checks for init accessors itself.
        add(Array(StructureBuilder.accessorWords.subtracting(["init"])), .accessor)
        add(["actor"], .actor)
        add(["class"], .class)
        add(["struct"], .struct)
        add(["enum"], .enum)
        add(["protocol"], .protocol)
        add(["extension"], .extension)
        add(["func"], .func)
        add(["init"], .`init`)
        add(["deinit"], .deinit)
        add(["subscript"], .subscript)
        add(["var"], .var)
        add(["let"], .let)
        add(["typealias", "associatedtype", "import", "operator", "precedencegroup"], .endsDeclaration)
        add(["case"], .case)
        add(Array(StructureBuilder.controlWords), .control)
        byFirstByte = table
        lengthsByFirstByte = table.map { candidates in
            candidates.reduce(UInt32(0)) { $0 | 1 << UInt32($1.bytes.count) }
        }
    }

    /// The word token `token` spells, or `.none`.
    @inline(__always)
    func classify(_ token: Token, in bytes: [UInt8]) -> Word {
        let length = Int(token.length)
        guard length >= 2, length <= 20 else { return .none }
        let start = token.startOffset
        guard (lengthsByFirstByte[Int(bytes[start])] >> UInt32(length)) & 1 != 0 else { return .none }
        for candidate in byFirstByte[Int(bytes[start])] where candidate.bytes.count == length {
            var k = 1
            while k < length && bytes[start + k] == candidate.bytes[k] { k += 1 }
            if k == length { return candidate.word }
        }
        return .none
    }
}
