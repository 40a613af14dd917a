/// One argument of a call: `label: value` or just `value`.
public struct Argument: Sendable, Hashable {
    public var label: String?
    /// Token range of the value (`first...last`); an empty argument list has no arguments.
    public var value: ClosedRange<Int>
    /// When the value is a closure literal, its index in `SyntaxTree.closures`.
    public var closure: Int?
    /// When the value is `&name`, an inout argument.
    public var isInout: Bool
}

/// A trailing closure: the first one unlabelled, later ones `label: { … }`.
public struct TrailingClosure: Sendable, Hashable {
    public var label: String?
    public var closure: Int
}

/// One step of a postfix chain: a name (`sink`, `$posts`, `viewModel`) with what follows it.
public struct ChainElement: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        /// The chain's first element: an identifier, `self`, `super`, `Self`, `$name`.
        case root
        /// `.name` after another element (also `?.name`).
        case member
        /// A root that is not a name: a collection literal, a string, a parenthesised expression, a key path, an implicit member (`.init`).
        case literal
    }
    public var kind: Kind
    /// The name, or the literal's text for short literals (`[…]` for collection literals).
    public var name: String
    public var nameToken: Int
    /// Generic arguments written right after the name (`<Int, Never>`), or empty.
    public var genericArguments: String
    /// Present when the element is called: `(…)` and/or trailing closures.
    public var arguments: [Argument]
    public var hasParentheses: Bool
    /// Token indices of `(` and `)` when present.
    public var openParen: Int?
    public var closeParen: Int?
    public var trailingClosures: [TrailingClosure]
    /// Subscripts applied after the element (`[0]`), as token ranges of the brackets.
    public var subscripts: [ClosedRange<Int>]
    /// The last token of this element (name, `)`, `}` of the last trailing closure, `]`, `?` or `!`).
    public var lastToken: Int

    /// Called with parentheses or a trailing closure.
    public var isCall: Bool { hasParentheses || !trailingClosures.isEmpty }
    /// Every closure passed to this call, as argument or trailing closure, in source order.
    public var closures: [Int] { arguments.compactMap(\.closure) + trailingClosures.map(\.closure) }
    /// The argument with this label.
    public func argument(_ label: String) -> Argument? { arguments.first { $0.label == label } }
    /// The labels of the arguments and trailing closures, `_` for none.
    public var argumentLabels: [String] {
        arguments.map { $0.label ?? "_" } + trailingClosures.map { $0.label ?? "_" }
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
    public var elements: [ChainElement]
    /// The first and last token (prefix `try`/`await` not included).
    public var first: Int
    public var last: Int
    public var context: ChainContext
    /// The innermost scope holding the chain (index into `SyntaxTree.scopes`).
    public var scope: Int
    /// Token index where the chain's statement starts.
    public var statementStart: Int

    public var root: ChainElement { elements[0] }
    /// The last element whose name is `name`, with its position.
    public func lastIndex(of name: String) -> Int? { elements.lastIndex { $0.name == name } }
    public func contains(_ name: String) -> Bool { elements.contains { $0.name == name } }
    /// Names of the elements, e.g. `["viewModel", "$posts", "map", "sink", "store"]`.
    public var names: [String] { elements.map(\.name) }
}
