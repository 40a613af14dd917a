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
    /// Per scope: the nearest closure, function or type body or file at or around it
    /// (`ScopeOwners.declaring`): given, the chain meets only those, whatever blocks lie between.
    var declaring: [Int32]? = nil

    public struct Iterator: IteratorProtocol {
        let scopes: [Scope]
        let outsideNest: [Int32]?
        let declaring: [Int32]?
        var current: Int?

        public mutating func next() -> Int? {
            while let scope = current {
                if let outsideNest, case .closure(let c) = scopes[scope].kind {
                    let outside = Int(outsideNest[c])
                    current = outside >= 0 ? land(outside) : nil
                    continue
                }
                current = scopes[scope].parent.flatMap(land)
                return scope
            }
            return nil
        }

        /// The scope the walk stops at from `scope` on: itself, or with `declaring` the nearest
        /// declaration scope.
        func land(_ scope: Int) -> Int? {
            guard let declaring else { return scope }
            let d = declaring[scope]
            return d >= 0 ? Int(d) : nil
        }
    }

    public func makeIterator() -> Iterator {
        var iterator = Iterator(scopes: scopes, outsideNest: outsideNest, declaring: declaring, current: nil)
        iterator.current = iterator.land(first)
        return iterator
    }
}
