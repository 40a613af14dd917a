/// Who feeds a member by name across the project: the types around every place that sends into
/// it or completes it. That is a `send` (`model.events.send(x)`, `events.send(completion: .finished)`,
/// or the method passed on by reference, `sink(receiveValue: model.events.send)`), a write to a
/// `CurrentValueSubject`'s value (`model.state.value = x`), and handing it to Combine as a
/// subscriber, which then sends upstream's values and completion into it
/// (`publisher.subscribe(model.events)`, `multicast(subject: model.events)`,
/// `AnySubscriber(model.events)`, `receive(subscriber: model.events)`,
/// `assign(to: \.value, on: model.state)`), or handing it to a project function or initializer
/// that takes a subject. Made once per name and run (through `ProjectMemo`).
struct SubjectSenders: Sendable {
    /// The names (as written) of the innermost types around the places that feed it.
    private(set) var enclosingTypes: Set<String> = []
    /// Some place that feeds it stands outside any type (a free function, top-level code).
    private(set) var outsideAnyType = false

    init(member name: String, index: ProjectIndex) {
        for reference in index.chainElements[name] {
            let tree = index.trees[reference.tree]
            let chain = tree.chains[reference.chain]
            guard Self.feeds(chain, at: reference.element, in: tree, index: index) else { continue }
            if let t = tree.enclosingType(of: chain.elements[reference.element].nameToken) {
                enclosingTypes.insert(tree.types[t].name)
            } else {
                outsideAnyType = true
            }
        }
    }

    /// Calls that take a subject as the subscriber they send into.
    static let subscriberTakingCalls: Set<String> = ["subscribe", "multicast", "AnySubscriber", "receive"]

    /// Whether a project function named `callee`, or an initializer of a project type of that name,
    /// has a parameter whose type is a subject (`PassthroughSubject<…>`, `CurrentValueSubject<…>`,
    /// `some Subject`, `any Subject<…>`).
    static func takesSubject(_ callee: String, index: ProjectIndex) -> Bool {
        let isType = callee.first?.isUppercase == true
        for reference in index.functions[isType ? "init" : callee] {
            let tree = index.trees[reference.tree]
            let function = tree.functions[reference.item]
            if isType {
                guard function.kind == .initializer, let t = function.enclosingType,
                      tree.types[t].name.lastNameComponent == callee else { continue }
            } else {
                guard function.kind == .function else { continue }
            }
            if function.parameters.contains(where: { isSubjectType($0.typeText) }) { return true }
        }
        return false
    }

    private static func isSubjectType(_ text: String) -> Bool {
        text.contains("PassthroughSubject") || text.contains("CurrentValueSubject")
            || text.hasPrefix("some Subject") || text.hasPrefix("any Subject")
    }

    /// Whether element `e` of `chain` names a subject that this use sends into or completes.
    static func feeds(_ chain: Chain, at e: Int, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        let elements = chain.elements
        let next = e + 1
        if next < elements.count {
            // `events.send(x)`, or `events.send` handed on as a function.
            if elements[next].name == "send" { return true }
            // `state.value = x`, `state.value += 1`.
            if elements[next].name == "value", next == elements.count - 1, !elements[next].isCall {
                let after = chain.last + 1
                guard after < tree.tokens.count else { return false }
                let token = tree.tokens[after]
                if token.kind == .equal { return true }
                if token.kind == .operator {
                    let text = tree.text(after)
                    return text.hasSuffix("=") && !["==", "!=", "<=", ">=", "==="].contains(text)
                }
            }
            return false
        }
        // The subject itself as the argument of a call that subscribes it.
        guard e == elements.count - 1, case .argument(let open) = chain.context, open > 0,
              tree.tokens[open - 1].kind == .identifier else { return false }
        let callee = tree.name(open - 1)
        if subscriberTakingCalls.contains(callee) { return true }
        // Handed to a project function or initializer that takes a subject (`Child(events: model.events)`,
        // `forward(into: model.events)`): the callee holds it to send into.
        if takesSubject(callee, index: index) { return true }
        // `assign(to: \.value, on: state)`: the assignment writes the subject's value.
        return callee == "assign" && chain.first > 1 && tree.tokens[chain.first - 1].kind == .colon && tree.isWord(chain.first - 2, "on")
    }
}
