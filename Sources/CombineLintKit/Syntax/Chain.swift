/// One argument of a call: `label: value` or just `value`.
public struct Argument: Sendable, Hashable {
    public var label: String?
    private var storedFirst: Int32
    private var storedLast: Int32
    private var storedClosure: Int32
    /// When the value is `&name`, an inout argument.
    public var isInout: Bool

    init(label: String?, value: ClosedRange<Int>, closure: Int?, isInout: Bool) {
        self.label = label
        self.storedFirst = Int32(truncatingIfNeeded: value.lowerBound)
        self.storedLast = Int32(truncatingIfNeeded: value.upperBound)
        self.storedClosure = Int32(truncatingIfNeeded: closure ?? -1)
        self.isInout = isInout
    }

    /// Token range of the value (`first...last`); an empty argument list has no arguments.
    public var value: ClosedRange<Int> {
        get { Int(storedFirst)...Int(storedLast) }
        set {
            storedFirst = Int32(truncatingIfNeeded: newValue.lowerBound)
            storedLast = Int32(truncatingIfNeeded: newValue.upperBound)
        }
    }
    /// When the value is a closure literal, its index in `SyntaxTree.closures`.
    public var closure: Int? {
        get { storedClosure >= 0 ? Int(storedClosure) : nil }
        set { storedClosure = Int32(truncatingIfNeeded: newValue ?? -1) }
    }
}

/// A trailing closure: the first one unlabelled, later ones `label: { … }`.
public struct TrailingClosure: Sendable, Hashable {
    public var label: String?
    public var closure: Int
}

/// One step of a postfix chain: a name (`sink`, `$posts`, `viewModel`) with what follows it.
///
/// Token positions are stored as 32-bit values (a whole corpus holds hundreds of thousands of
/// elements); the public properties read and write them as `Int`.
public struct ChainElement: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// The chain's first element: an identifier, `self`, `super`, `Self`, `$name`.
        case root
        /// `.name` after another element (also `?.name`).
        case member
        /// A root that is not a name: a collection literal, a string, a parenthesised expression, a key path, an implicit member (`.init`).
        case literal
    }
    /// The name, or the literal's text for short literals (`[…]` for collection literals).
    /// Generic arguments written right after it (`<Int, Never>`) are the tree's
    /// (`SyntaxTree.genericArguments(of:)`): few elements have them.
    public var name: String
    /// Subscripts applied after the element (`[0]`), as token ranges of the brackets.
    public var subscripts: [ClosedRange<Int>]
    /// The arguments and trailing closures of every call of the file, shared; this element's
    /// arguments start at `storedPartsStart`, its trailing closures follow them.
    private var callParts: [Argument]
    private var storedNameToken: Int32
    private var storedOpenParen: Int32
    private var storedCloseParen: Int32
    private var storedLastToken: Int32
    private var storedPartsStart: Int32
    private var storedArgumentCount: Int32
    private var storedTrailingCount: Int32
    public var kind: Kind
    public var hasParentheses: Bool

    init(kind: Kind, name: String, nameToken: Int, hasParentheses: Bool,
         openParen: Int?, closeParen: Int?, subscripts: [ClosedRange<Int>], lastToken: Int) {
        self.name = name
        self.subscripts = subscripts
        self.callParts = []
        self.storedNameToken = Int32(truncatingIfNeeded: nameToken)
        self.storedOpenParen = Int32(truncatingIfNeeded: openParen ?? -1)
        self.storedCloseParen = Int32(truncatingIfNeeded: closeParen ?? -1)
        self.storedLastToken = Int32(truncatingIfNeeded: lastToken)
        self.storedPartsStart = 0
        self.storedArgumentCount = 0
        self.storedTrailingCount = 0
        self.kind = kind
        self.hasParentheses = hasParentheses
    }

    /// Present when the element is called with parentheses.
    public var arguments: CallArguments {
        CallArguments(storage: callParts, start: Int(storedPartsStart), count: Int(storedArgumentCount))
    }
    /// `{ … }` after the call, the first unlabelled, later ones `label: { … }`.
    public var trailingClosures: TrailingClosures {
        TrailingClosures(run: CallArguments(storage: callParts, start: Int(storedPartsStart) + Int(storedArgumentCount),
                                            count: Int(storedTrailingCount)))
    }

    /// The parser records where this element's arguments and trailing closures are in the file's
    /// array of call parts (appended there in this order, with nothing between them)…
    mutating func recordArguments(start: Int, count: Int) {
        storedPartsStart = Int32(truncatingIfNeeded: start)
        storedArgumentCount = Int32(truncatingIfNeeded: count)
    }

    mutating func recordTrailingClosure(at position: Int) {
        if storedArgumentCount == 0 && storedTrailingCount == 0 { storedPartsStart = Int32(truncatingIfNeeded: position) }
        storedTrailingCount += 1
    }

    /// … and, once the file is parsed, hands it that array.
    var hasCallParts: Bool { storedArgumentCount > 0 || storedTrailingCount > 0 }
    mutating func attachCallParts(_ parts: [Argument]) { callParts = parts }

    public var nameToken: Int {
        get { Int(storedNameToken) }
        set { storedNameToken = Int32(truncatingIfNeeded: newValue) }
    }
    /// Token index of `(`, when present.
    public var openParen: Int? {
        get { storedOpenParen >= 0 ? Int(storedOpenParen) : nil }
        set { storedOpenParen = Int32(truncatingIfNeeded: newValue ?? -1) }
    }
    /// Token index of `)`, when present.
    public var closeParen: Int? {
        get { storedCloseParen >= 0 ? Int(storedCloseParen) : nil }
        set { storedCloseParen = Int32(truncatingIfNeeded: newValue ?? -1) }
    }
    /// The last token of this element (name, `)`, `}` of the last trailing closure, `]`, `?` or `!`).
    public var lastToken: Int {
        get { Int(storedLastToken) }
        set { storedLastToken = Int32(truncatingIfNeeded: newValue) }
    }

    /// Called with parentheses or a trailing closure.
    public var isCall: Bool { hasParentheses || storedTrailingCount > 0 }
    /// Every closure passed to this call, as argument or trailing closure, in source order.
    public var closures: [Int] { arguments.compactMap(\.closure) + trailingClosures.map(\.closure) }
    /// Calls `body` with each of `closures`, without making the array (every call of a file is asked).
    func forEachClosure(_ body: (Int) -> Void) {
        for argument in arguments { if let closure = argument.closure { body(closure) } }
        for trailing in trailingClosures { body(trailing.closure) }
    }
    /// The argument with this label.
    public func argument(_ label: String) -> Argument? { arguments.first { $0.label == label } }
    /// The argument this call passes for parameter `p` of `function`: by its label, or by position
    /// when the parameter has none.
    public func argument(forParameter p: Int, of function: FunctionDecl) -> Argument? {
        if let label = function.parameters[p].label { return argument(label) }
        return p < arguments.count && arguments[p].label == nil ? arguments[p] : nil
    }
    /// The labels of the arguments and trailing closures, `_` for none.
    public var argumentLabels: [String] {
        arguments.map { $0.label ?? "_" } + trailingClosures.map { $0.label ?? "_" }
    }

    /// Equal by what the element holds, not by where its call parts are stored.
    public static func == (lhs: ChainElement, rhs: ChainElement) -> Bool {
        lhs.name == rhs.name && lhs.kind == rhs.kind
            && lhs.hasParentheses == rhs.hasParentheses && lhs.storedNameToken == rhs.storedNameToken
            && lhs.storedOpenParen == rhs.storedOpenParen && lhs.storedCloseParen == rhs.storedCloseParen
            && lhs.storedLastToken == rhs.storedLastToken && lhs.subscripts == rhs.subscripts
            && lhs.arguments == rhs.arguments && lhs.trailingClosures == rhs.trailingClosures
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(kind)
        hasher.combine(hasParentheses)
        hasher.combine(storedNameToken)
        hasher.combine(storedOpenParen)
        hasher.combine(storedCloseParen)
        hasher.combine(storedLastToken)
        hasher.combine(subscripts)
        hasher.combine(arguments)
        hasher.combine(trailingClosures)
    }
}

/// How the value of a chain is used.
public enum ChainContext: Sendable, Hashable {
    /// Used as a statement on its own: the value is discarded.
    case statement
    /// `_ = chain`.
    case discardAssignment
    /// `let name = chain` / `var name = chain`: index into `SyntaxTree.variables`.
    case declaration(Int)
    /// `target = chain` or `target += chain`; the target's tokens.
    case assignment(target: ClosedRange<Int>, compound: Bool)
    /// `return chain`.
    case returned
    /// The only statement of a closure, a getter, or a function with a return type.
    case implicitReturn
    /// An argument of a call (or a parenthesised expression); `open` is the `(` token.
    case argument(open: Int)
    /// An element of an array or dictionary literal, or a subscript's argument; `open` is the `[` token.
    case collectionElement(open: Int)
    /// Inside a string interpolation.
    case interpolation
    /// Any other use: an operand, a condition, a pattern, a type position.
    case other
}

/// A postfix expression: a root followed by member accesses, calls, trailing closures,
/// subscripts, `?` and `!`: `viewModel.$posts.map { … }.sink { … }.store(in: &bag)`.
public struct Chain: Sendable, Hashable {
    public var elements: ChainElements
    public var context: ChainContext
    private var storedFirst: Int32
    private var storedLast: Int32
    private var storedScope: Int32
    private var storedStatementStart: Int32

    init(elements: ChainElements, first: Int, last: Int, context: ChainContext, scope: Int, statementStart: Int) {
        self.elements = elements
        self.context = context
        self.storedFirst = Int32(truncatingIfNeeded: first)
        self.storedLast = Int32(truncatingIfNeeded: last)
        self.storedScope = Int32(truncatingIfNeeded: scope)
        self.storedStatementStart = Int32(truncatingIfNeeded: statementStart)
    }

    /// The first and last token (prefix `try`/`await` not included).
    public var first: Int {
        get { Int(storedFirst) }
        set { storedFirst = Int32(truncatingIfNeeded: newValue) }
    }
    public var last: Int {
        get { Int(storedLast) }
        set { storedLast = Int32(truncatingIfNeeded: newValue) }
    }
    /// The innermost scope holding the chain (index into `SyntaxTree.scopes`).
    public var scope: Int {
        get { Int(storedScope) }
        set { storedScope = Int32(truncatingIfNeeded: newValue) }
    }
    /// Token index where the chain's statement starts.
    public var statementStart: Int {
        get { Int(storedStatementStart) }
        set { storedStatementStart = Int32(truncatingIfNeeded: newValue) }
    }

    /// Returned from its function or closure, with `return` or as its single expression.
    public var isReturned: Bool {
        switch context {
        case .returned, .implicitReturn: return true
        default: return false
        }
    }

    public var root: ChainElement { elements[0] }
    /// The last element whose name is `name`, with its position.
    public func lastIndex(of name: String) -> Int? { elements.lastIndex { $0.name == name } }
    public func contains(_ name: String) -> Bool { elements.contains { $0.name == name } }
    /// Names of the elements, e.g. `["viewModel", "$posts", "map", "sink", "store"]`.
    public var names: [String] { elements.map(\.name) }
}
