/// A task started per value of an event subject that only hands the value on (`removed.sink { stop
/// in Task { try? await analytics.send(stop) } }`): each value of a `PassthroughSubject` is an event
/// of its own, not a newer state replacing an older one, and a task that writes nothing back has no
/// result that could land out of order. Such tasks are meant to run side by side.
enum FireAndForgetTasks {
    /// Whether chain elements `0..<end` start from a `PassthroughSubject`: a local declared as one,
    /// or a property that every type of the project declaring that name declares as one.
    static func startsFromEventSubject(_ chain: Chain, before end: Int, tree: SyntaxTree, index: ProjectIndex) -> Bool {
        // The source: the last name before the first call (`manager.removed`, `self.events`, `events`).
        var s = 0
        while s + 1 < min(end, chain.elements.count), !chain.elements[s + 1].isCall, chain.elements[s + 1].kind == .member { s += 1 }
        let source = chain.elements[s]
        guard !source.isCall, source.name != "self", s < end else { return false }
        if s == 0, let v = SubscriptionFinder.localVariable(named: source.name, visibleAt: source.nameToken, in: tree) {
            return SubjectDeclarations.subjectType(ofVariable: v, in: tree) == "PassthroughSubject"
        }
        // `service.messages` with `service: ChatService`: that type's property answers, so a
        // same-named property of another type (a view model's `messages: [Message]`) does not hide it.
        if let owner = TypeResolver.ownerType(ofElement: s, in: chain, tree: tree, index: index),
           let property = index.property(source.name, ofType: owner) {
            return isPassthroughSubject(property)
        }
        let declared = index.properties(named: source.name)
        return !declared.isEmpty && declared.allSatisfy(isPassthroughSubject)
    }

    private static func isPassthroughSubject(_ property: IndexedProperty) -> Bool {
        let type = SubjectDeclarations.subjectType(annotation: property.typeText)
            ?? (property.typeText.isEmpty && property.initializerText.hasPrefix("PassthroughSubject") ? "PassthroughSubject" : nil)
        return type == "PassthroughSubject"
    }

    /// Whether the task body `c` writes nothing outside itself: no `self`, no assignment to a name
    /// it does not declare (`request.httpMethod = "POST"` on its own local is fine), and no bare
    /// call of a method of the enclosing type (an implicit `self`).
    static func writesNothingBack(_ c: Int, tree: SyntaxTree) -> Bool {
        let closure = tree.closures[c]
        guard closure.bodyStart < closure.close else { return true }
        let body = closure.bodyStart..<closure.close
        var declared = Set<String>()
        let methods = tree.enclosingType(of: closure.open).map { t in
            Set(tree.functions.filter { $0.enclosingType == t }.map(\.name))
        } ?? []
        for k in body {
            let token = tree.tokens[k]
            if tree.isSelfReference(k) || tree.isWord(k, "self") { return false }
            if tree.isWord(k, "let") || tree.isWord(k, "var"), k + 1 < closure.close { declared.insert(tree.name(k + 1)) }
            guard token.kind == .identifier, k == 0 || tree.tokens[k - 1].kind != .period else { continue }
            let name = tree.name(k)
            // `count += 1`, `latest = value`, `cache.items = …`: a write to something the body did not declare.
            if tree.statementStarts[k], name != "_", !declared.contains(name), assigns(from: k, in: tree, before: closure.close) { return false }
            // `refresh()`: a method of the type, called on the implicit `self`.
            if k + 1 < closure.close, tree.tokens[k + 1].kind == .leftParen, methods.contains(name) { return false }
        }
        return true
    }

    /// Whether the statement starting at `k` (`name`, `name.member`, `name[i]`) assigns, at its own
    /// level (not inside a call's arguments or a closure).
    private static func assigns(from k: Int, in tree: SyntaxTree, before end: Int) -> Bool {
        var depth = 0
        var i = k + 1
        while i < end, !tree.statementStarts[i] {
            switch tree.tokens[i].kind {
            case .leftParen, .leftBracket, .leftBrace: depth += 1
            case .rightParen, .rightBracket, .rightBrace:
                depth -= 1
                if depth < 0 { return false }
            case .equal where depth == 0: return true
            case .operator where depth == 0:
                let text = tree.text(i)
                if text.hasSuffix("="), !["==", "!=", "<=", ">=", "===", "!=="].contains(text) { return true }
            default: break
            }
            i += 1
        }
        return false
    }
}
