/// The project's own operators that subscribe again to the publisher they are called on:
/// `extension Publisher { func retryWithBackoff(_ attempts: Int) -> AnyPublisher<Output, Failure> {
/// self.catch { _ in Just(()).delay(…).flatMap { _ in self.retryWithBackoff(attempts - 1) } } } }`.
/// Like Combine's `retry`, each of them resubscribes its upstream after a failure.
enum ProjectRetryOperators {
    /// `retry` and the names of the project's publisher-extension methods of which every declaration
    /// resubscribes the publisher it is called on (`resubscribesSelf`). Found once per run.
    static func names(index: ProjectIndex, memo: ProjectMemo) -> Set<String> {
        memo.value(for: "project-retry-operators") { () -> Set<String> in
            var names: Set<String> = Catalogue.retryOperators
            var judged = Set<String>()
            for (key, type) in index.types where type.kind == .extension && Catalogue.namesPublisherType(key) {
                for name in type.methods where judged.insert(name).inserted {
                    let methods = PublisherExtensions.methods(named: name, index: index)
                    if !methods.isEmpty, methods.allSatisfy({ resubscribesSelf($0, index: index) }) { names.insert(name) }
                }
            }
            return names
        }
    }

    /// Whether the body of the method at `reference` calls `retry` on the publisher, or subscribes to
    /// it again from the error handler of its own pipeline: `self.catch { _ in … self.retryWithBackoff(n - 1) … }`
    /// (a `self` in the closure of a `catch` or `tryCatch` that a chain from `self` calls; a `self`
    /// in a continuation's closure, `withCheckedContinuation { self.first().sink { … } }`, is its first subscription).
    private static func resubscribesSelf(_ reference: DeclarationReference, index: ProjectIndex) -> Bool {
        let tree = index.trees[reference.tree]
        let function = tree.functions[reference.item]
        guard let open = function.bodyOpen, let close = function.bodyClose, open + 1 < close else { return false }
        return tree.chains(in: (open + 1)...(close - 1)).contains { chain in
            if PublisherExtensions.startsAtSelf(chain.elements), PublisherExtensions.callsStep(Catalogue.retryOperators, in: chain.elements) { return true }
            let root = chain.elements[0]
            guard root.kind == .root, root.name == "self", chain.elements.count > 1 else { return false }
            return tree.enclosingClosures(of: root.nameToken).contains { c in
                guard tree.closures[c].open > open, let call = tree.call(receiving: c) else { return false }
                let outer = tree.chains[call.chain]
                return PublisherExtensions.startsAtSelf(outer.elements) && Catalogue.errorHandlers.contains(outer.elements[call.element].name)
            }
        }
    }
}
