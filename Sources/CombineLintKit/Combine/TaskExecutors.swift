/// Where the body of an unstructured `Task { … }` runs. A task inherits the actor isolation of the
/// context that starts it (SE-0304): started in a main-actor type's method it runs on the main
/// actor; started in a nonisolated context (a method of a plain class, or a `Future`'s closure in
/// one) it runs on the global concurrent executor, off the main thread, whoever called the method.
enum TaskExecutors {
    /// Whether closure `c`, the closure of a plain `Task { … }` (not `Task.detached`), starts in a
    /// context known to be nonisolated: every closure around it up to its function is another such
    /// `Task` or the closure of a `Future` or `Deferred` (which run where they are subscribed or made,
    /// isolated to nothing), none written `@MainActor in`, and the function is a method of a project
    /// type that is neither a main-actor type nor written `@MainActor` itself. A closure handed to any
    /// other call may be isolated by its parameter's type (SwiftUI's and UIKit's handlers are
    /// `@MainActor`), so it leaves the answer open.
    /// In an app whose build settings make the main actor the default isolation
    /// (`AppSettings.defaultsToMainActor`), a type written with no isolation is the main actor's:
    /// no context is known to be nonisolated.
    static func startsOffMainActor(taskClosure c: Int, in tree: SyntaxTree, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        if index.appSettings.defaultsToMainActor || tree.tokenIs(tree.closures[c].open + 1, "@MainActor") { return false }
        var next = tree.parentClosure(of: c)
        while let outer = next {
            if tree.tokenIs(tree.closures[outer].open + 1, "@MainActor") { return false }
            guard let call = tree.call(receiving: outer), call.element == 0 else { return false }
            let name = tree.chains[call.chain].elements[0].name
            guard name == Catalogue.taskType || Catalogue.oneShotRoots.contains(name) else { return false }
            next = tree.parentClosure(of: outer)
        }
        let open = tree.closures[c].open
        guard let f = tree.enclosingFunction(of: open), let t = tree.enclosingType(of: open) else { return false }
        let function = tree.functions[f]
        if function.attributes.contains(where: { $0.hasSuffix("MainActor") }) { return false }
        if let v = function.variable, tree.variables[v].attributes.contains(where: { $0.hasSuffix("MainActor") }) { return false }
        return !MainActorTypes.isMainActor(typeAt: t, in: tree, index: index, memo: memo)
    }
}
