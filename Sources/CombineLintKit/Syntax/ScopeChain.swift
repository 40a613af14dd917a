/// The scopes around a token, innermost first, read one parent at a time: most walks stop at the
/// first function or type body, so no list of the whole chain is made.
///
/// Made with `outsideNest`, the chain leaves out closures: from a closure it goes straight to the
/// scope around the outermost closure of its function (the control-flow scopes between nested
/// closures are left out with them), so closures nested deep in each other cost one step, not
/// one per closure. Function and type bodies and the file are all met.
public struct ScopeChain: Sequence {
    let scopes: [Scope]
    let first: Int
    /// Per closure: the scope around the outermost closure it is nested in (`SyntaxTree.scopeOutsideClosureNest`).
    let outsideNest: [Int32]?

    public struct Iterator: IteratorProtocol {
        let scopes: [Scope]
        let outsideNest: [Int32]?
        var current: Int?

        public mutating func next() -> Int? {
            while let scope = current {
                if let outsideNest, case .closure(let c) = scopes[scope].kind {
                    let outside = Int(outsideNest[c])
                    current = outside >= 0 ? outside : nil
                    continue
                }
                current = scopes[scope].parent
                return scope
            }
            return nil
        }
    }

    public func makeIterator() -> Iterator { Iterator(scopes: scopes, outsideNest: outsideNest, current: first) }
}
