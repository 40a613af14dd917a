/// `@Published private(set) var course: Course?` that the type fills with what a request answers
/// (`fetchCourse(id).sink { [weak self] course in self?.course = course }`, or `api.summary()
/// .map(Optional.some).assign(to: \.summary, on: self)`): loaded data, a state that a late subscriber
/// rightly gets, whose nil start its consumers skip while it loads.
extension SubjectFakeInitialValueRule {
    /// Whether every write of the `@Published` property `name` in `declaringType`'s own code (at
    /// least one) stores whole the values of a pipeline that finishes (`FinitePublishers`, one-shot
    /// sources such as a request): the `sink` value closure's parameter assigned as it is, or the
    /// pipeline's output given to `assign(to: \.name, on: self)` or `assign(to: &$name)`. Any other
    /// write (a constant, a value computed elsewhere, a write from another type) makes it no load.
    static func holdsOnlyLoadedValues(of name: String, declaringType: String, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        guard let type = index.type(named: declaringType) else { return false }
        let finite = FinitePublishers(index: index, memo: memo, oneShot: true)
        var loads = 0
        // Writes from other types (`model.course = x`) are not the type's loads.
        for use in index.memberUses[name] ?? [] where !use.projected {
            let tree = index.trees[use.tree]
            let chain = tree.chains[use.chain]
            guard use.element == chain.elements.count - 1, isAssignmentTarget(chain, in: tree) else { continue }
            let root = chain.elements[0].name
            if !(use.element == 1 && root == "self") { return false }
        }
        var seenFiles = Set<String>()
        for file in type.files where seenFiles.insert(file).inserted {
            guard let t = index.treeIndexByPath[file] else { continue }
            let tree = index.trees[t]
            for k in 0..<tree.tokens.count where tree.tokens[k].kind == .identifier && tree.name(k) == name {
                guard let owner = tree.enclosingType(of: k), tree.types[owner].name.lastNameComponent == declaringType else { continue }
                if k > 0, tree.isWord(k - 1, "var") || tree.isWord(k - 1, "let") { continue }
                if k + 1 < tree.tokens.count, tree.tokens[k + 1].kind == .equal {
                    guard loadsClosureParameter(assignedAt: k + 1, in: tree, finite: finite) else { return false }
                    loads += 1
                } else if k >= 2, tree.tokens[k - 1].kind == .period, tree.tokenIs(k - 2, "\\") {
                    // `assign(to: \.course, on: self)`.
                    guard let load = assignsPipelineOutput(keyPathAt: k - 2, in: tree, finite: finite) else { continue }
                    guard load else { return false }
                    loads += 1
                }
            }
            // `assign(to: &$course)`.
            for k in 0..<tree.tokens.count where tree.tokens[k].kind == .identifier && tree.name(k) == "$" + name {
                guard k >= 1, tree.tokenIs(k - 1, "&"), let load = assignsPipelineOutput(keyPathAt: k - 1, in: tree, finite: finite) else { continue }
                guard load else { return false }
                loads += 1
            }
        }
        return loads > 0
    }

    /// The value after the `=` at `equal` is the single parameter of the `sink` value closure the write
    /// sits in, and that `sink`'s pipeline finishes (`self?.course = course`).
    private static func loadsClosureParameter(assignedAt equal: Int, in tree: SyntaxTree, finite: FinitePublishers) -> Bool {
        let value = equal + 1
        guard value < tree.tokens.count, tree.tokens[value].kind == .identifier,
              value + 1 >= tree.tokens.count || tree.lineBreakBefore[value + 1] || [.semicolon, .rightBrace].contains(tree.tokens[value + 1].kind),
              let c = tree.innermostClosure(of: equal), tree.closures[c].parameters.contains(tree.name(value)) else { return false }
        for chain in tree.chains {
            guard let s = chain.elements.indices.first(where: { chain.elements[$0].name == "sink" && chain.elements[$0].isCall }),
                  RepeatingSinkClosures.valueClosures(of: chain.elements[s]).contains(c) else { continue }
            return finite.finishes(chain, before: s, in: tree)
        }
        return false
    }

    /// For a `\.name` key path or a `&$name` argument at `start`: whether it is the `to:` argument of an
    /// `assign` whose pipeline finishes (nil when it is no `assign` target).
    private static func assignsPipelineOutput(keyPathAt start: Int, in tree: SyntaxTree, finite: FinitePublishers) -> Bool? {
        let open = Int(tree.enclosing[start])
        guard open >= 0, tree.tokens[open].kind == .leftParen, let call = tree.call(openedAt: open) else { return nil }
        let chain = tree.chains[call.chain]
        let element = chain.elements[call.element]
        guard element.name == "assign", let target = element.argument("to"), target.value.lowerBound == start else { return nil }
        return finite.finishes(chain, before: call.element, in: tree)
    }
}
