/// `[weak self]` written on a nested closure while the closure around it holds `self` strongly.
extension SelfCapture {
    /// A nested closure's weak or unowned capture of `self`: its capture list's brackets and specifier.
    public struct LateWeakCapture: Sendable, Hashable {
        public var list: ClosedRange<Int>
        public var specifier: CaptureSpecifier
    }

    /// The closures inside closure `c` whose `[weak self]` / `[unowned self]` is evaluated where
    /// `self` is still strong. A capture list runs when its closure is made, inside `c`, so `c` had
    /// to capture `self` first: such a capture comes too late to break a cycle through `c`.
    public static func lateWeakCaptures(in c: Int, of tree: SyntaxTree, lookup: TreeLookup) -> [LateWeakCapture] {
        let outer = tree.closures[c]
        guard outer.bodyStart < outer.close else { return [] }
        return lookup.closures(in: outer.bodyStart...(outer.close - 1)).compactMap { i in
            let inner = tree.closures[i]
            guard inner.close <= outer.close, let capture = inner.selfCapture, capture.specifier != .strong,
                  let list = inner.captureList, selfIsStrong(at: inner.open, in: tree) else { return nil }
            return LateWeakCapture(list: list, specifier: capture.specifier)
        }
    }
}
