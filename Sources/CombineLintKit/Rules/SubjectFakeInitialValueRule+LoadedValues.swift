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
        let finite = FinitePublishers(index: index, memo: memo, oneShot: true)
        var loads = 0
        // Writes from other types (`model.course = x`) are not the type's loads. Asked once per name.
        let writtenFromOutside = memo.value(for: "subject_fake_initial_value.written-from-outside\u{0}" + name) { () -> Bool in
            (index.memberUses[name] ?? []).contains { use in
                guard !use.projected else { return false }
                let tree = index.trees[use.tree]
                let chain = tree.chains[use.chain]
                guard use.element == chain.elements.count - 1, isAssignmentTarget(chain, in: tree) else { return false }
                return !(use.element == 1 && chain.elements[0].name == "self")
            }
        }
        if writtenFromOutside { return false }
        for write in writes(inType: declaringType, index: index, memo: memo)[name] ?? [] {
            let tree = index.trees[write.tree]
            switch write.form {
            case .assignment:
                guard loadsClosureParameter(assignedAt: write.token + 1, in: tree, finite: finite) else { return false }
            case .assignTarget:
                guard assignsPipelineOutput(keyPathAt: write.token, in: tree, finite: finite) == true else { return false }
            }
            loads += 1
        }
        return loads > 0
    }

    /// One write of a property in its type's own code.
    struct Write: Sendable {
        enum Form: Sendable {
            /// `course = value` or `self?.course = value`: the name's token.
            case assignment
            /// `\.course` or `&$course` as the `to:` argument of an `assign`: the argument's first token.
            case assignTarget
        }
        var tree: Int
        var token: Int
        var form: Form
    }

    /// The writes in the bodies of `declaringType`'s declarations and extensions (not the whole
    /// files, which may hold thousands of other types), by property name; made once per type name in
    /// one pass, since a type may declare thousands of properties.
    static func writes(inType declaringType: String, index: ProjectIndex, memo: ProjectMemo) -> [String: [Write]] {
        memo.value(for: "subject_fake_initial_value.type-writes\u{0}" + declaringType) { () -> [String: [Write]] in
            var found: [String: [Write]] = [:]
            for declaration in index.typeDeclarations(named: declaringType) {
                let tree = index.trees[declaration.tree]
                guard let open = tree.types[declaration.item].bodyOpen, let close = tree.types[declaration.item].bodyClose, open < close else { continue }
                for k in open...close where tree.tokens[k].kind == .identifier {
                    let name = tree.name(k)
                    if name.hasPrefix("$") {
                        // `assign(to: &$course)`.
                        guard k >= 1, tree.tokenIs(k - 1, "&"), assignTarget(at: k - 1, in: tree) != nil
                        else { continue }
                        found[String(name.dropFirst()), default: []].append(Write(tree: declaration.tree, token: k - 1, form: .assignTarget))
                        continue
                    }
                    guard let owner = tree.enclosingType(of: k), tree.types[owner].name.lastNameComponent == declaringType else { continue }
                    if k > 0, tree.isWord(k - 1, "var") || tree.isWord(k - 1, "let") { continue }
                    if k + 1 < tree.tokens.count, tree.tokens[k + 1].kind == .equal {
                        found[name, default: []].append(Write(tree: declaration.tree, token: k, form: .assignment))
                    } else if k >= 2, tree.tokens[k - 1].kind == .period, tree.tokenIs(k - 2, "\\"),
                              assignTarget(at: k - 2, in: tree) != nil {
                        // `assign(to: \.course, on: self)`.
                        found[name, default: []].append(Write(tree: declaration.tree, token: k - 2, form: .assignTarget))
                    }
                }
            }
            return found
        }
    }

    /// The value after the `=` at `equal` is the single parameter of the `sink` value closure the write
    /// sits in, and that `sink`'s pipeline finishes (`self?.course = course`).
    private static func loadsClosureParameter(assignedAt equal: Int, in tree: SyntaxTree, finite: FinitePublishers) -> Bool {
        let value = equal + 1
        guard value < tree.tokens.count, tree.tokens[value].kind == .identifier || tree.tokens[value].kind == .dollarIdentifier,
              value + 1 >= tree.tokens.count || tree.lineBreakBefore[value + 1] || [.semicolon, .rightBrace].contains(tree.tokens[value + 1].kind),
              let c = tree.innermostClosure(of: equal) else { return false }
        // The value the closure is given, by its name or as `$0` (`{ [weak self] in self?.course = $0 }`).
        let name = tree.name(value)
        guard tree.closures[c].parameters.contains(name) || (name == "$0" && tree.closures[c].parameters.isEmpty) else { return false }
        // The `sink` the closure is given (found from the closure, not by reading the function's chains,
        // which grew with the square of a method holding thousands of such writes).
        guard let call = tree.call(receiving: c), case let chain = tree.chains[call.chain], case let sink = chain.elements[call.element],
              sink.name == "sink", sink.isCall, RepeatingSinkClosures.valueClosures(of: sink).contains(c) else { return false }
        return finite.finishes(chain, before: call.element, in: tree)
    }

    /// For a `\.name` key path or a `&$name` argument at `start`: whether it is the `to:` argument of an
    /// `assign` whose pipeline finishes (nil when it is no `assign` target).
    private static func assignsPipelineOutput(keyPathAt start: Int, in tree: SyntaxTree, finite: FinitePublishers) -> Bool? {
        guard let call = assignTarget(at: start, in: tree) else { return nil }
        return finite.finishes(tree.chains[call.chain], before: call.element, in: tree)
    }

    /// The `assign` call whose `to:` argument starts at `start`.
    private static func assignTarget(at start: Int, in tree: SyntaxTree) -> SyntaxTree.CallReference? {
        let open = Int(tree.enclosing[start])
        guard open >= 0, tree.tokens[open].kind == .leftParen, let call = tree.call(openedAt: open) else { return nil }
        let element = tree.chains[call.chain].elements[call.element]
        guard element.name == "assign", let target = element.argument("to"), target.value.lowerBound == start else { return nil }
        return call
    }
}
