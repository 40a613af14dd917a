/// `PassthroughSubject` properties the project sends into only off the main thread: a subject
/// delivers on the thread that calls `send`, so a pipeline from one of them delivers there too.
/// (A `CurrentValueSubject` also delivers its current value on the subscribing thread, so it is
/// never one of them.)
enum BackgroundSubjects {
    /// Whether every property named `name` is declared as a `PassthroughSubject`, and every
    /// `send` into a member of that name (`loaded.send(x)`, `self?.loaded.send(x)`) runs off the main
    /// thread, and there is at least one; a subject handed to `subscribe(_:)` is sent into from
    /// wherever its upstream delivers, which makes it `false`.
    static func isSentOnlyOffMain(_ name: String, index: ProjectIndex, memo: ProjectMemo?) -> Bool {
        let compute = { () -> Bool in
            let declarations = index.properties(named: name)
            guard !declarations.isEmpty, declarations.allSatisfy({ ProjectIndex.isSubjectType($0) && isPassthrough($0) }) else { return false }
            var sends = 0
            for reference in index.chainElements["send"] {
                let tree = index.trees[reference.tree]
                let elements = tree.chains[reference.chain].elements
                guard reference.element >= 1, elements[reference.element].isCall, elements[reference.element - 1].name == name else { continue }
                guard BackgroundNotifications.runsOffMain(elements[reference.element].nameToken, in: tree, index: index) else { return false }
                sends += 1
            }
            guard sends > 0 else { return false }
            // `upstream.subscribe(subject)`: the subject is fed on the upstream's thread.
            for reference in index.chainElements[name] {
                let chain = index.trees[reference.tree].chains[reference.chain]
                if case .argument = chain.context, reference.element == chain.elements.count - 1 { return false }
            }
            return true
        }
        guard let memo else { return compute() }
        return memo.value(for: "sent-off-main \(name)", compute)
    }

    /// The names of the subject properties that the project sends into only off the main thread,
    /// worked out once per run from its `send` calls: a file naming none of them subscribes to none.
    static func names(index: ProjectIndex, memo: ProjectMemo) -> NameSet {
        memo.value(for: "subjects-sent-off-main") {
            var candidates = Set<String>()
            for reference in index.chainElements["send"] where reference.element >= 1 {
                let elements = index.trees[reference.tree].chains[reference.chain].elements
                let receiver = elements[reference.element - 1]
                if !receiver.isCall, index.declaresSubjectProperty(named: receiver.name) { candidates.insert(receiver.name) }
            }
            return NameSet(candidates.filter { isSentOnlyOffMain($0, index: index, memo: memo) }.sorted())
        }
    }

    private static func isPassthrough(_ property: IndexedProperty) -> Bool {
        SubjectDeclarations.subjectType(annotation: property.typeText) == "PassthroughSubject"
            || (property.typeText.isEmpty && property.initializerText.trimmingSpaces.hasPrefix("PassthroughSubject"))
    }
}
