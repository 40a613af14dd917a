extension SubjectFakeInitialValueRule {
    /// `….map { episode.chapter(at: $0) }.assign(to: &$currentChapter)` in the declaring type: the
    /// property mirrors a pipeline and holds whatever optional values it sends, nil included, as
    /// state (a pipeline that wraps non-optional values, `.map(Optional.some)`, or whose last `map`
    /// gives a string or the result of the project's function declared non-optional,
    /// `.map { count in self.pendingMessage(count) }` with `-> String`, never sends nil; a pipeline
    /// of notifications sends events, and its nil is no state either).
    /// The writes as "tree:token", read from each file's `&$name` arguments, found once per file.
    static func mirroredPipelineWrites(of name: String, declaringType: String, index: ProjectIndex, memo: ProjectMemo) -> [String] {
        guard let type = index.type(named: declaringType) else { return [] }
        var result: [String] = []
        for file in type.files {
            guard let t = index.treeIndexByPath[file] else { continue }
            let projections = memo.value(for: "subject_fake_initial_value.inout-projections\u{0}\(t)") { inoutProjections(in: index.trees[t]) }
            let tree = index.trees[t]
            for token in projections["$" + name] ?? [] {
                let open = Int(tree.enclosing[token])
                guard open >= 0, tree.tokens[open].kind == .leftParen, let call = tree.call(openedAt: open), call.element > 0 else { continue }
                let outer = tree.chains[call.chain]
                let assign = outer.elements[call.element]
                guard assign.name == "assign", let target = assign.argument("to"), target.value.upperBound == token,
                      let owner = tree.enclosingType(of: token), tree.types[owner].name.lastNameComponent == declaringType else { continue }
                // `NotificationCenter.default.publisher(for: .openChat).map { … }.assign(to: &$pendingChat)`:
                // a mirror of notifications holds events; a nil its `map` gives is no event, not a state.
                if outer.elements.contains(where: { $0.name == "NotificationCenter" }),
                   outer.elements.contains(where: { $0.name == "publisher" && $0.isCall }) { continue }
                // The last step that makes the values: `receive(on:)`, `removeDuplicates()` and the
                // other steps that pass values through keep a non-optional value non-optional.
                var last = call.element - 1
                while last > 0, Catalogue.transparentOperators.contains(outer.elements[last].name) { last -= 1 }
                let previous = outer.elements[last]
                let text = tree.text(previous.nameToken, max(previous.nameToken, outer.elements[last + 1].nameToken - 1))
                if previous.name == "map", text.contains("Optional") || text.contains(".some") { continue }
                if previous.name == "map", mapsToNonOptional(previous, in: tree, index: index) { continue }
                result.append("\(t):\(token)")
            }
        }
        return result
    }

    /// Whether the `map` element's closure is one expression that is never nil: a string literal, or
    /// a call of the project's functions (by selector) that all declare a non-optional result.
    private static func mapsToNonOptional(_ map: ChainElement, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        guard map.closures.count == 1, case let closure = tree.closures[map.closures[0]], closure.bodyStart < closure.close else { return false }
        let start = tree.isWord(closure.bodyStart, "return") ? closure.bodyStart + 1 : closure.bodyStart
        guard start < closure.close else { return false }
        if tree.tokens[start].kind == .stringStart {
            return tree.tokens[closure.close - 1].kind == .stringEnd && !((start + 1)..<closure.close).contains { tree.statementStarts[$0] }
        }
        guard let c = tree.chain(startingAt: start), case let chain = tree.chains[c], chain.last == closure.close - 1,
              let call = chain.elements.last, call.isCall, call.closures.isEmpty, call.name.first?.isLowercase == true else { return false }
        let declared = ProjectFunctionCalls.declarations(runBy: call, matching: .selectorElseName, requireBody: false, publisherResults: false, index: index)
        return !declared.isEmpty && declared.allSatisfy { reference in
            let result = index.trees[reference.tree].functions[reference.item].returnType.trimmingSpaces
            return !result.hasSuffix("?") && !result.hasSuffix("!")
        }
    }

    /// The `$name` tokens passed `inout` (`&$name`, `&self.$name`) in a file, by name.
    static func inoutProjections(in tree: SyntaxTree) -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        for k in 1..<max(1, tree.tokens.count) where tree.tokens[k].kind == .dollarIdentifier {
            let direct = tree.tokens[k - 1].kind == .ampersand
            let throughSelf = k >= 3 && tree.tokens[k - 1].kind == .period && tree.isWord(k - 2, "self") && tree.tokens[k - 3].kind == .ampersand
            if direct || throughSelf { result[tree.text(k), default: []].append(k) }
        }
        return result
    }
}
