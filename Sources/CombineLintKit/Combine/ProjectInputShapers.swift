/// The project's own operators that shape input as `debounce`, `throttle` or `removeDuplicates` do:
/// `extension Publisher { func userInput() -> AnyPublisher<Output, Failure> { debounce(for: …,
/// scheduler: …).removeDuplicates().eraseToAnyPublisher() } }`. A chain that calls one is shaped
/// typing, as if the body's steps were written there.
enum ProjectInputShapers {
    /// The last input shaper of the chains that every declaration of the project's publisher-extension
    /// method `name` returns (`removeDuplicates` for `userInput()`); nil when one returns a chain
    /// without one, or the project declares no such method.
    static func shaper(of name: String, index: ProjectIndex, memo: ProjectMemo?) -> String? {
        let compute = { () -> String in
            var result = ""
            for reference in PublisherExtensions.methods(named: name, index: index) {
                let tree = index.trees[reference.tree]
                let returned = tree.returnedChainIndices(ofFunction: reference.item)
                guard !returned.isEmpty else { return "" }
                for c in returned {
                    guard let shaper = tree.chains[c].elements.last(where: {
                        Catalogue.inputShapers.contains($0.name) && $0.kind == .member && $0.isCall
                    }) else { return "" }
                    result = shaper.name
                }
            }
            return result
        }
        // The memo holds no optionals: "" stands for none.
        let found = memo.map { $0.value(for: "project-input-shaper \(name)", compute) } ?? compute()
        return found.isEmpty ? nil : found
    }
}
