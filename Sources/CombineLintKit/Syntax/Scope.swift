/// A region of code between braces (or the whole file), and what opened it.
public struct Scope: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case file
        case typeBody(Int)        // index into `types`
        case functionBody(Int)    // index into `functions` (also accessor and implicit getter bodies)
        case accessorBlock(Int)   // `{ get … set … }` or `{ willSet … didSet … }` of `variables[i]`
        case closure(Int)         // index into `closures`
        case controlFlow(ControlWord)  // `if`, `guard`, `for`, `while`, `switch`, `do`, `catch`, `else`, `repeat`, `defer`
        case other                // a brace whose role could not be told
    }
    public var kind: Kind
    /// Token index of the opening `{` (-1 for the file scope).
    public var open: Int
    /// Token index of the closing `}` (`tokens.count` for the file scope or an unclosed brace).
    public var close: Int
    public var parent: Int?

    public var isClosure: Bool { if case .closure = kind { return true } else { return false } }
    /// Whether `token` lies strictly inside the braces.
    public func contains(_ token: Int) -> Bool { token > open && token < close }
}

/// The keyword of a control-flow statement whose body a brace opens. An enum rather than a
/// String keeps `Scope` a plain value, copied without reference counting.
public enum ControlWord: String, Sendable, Hashable {
    case `if`, `guard`, `while`, `for`, `switch`, `do`, `catch`, `else`, `repeat`, `defer`
}
