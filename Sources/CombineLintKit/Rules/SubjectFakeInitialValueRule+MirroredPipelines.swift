extension SubjectFakeInitialValueRule {
    /// `….map { episode.chapter(at: $0) }.assign(to: &$currentChapter)` in the declaring type: the
    /// property mirrors a pipeline and holds whatever optional values it sends, nil included, as
    /// state (a pipeline that wraps non-optional values, `.map(Optional.some)`, never sends nil).
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
                let previous = outer.elements[call.element - 1]
                let text = tree.text(previous.nameToken, max(previous.nameToken, assign.nameToken - 1))
                if previous.name == "map", text.contains("Optional") || text.contains(".some") { continue }
                result.append("\(t):\(token)")
            }
        }
        return result
    }

    /// The `$name` tokens passed `inout` (`&$name`) in a file, by name.
    static func inoutProjections(in tree: SyntaxTree) -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        for k in 1..<max(1, tree.tokens.count) where tree.tokens[k].kind == .dollarIdentifier && tree.tokens[k - 1].kind == .ampersand {
            result[tree.text(k), default: []].append(k)
        }
        return result
    }
}
