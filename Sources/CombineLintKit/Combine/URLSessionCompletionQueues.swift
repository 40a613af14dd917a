/// Where URLSession calls the completion handler of `dataTask`, `uploadTask` or `downloadTask`:
/// on the session's own serial delegate queue, never the main one, for `URLSession.shared` and for
/// a session property made by `URLSession(configuration:)` without a `delegateQueue:`. A session
/// made with `delegateQueue:` (which may be `.main`), or one the code does not show, is not known.
enum URLSessionCompletionQueues {
    /// Whether the task call at element `e` of `chain` (`URLSession.shared.dataTask(with:) { … }`,
    /// `session.dataTask(…)`, `self.session.uploadTask(…)`) runs its completion handler off the main thread.
    static func runsHandlerOffMain(_ chain: Chain, taskCall e: Int, tree: SyntaxTree, index: ProjectIndex) -> Bool {
        guard e > 0, chain.elements[e].isCall, Catalogue.urlSessionCompletionTaskMethods.contains(chain.elements[e].name) else { return false }
        let names = Array(chain.names[..<e])
        if names == ["URLSession", "shared"] { return true }
        // `session` or `self.session`: a stored property of the enclosing type.
        guard names.count == 1 || (names.count == 2 && names[0] == "self"), let name = names.last,
              let typeName = TypeResolver.enclosingTypeName(at: chain.first, in: tree),
              let property = index.property(name, ofType: typeName) else { return false }
        let initializer = property.initializerText.filter { !$0.isWhitespace }
        if initializer == "URLSession.shared" || initializer == ".shared" { return true }
        return initializer.hasPrefix("URLSession(configuration:") && !initializer.contains("delegateQueue")
    }
}
