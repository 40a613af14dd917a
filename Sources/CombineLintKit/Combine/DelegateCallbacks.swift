/// Delegate callbacks that a framework object calls on a queue it was given (URLSession's delegate
/// queue, a CoreBluetooth manager's queue): where they run depends on how the type that implements
/// them made that object, which it usually does in the same file.
enum DelegateCallbacks {
    /// When token `token` is directly in a method named one of `names` (not in a closure), the
    /// bodies of that method's type in this file, extensions included (`extension Downloader:
    /// URLSessionDownloadDelegate` beside the class that makes the session); nil otherwise.
    static func ownerBodies(ofCallbackAround token: Int, named names: Set<String>, in tree: SyntaxTree) -> [ClosedRange<Int>]? {
        guard tree.enclosingClosures(of: token).isEmpty, let f = tree.enclosingFunction(of: token),
              tree.functions[f].kind == .function, names.contains(tree.functions[f].name),
              let t = tree.functions[f].enclosingType else { return nil }
        let name = tree.types[t].name
        return tree.types.compactMap { type -> ClosedRange<Int>? in
            guard type.name == name, let open = type.bodyOpen, let close = type.bodyClose else { return nil }
            return open...close
        }
    }

    /// Whether a `queue:` argument names a queue other than the main one (`nil` is the main one for
    /// the frameworks that take it: CoreBluetooth's managers, a capture output's delegate).
    static func namesBackgroundQueue(_ queue: Argument, in tree: SyntaxTree) -> Bool {
        let text = tree.text(queue.value.lowerBound, queue.value.upperBound).filter { !$0.isWhitespace }
        return !["nil", ".main", "DispatchQueue.main"].contains(text)
    }
}
