/// Unstructured tasks (`Task { … }`, `Task.detached { … }`) as the Combine rules meet them: where a
/// task's body is, whether the body suspends, whether the handle is kept, and whether the project
/// cancels it anywhere.
enum UnstructuredTasks {
    /// How the handle of a started task is kept.
    enum Storage: Equatable {
        /// Started as a statement (or assigned to `_`): no one can cancel it.
        case discarded
        /// Kept under this name (a property or a local).
        case named(String, isLocal: Bool)
        /// Handed on: returned, passed to a call, put in a collection, chained (`.store(in:)`).
        case handedOn
    }

    /// The closure of `Task { … }`, `Task(priority: …) { … }` or `Task.detached { … }` when `chain`
    /// is exactly such a start (nothing chained after it).
    static func body(of chain: Chain) -> Int? {
        let elements = chain.elements
        guard elements[0].kind == .root, elements[0].name == Catalogue.taskType else { return nil }
        if elements.count == 1, elements[0].isCall { return elements[0].closures.last }
        if elements.count == 2, elements[1].name == "detached", elements[1].isCall { return elements[1].closures.last }
        return nil
    }

    /// Whether the body of closure `c` suspends somewhere (an `await`, also in nested closures).
    static func suspends(_ c: Int, tree: SyntaxTree) -> Bool {
        let closure = tree.closures[c]
        guard closure.bodyStart < closure.close else { return false }
        return (closure.bodyStart..<closure.close).contains { tree.isWord($0, "await") }
    }

    /// How the handle of the task started by `chain` is kept.
    static func storage(of chain: Chain, tree: SyntaxTree) -> Storage {
        switch chain.context {
        case .statement, .discardAssignment:
            return .discarded
        case .implicitReturn:
            // The only statement of a closure: a callback's (`sink`, `onAppear`) value is dropped;
            // a `map { Task { … } }` hands the task on.
            guard let c = tree.innermostClosure(of: chain.first), let call = tree.call(receiving: c) else { return .handedOn }
            let name = tree.chains[call.chain].elements[call.element].name
            return Catalogue.mappers.contains(name) || Catalogue.publisherMakingClosureOperators.contains(name) ? .handedOn : .discarded
        case .declaration(let v):
            // A top-level variable of a script is as local as one in a function.
            let variable = tree.variables[v]
            return .named(variable.name, isLocal: variable.isLocal || variable.enclosingType == nil)
        case .assignment(let target, _):
            // `self.task = Task { … }`, `task = Task { … }`: the last name of the target; a
            // subscript (`tasks[id] = Task { … }`) puts it in a collection.
            if target.contains(where: { tree.tokens[$0].kind == .leftBracket }) { return .handedOn }
            guard let last = target.reversed().first(where: { tree.tokens[$0].kind == .identifier }) else { return .handedOn }
            return .named(tree.name(last), isLocal: false)
        default:
            return .handedOn
        }
    }

    /// Whether the project cancels something kept under `name`: `name.cancel()`, `name?.cancel()`,
    /// or a mention of `name` in a `deinit` (which only names its tasks to cancel them).
    static func isCancelled(_ name: String, index: ProjectIndex) -> Bool {
        for ref in index.chainElements[name] {
            let chain = index.trees[ref.tree].chains[ref.chain]
            if ref.element + 1 < chain.elements.count, chain.elements[ref.element + 1].name == "cancel" { return true }
        }
        for ref in index.identifiers[name] {
            let tree = index.trees[ref.tree]
            if let f = tree.enclosingFunction(of: ref.token), tree.functions[f].kind == .deinitializer { return true }
        }
        return false
    }

    /// Whether the project cancels something kept under `name` outside a `deinit`: `name.cancel()`,
    /// `name?.cancel()` in a method, a callback or a closure.
    static func isCancelledOutsideDeinit(_ name: String, index: ProjectIndex) -> Bool {
        index.chainElements[name].contains { ref in
            let tree = index.trees[ref.tree]
            let chain = tree.chains[ref.chain]
            guard ref.element + 1 < chain.elements.count, chain.elements[ref.element + 1].name == "cancel" else { return false }
            guard tree.enclosingFunction(of: chain.first).map({ tree.functions[$0].kind != .deinitializer }) ?? true else { return false }
            return !isReplacingCancel(chain, name: name, tree: tree)
        }
    }

    /// `task?.cancel()` followed, in the same function or closure, by `task = Task { … }`: it stops
    /// the previous task only to start the next one, and the last task started runs on.
    static func isReplacingCancel(_ chain: Chain, name: String, tree: SyntaxTree) -> Bool {
        let closure = tree.innermostClosure(of: chain.first)
        let end: Int
        if let closure {
            end = tree.closures[closure].close
        } else if let f = tree.enclosingFunction(of: chain.first), let close = tree.functions[f].bodyClose {
            end = close
        } else {
            return false
        }
        var k = chain.last + 1
        while k + 2 < end {
            defer { k += 1 }
            guard tree.tokens[k].kind == .identifier, tree.name(k) == name, tree.tokens[k + 1].kind == .equal,
                  tree.innermostClosure(of: k) == closure else { continue }
            // `name = …` or `self.name = …`, not `other.name = …`.
            if k > 0, tree.tokens[k - 1].kind == .period, !(k > 1 && tree.isWord(k - 2, "self")) { continue }
            if tree.isWord(k + 2, Catalogue.taskType) { return true }
        }
        return false
    }

    /// Whether a `deinit` of the project names `name` (it only names its tasks to cancel them).
    static func isMentionedInDeinit(_ name: String, index: ProjectIndex) -> Bool {
        index.identifiers[name].contains { ref in
            let tree = index.trees[ref.tree]
            return tree.enclosingFunction(of: ref.token).map { tree.functions[$0].kind == .deinitializer } ?? false
        }
    }

    /// Whether every `name.cancel()` of the project outside a `deinit` is followed by a new task in
    /// `name` (`isReplacingCancel`), and there is at least one.
    static func isCancelledOnlyToReplace(_ name: String, index: ProjectIndex) -> Bool {
        var found = false
        for ref in index.chainElements[name] {
            let tree = index.trees[ref.tree]
            let chain = tree.chains[ref.chain]
            guard ref.element + 1 < chain.elements.count, chain.elements[ref.element + 1].name == "cancel",
                  tree.enclosingFunction(of: chain.first).map({ tree.functions[$0].kind != .deinitializer }) ?? true else { continue }
            guard isReplacingCancel(chain, name: name, tree: tree) else { return false }
            found = true
        }
        return found
    }

    /// The token by which the task's closure `c` holds `self` while its code up to token `until`
    /// runs: a strong capture (`self.apply(v)`, `[self]`), an implicit use of a member of the
    /// enclosing type (a `Task` closure may use them without `self.`: `apply(v)`), or a
    /// `guard let self` / `if let self` of a weak capture before `until`.
    static func holdsSelf(_ c: Int, until: Int, tree: SyntaxTree, index: ProjectIndex) -> Int? {
        let closure = tree.closures[c]
        if closure.capturesSelfWeakly {
            for k in closure.bodyStart..<min(until, closure.close) where tree.isWord(k, "let") && tree.innermostClosure(of: k) == c {
                if k + 1 < until, tree.isWord(k + 1, "self") { return k + 1 }
            }
            return nil
        }
        if let token = SelfCapture.strongSelfToken(in: c, of: tree) { return token }
        guard let t = tree.enclosingType(of: closure.open) else { return nil }
        let typeName = tree.types[t].name.lastNameComponent
        // Names a `for … in` loop binds (`for await value in …`), which shadow members.
        var loopNames = Set<String>()
        for k in closure.bodyStart..<closure.close where tree.isWord(k, "for") {
            var j = k + 1
            while j < closure.close, j < k + 24, !tree.isWord(j, "in") {
                if tree.tokens[j].kind == .identifier { loopNames.insert(tree.name(j)) }
                j += 1
            }
        }
        for k in closure.bodyStart..<closure.close where tree.tokens[k].kind == .identifier {
            if k > 0, tree.tokens[k - 1].kind == .period || tree.tokens[k - 1].kind == .backslash { continue }
            // An argument label (`render(value: v)`) names no member.
            if k + 1 < closure.close, tree.tokens[k + 1].kind == .colon { continue }
            let name = tree.name(k)
            // A name of the capture list (`Task { [store] in … store.$count.values … }`) is the value
            // captured where the task starts, not a member read through `self`.
            if closure.parameters.contains(name) || loopNames.contains(name) || closure.captures.contains(where: { $0.name == name })
                || SubscriptionFinder.localVariable(named: name, visibleAt: k, in: tree) != nil { continue }
            let isCall = k + 1 < closure.close && tree.tokens[k + 1].kind == .leftParen
            if isCall ? !index.functions(named: name, inTypesNamed: typeName).isEmpty : index.property(name, ofType: typeName) != nil { return k }
        }
        return nil
    }

    /// Whether the local that keeps the task started by `chain` is named anywhere after it, in the
    /// scope that declares it (handed to a call, stored, returned, cancelled).
    static func localIsUsed(_ name: String, keeping chain: Chain, tree: SyntaxTree) -> Bool {
        let scope = tree.scopes[chain.scope]
        let end = min(scope.close, tree.tokens.count)
        guard chain.last + 1 < end else { return false }
        return !tree.uses(name, in: (chain.last + 1)..<end).isEmpty
    }
}
