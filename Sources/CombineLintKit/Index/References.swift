/// Where a name stands in the project: references into `ProjectIndex.trees`, small enough that
/// the index holds one for every name of every file.

/// An identifier token: `trees[tree].tokens[token]` (the `item` of a file is its token).
public typealias TokenReference = DeclarationReference

extension DeclarationReference {
    /// The token, for a reference to an identifier token.
    public var token: Int { item }

    init(tree: Int, token: Int) { self.init(tree: tree, item: token) }
}

/// A chain element: `trees[tree].chains[chain].elements[element]`.
public struct ElementReference: Sendable, Hashable {
    private let storedTree: Int32
    private let storedChain: Int32
    private let storedElement: Int32
    public var tree: Int { Int(storedTree) }
    public var chain: Int { Int(storedChain) }
    public var element: Int { Int(storedElement) }

    init(tree: Int, chain: Int, element: Int) {
        storedTree = Int32(truncatingIfNeeded: tree)
        storedChain = Int32(truncatingIfNeeded: chain)
        storedElement = Int32(truncatingIfNeeded: element)
    }
}

/// An item of a file: a declaration (`trees[tree].functions[item]` or `trees[tree].types[item]`),
/// or a token (`TokenReference`).
public struct DeclarationReference: Sendable, Hashable {
    private let storedTree: Int32
    private let storedItem: Int32
    public var tree: Int { Int(storedTree) }
    public var item: Int { Int(storedItem) }

    init(tree: Int, item: Int) {
        storedTree = Int32(truncatingIfNeeded: tree)
        storedItem = Int32(truncatingIfNeeded: item)
    }
}

/// The keys of one file's identifier tokens and chain elements, in the order of the
/// `…References` functions below. Hashed on the parse workers, and numbered by the in-order
/// merge as soon as the file's turn comes (`InOrderMerge`, `NameNumbering`), so that no key is
/// kept for long: a file's numbers take half the room of its keys, and the numbering, the one
/// serial step of the postings, runs while later files are parsed.
struct FileKeys: Sendable {
    /// The keys of the identifier tokens (backticks removed), in token order.
    var identifiers: [NameKey] = []
    /// The keys of the chain elements, in chain and element order.
    var elements: [NameKey] = []
}

/// One file's names for the index's postings, gathered while its tree is fresh (pass 1, per
/// file, in parallel): its declarations and its vocabulary (the keys of its identifiers and
/// chain elements go to the merge: `keys`).
struct FileNames: Sendable {
    /// The keys of the identifier tokens and chain elements, until the merge takes them.
    var keys = FileKeys()
    var functions: [(key: NameKey, entry: DeclarationReference)] = []
    /// Type declarations and extensions, by the last component of the declared name.
    var types: [(key: NameKey, entry: DeclarationReference)] = []
    /// `typealias` declarations, by the declared name: the name's token.
    var typealiases: [(key: NameKey, entry: TokenReference)] = []
    /// Every name the file mentions.
    var vocabulary = FileVocabulary.everything

    init(of tree: SyntaxTree, at index: Int) {
        let tokens = tree.tokens
        var identifierCount = 0
        for token in tokens where token.kind == .identifier { identifierCount += 1 }
        var mentioned = FileVocabulary(expectedNames: identifierCount)
        var identifiers: [NameKey] = []
        identifiers.reserveCapacity(identifierCount)
        tree.file.bytes.withUnsafeBufferPointer { bytes in
            for token in tokens {
                switch token.kind {
                case .identifier:
                    let key = NameKey(token: token, in: bytes)
                    mentioned.insert(key)
                    identifiers.append(key)
                case .keyword:
                    mentioned.insert(NameKey(token: token, in: bytes))
                case .attribute where token.length > 1:
                    // `@Published` is mentioned as `Published`.
                    mentioned.insert(NameKey(bytes, (token.startOffset + 1)..<token.endOffset))
                case .dollarIdentifier where token.length > 1:
                    let second = bytes[token.startOffset + 1]
                    if !(second >= UInt8(ascii: "0") && second <= UInt8(ascii: "9")) { mentioned.hasProjection = true }
                default:
                    break
                }
            }
        }
        vocabulary = mentioned
        keys.identifiers = identifiers
        var elements: [NameKey] = []
        elements.reserveCapacity(tree.chainElements.count)
        FileNames.elementKeys(of: tree) { elements.append($0) }
        keys.elements = elements
        functions.reserveCapacity(tree.functions.count)
        for (f, function) in tree.functions.enumerated() {
            functions.append((NameKey(function.name), DeclarationReference(tree: index, item: f)))
        }
        types.reserveCapacity(tree.types.count)
        for (t, type) in tree.types.enumerated() {
            types.append((NameKey(type.name.lastNameComponent), DeclarationReference(tree: index, item: t)))
        }
        if mentioned.mentions(NameKey("typealias")) {
            for k in tree.tokens.indices.dropLast() where tree.tokens[k].kind == .keyword && tree.isWord(k, "typealias")
                && tree.tokens[k + 1].kind == .identifier {
                typealiases.append((NameKey(tree.name(k + 1)), TokenReference(tree: index, token: k + 1)))
            }
        }
    }
}

extension FileNames {
    /// The keys, leaving none here (they go to the merge).
    mutating func takeKeys() -> FileKeys {
        defer { keys = FileKeys() }
        return keys
    }

    /// The keys of a tree's identifier tokens (backticks removed), in token order.
    static func identifierKeys(of tree: SyntaxTree, _ emit: (NameKey) -> Void) {
        tree.file.bytes.withUnsafeBufferPointer { bytes in
            for token in tree.tokens where token.kind == .identifier { emit(NameKey(token: token, in: bytes)) }
        }
    }

    /// The references of a tree's identifier tokens, in the order of `identifierKeys`.
    static func identifierReferences(of tree: SyntaxTree, at index: Int, _ emit: (TokenReference) -> Void) {
        for (i, token) in tree.tokens.enumerated() where token.kind == .identifier { emit(TokenReference(tree: index, token: i)) }
    }

    /// The keys of a tree's chain elements, in chain and element order: a name element's from its
    /// token's bytes (no String is read), a literal's from its text.
    static func elementKeys(of tree: SyntaxTree, _ emit: (NameKey) -> Void) {
        let tokens = tree.tokens
        tree.file.bytes.withUnsafeBufferPointer { bytes in
            // All chains' elements lie in one array, each chain a range of it: read through one
            // buffer, so that no element is copied (each copy retains its strings and arrays).
            tree.chainElements.withUnsafeBufferPointer { all in
                for chain in tree.chains {
                    let start = chain.elements.start
                    for e in 0..<chain.elements.count {
                        // A literal, and the call of a call's result (`handler()(x)`, `f()?(x)`, named
                        // `()` at its parenthesis), are keyed by their names; the others by their tokens.
                        let named = all[start + e].kind == .literal || tokens[all[start + e].nameToken].kind == .leftParen
                        let key = named ? NameKey(all[start + e].name) : NameKey(token: tokens[all[start + e].nameToken], in: bytes)
                        assert(named || key == NameKey(all[start + e].name), "element name differs from its token")
                        emit(key)
                    }
                }
            }
        }
    }

    /// The references of a tree's chain elements, in the order of `elementKeys`.
    static func elementReferences(of tree: SyntaxTree, at index: Int, _ emit: (ElementReference) -> Void) {
        for c in tree.chains.indices {
            for e in 0..<tree.chains[c].elements.count { emit(ElementReference(tree: index, chain: c, element: e)) }
        }
    }
}
