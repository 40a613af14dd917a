/// The structure of one file, built from its tokens: declarations, closures with their
/// captures, scopes, statements and postfix chains. Built once per file; read-only after.
///
/// Token indices everywhere refer to `tokens`, the file's code tokens (no trivia, no `#if` lines).
///
/// A class with constant properties only: it reads as a value, and handing a tree around (rules
/// ask `index.trees[t]` for other files all the time) costs one reference, not a copy of each of
/// its two dozen arrays.
public final class SyntaxTree: Sendable {
    public let file: SourceFile
    /// The file's comment tokens, in order (for suppression directives).
    public let comments: [Token]
    /// The code tokens: `allTokens` without whitespace, comments and `#if`/`#elseif`/`#else`/`#endif` lines.
    public let tokens: [Token]
    /// Per code token: a line break separates it from the previous code token.
    public let lineBreakBefore: TokenBits
    /// Per code token: index of the matching bracket, or -1.
    public let matching: TokenIndexTable
    /// Per code token: index of the innermost open bracket around it, or -1 at top level.
    public let enclosing: TokenIndexTable
    /// Per code token: it begins a statement.
    public let statementStarts: TokenBits
    /// Scopes; `scopes[0]` is the file.
    public let scopes: [Scope]
    /// Per code token: the innermost scope; a brace belongs to the scope it opens or closes.
    public let scopeOfToken: TokenIndexTable
    public let types: [TypeDecl]
    public let functions: [FunctionDecl]
    public let variables: [VariableDecl]
    /// Local variables by name, in source order (indices into `variables`).
    public let localsByName: [String: [Int]]
    /// For each type with many properties (over `SyntaxTree.memberTableThreshold`): its first
    /// property of each name (indices into `variables`), so that a question per use of a member
    /// does not read all of them. Smaller types are read through, which costs less than a table each.
    let memberTables: [Int: [String: Int]]
    public let closures: [Closure]
    public let chains: [Chain]
    /// Each chain's first token, in order: what the binary searches of `chainIndices(in:)` read
    /// (a compact array, not a stride over whole chains).
    let chainFirsts: [Int32]
    /// The elements of all chains, in order: the array each chain's `elements` views.
    let chainElements: [ChainElement]
    /// Generic arguments written after an element's name (`<Int, Never>`), by its name token.
    let genericArgumentsByNameToken: TokenKeyedTable<String>
    /// The call element owning each `(` token: its chain and element index (see `call(openedAt:)`).
    let callsByOpenParen: TokenKeyedTable<CallReference>
    /// Per closure: the call (chain, element) it is passed to, as argument or trailing closure, or
    /// (-1, -1). Made once so that "which call receives this closure" is a lookup.
    let callReceivingClosure: [(chain: Int32, element: Int32)]
    /// Per closure: the closure around it in the same function, or -1. Walks out through nested
    /// closures then skip the control-flow scopes between them, and deep nesting stays linear.
    let closureParent: [Int32]
    /// Per closure: the outermost closure around it in the same function (itself if none), and
    /// the scope around that one: walks out to a function or type take one step per nest.
    let closureRoot: [Int32]
    let scopeOutsideClosureNest: [Int32]
    /// Per scope: the function, type, method and closure a token in it stands in.
    let owners: ScopeOwners
    /// The parameter names of all the file's closures: where a name is none of them, a search
    /// for the parameter it names need not look at closures.
    public let closureParameterNames: Set<String>
    /// Per closure: the nearest closure around it in the same function that binds `self` anew,
    /// capturing it weakly (`[weak self]`, `[unowned self]`) or unwrapping it (`guard let self`),
    /// or -1: the closures between hold `self` as they got it.
    let selfBindingAncestor: [Int32]
    /// The code tokens that refer to `self` as a value (`isSelfReference`), in order: a closure's
    /// first use of `self` is a binary search, not a scan of its body (nested bodies overlap).
    let selfTokens: [Int32]
    /// Reads token texts for the queries (kept, not made per query: rules ask per token).
    let textReader: TokenText

    /// A call inside a chain.
    public struct CallReference: Sendable, Hashable {
        public var chain: Int
        public var element: Int
    }

    public convenience init(file: SourceFile) {
        self.init(file: file, layer: TokenLayer(bytes: file.bytes))
    }

    /// The tree of a file whose tokens are already known (`allTokens` as `Lexer.tokenize` gives them).
    public convenience init(file: SourceFile, allTokens: [Token]) {
        self.init(file: file, layer: TokenLayer(allTokens: allTokens, bytes: file.bytes))
    }

    init(file: SourceFile, layer: TokenLayer) {
        self.file = file
        self.comments = layer.comments
        let text = TokenText(bytes: file.bytes, tokens: layer.tokens)
        var builder = StructureBuilder(text: text, layer: layer)
        builder.build()
        let starts = StatementStarts.compute(layer: layer, text: text, closures: builder.closures,
                                             scopes: builder.scopes, scopeOfToken: builder.scopeOfToken)
        let byName = TokenKeyedTable(builder.variables.indices.map { (key: builder.variables[$0].nameToken, value: $0) })
        let parser = ChainParser(layer: layer, t: text, scopes: builder.scopes, scopeOfToken: builder.scopeOfToken,
                                 closures: builder.closures, functions: builder.functions, variables: builder.variables,
                                 statementStarts: starts, variableByNameToken: byName,
                                 alternatives: layer.directives.isEmpty ? nil
                                     : ConditionalAlternatives(layer.directives, tokenCount: layer.tokens.count))
        self.tokens = layer.tokens
        self.textReader = text
        self.lineBreakBefore = TokenBits(layer.lineBreakBefore)
        self.matching = TokenIndexTable(layer.matching)
        self.enclosing = TokenIndexTable(layer.enclosing)
        self.statementStarts = TokenBits(starts)
        self.scopes = builder.scopes
        self.scopeOfToken = TokenIndexTable(builder.scopeOfToken)
        self.types = builder.types
        self.functions = builder.functions
        self.variables = builder.variables
        var locals: [String: [Int]] = [:]
        for (index, variable) in builder.variables.enumerated() where variable.isLocal {
            locals[variable.name, default: []].append(index)
        }
        self.localsByName = locals
        var tables: [Int: [String: Int]] = [:]
        for (t, type) in builder.types.enumerated() where type.variables.count > SyntaxTree.memberTableThreshold {
            var table: [String: Int] = [:]
            for v in type.variables where table[builder.variables[v].name] == nil { table[builder.variables[v].name] = v }
            tables[t] = table
        }
        self.memberTables = tables
        self.closures = builder.closures
        let (chains, elements, generics) = parser.parse()
        self.chains = chains
        self.chainFirsts = chains.map { Int32($0.first) }
        self.chainElements = elements
        self.genericArgumentsByNameToken = generics
        var calls: [(key: Int, value: CallReference)] = []
        var callCount = 0
        for c in chains.indices {
            for e in chains[c].elements.indices where chains[c].elements[e].openParen != nil { callCount += 1 }
        }
        calls.reserveCapacity(callCount)
        for c in chains.indices {
            for e in chains[c].elements.indices {
                if let open = chains[c].elements[e].openParen { calls.append((open, CallReference(chain: c, element: e))) }
            }
        }
        self.callsByOpenParen = TokenKeyedTable(calls)
        var receiving = [(chain: Int32, element: Int32)](repeating: (-1, -1), count: builder.closures.count)
        for c in chains.indices {
            for e in chains[c].elements.indices where chains[c].elements[e].isCall {
                chains[c].elements[e].forEachClosure { closure in
                    if receiving[closure].chain < 0 { receiving[closure] = (Int32(truncatingIfNeeded: c), Int32(truncatingIfNeeded: e)) }
                }
            }
        }
        self.callReceivingClosure = receiving
        let closureOfScope = ScopeOwners.innermostClosures(of: builder.scopes)
        self.closureParent = builder.closures.map { closure in
            builder.scopes[closure.scope].parent.map { closureOfScope[$0] } ?? -1
        }
        self.selfBindingAncestor = SyntaxTree.selfBindingAncestors(closures: builder.closures, parents: closureParent)
        self.closureParameterNames = Set(builder.closures.lazy.flatMap(\.parameters))
        let roots = SyntaxTree.closureRoots(parents: closureParent)
        self.closureRoot = roots
        self.scopeOutsideClosureNest = roots.map { root in
            Int32(truncatingIfNeeded: builder.scopes[builder.closures[Int(root)].scope].parent ?? -1)
        }
        self.owners = ScopeOwners(scopes: builder.scopes, functions: builder.functions, closures: closureOfScope,
                                  outsideNest: scopeOutsideClosureNest)
        self.selfTokens = layer.tokens.indices.compactMap { i in
            SyntaxTree.isSelfReference(i, tokens: layer.tokens, text: text) ? Int32(truncatingIfNeeded: i) : nil
        }
        // `chains(in:)` binary-searches: the parser emits chains in the order of their first token.
        assert(chains.indices.dropFirst().allSatisfy { chains[$0 - 1].first < chains[$0].first }, "chains out of order in \(file.path)")
    }
}
