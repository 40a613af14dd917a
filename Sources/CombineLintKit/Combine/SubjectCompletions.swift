/// Subjects that the code of the type declaring them finishes as it produces: the function that
/// sends the values also completes the stream afterwards (`plugins.forEach { self.found.send($0) }` then
/// `self.found.send(completion: .finished)` when a scan is done). A loop over such a subject's values
/// ends with the work. A completion only in a teardown of its own (`shutdown()` at sign-out) does
/// not count: the stream runs until then, which may be the whole run.
enum SubjectCompletions {
    /// Whether property `name` of type `owner` (its simple name) is a subject that `owner`'s own code
    /// completes in a function that sends values into it before (in closures of it too: a sink's
    /// closure that sends each result, then completes).
    static func isCompletedByOwner(_ name: String, owner: String, index: ProjectIndex) -> Bool {
        var firstValueSend: [String: Int] = [:]
        var completions: [(function: String, token: Int)] = []
        for reference in index.chainElements[name] {
            let tree = index.trees[reference.tree]
            let elements = tree.chains[reference.chain].elements
            let e = reference.element
            guard e + 1 < elements.count, elements[e + 1].name == "send", elements[e + 1].isCall,
                  e == 0 || (e == 1 && elements[0].name == "self"),
                  let t = tree.enclosingType(of: elements[e].nameToken), tree.types[t].name.lastNameComponent == owner,
                  let f = tree.enclosingFunction(of: elements[e].nameToken) else { continue }
            let token = elements[e].nameToken
            let function = "\(reference.tree):\(f)"
            if elements[e + 1].argument("completion") != nil {
                completions.append((function, token))
            } else {
                firstValueSend[function] = min(firstValueSend[function] ?? token, token)
            }
        }
        return completions.contains { completion in (firstValueSend[completion.function]).map { $0 < completion.token } ?? false }
    }

    /// The subjects a property of `owner` hands on: itself when it is a stored subject, or the
    /// subject properties of `owner` at the roots of what its getter returns
    /// (`var discovered: AnyPublisher<…> { found.eraseToAnyPublisher() }`); empty when any path is
    /// something else.
    static func subjects(behind name: String, owner: String, index: ProjectIndex) -> [String] {
        guard let property = index.property(name, ofType: owner), let (tree, v) = index.declaration(of: property) else { return [] }
        if !tree.variables[v].isComputed { return ProjectIndex.isSubjectType(property) ? [name] : [] }
        guard let getter = tree.getter(ofVariable: v), let returned = tree.chainsReturned(byFunction: getter) else { return [] }
        var names: [String] = []
        for chain in returned {
            var root = chain.elements[0]
            if root.name == "self", chain.elements.count > 1 { root = chain.elements[1] }
            guard !root.isCall, let subject = index.property(root.name, ofType: owner), ProjectIndex.isSubjectType(subject) else { return [] }
            names.append(root.name)
        }
        return names
    }
}
