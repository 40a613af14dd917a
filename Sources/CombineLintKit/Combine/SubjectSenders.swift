/// Who sends into a member by name across the project: the types around every
/// `….name.send(…)` call (`model.events.send(x)`, `events.send(completion: .finished)`).
/// Made once per name and run (through `ProjectMemo`).
struct SubjectSenders: Sendable {
    /// The names (as written) of the innermost types around the `send` calls.
    private(set) var enclosingTypes: Set<String> = []
    /// Some `send` call stands outside any type (a free function, top-level code).
    private(set) var outsideAnyType = false

    init(member name: String, index: ProjectIndex) {
        for reference in index.chainElements[name] {
            let tree = index.trees[reference.tree]
            let elements = tree.chains[reference.chain].elements
            let next = reference.element + 1
            guard next < elements.count, elements[next].name == "send", elements[next].isCall else { continue }
            if let t = tree.enclosingType(of: elements[reference.element].nameToken) {
                enclosingTypes.insert(tree.types[t].name)
            } else {
                outsideAnyType = true
            }
        }
    }
}
