extension SubjectFakeInitialValueRule {
    /// `Publishers.Merge($banner, $toast)`, `$banner.merge(with: $toast)`: a bare `$toast` given whole to a
    /// combining call is a use of the declaring type's own property, yet no chain and no identifier
    /// of the index (a projected name is a token of its own kind). Those uses sit in the declaring
    /// type's files; each file's are gathered once for the run, by name.
    static func projectedWholeArgumentOutcomes(of name: String, declaringType: String, index: ProjectIndex, memo: ProjectMemo,
                                               resets: inout Set<String>) -> [Outcome] {
        let written = "$" + name
        var outcomes: [Outcome] = []
        for t in index.treeIndices(declaring: declaringType) {
            let arguments = memo.value(for: "subject_fake_initial_value.projected-arguments\u{0}\(t)") {
                ProjectedWholeArguments(index.trees[t])
            }
            let tree = index.trees[t]
            for token in arguments.byName[written] ?? [] {
                guard let type = tree.enclosingType(of: token), tree.types[type].name.lastNameComponent == declaringType,
                      let call = combiningCall(takingWholeArgument: token, in: tree),
                      SubscriptionFinder.localVariable(named: written, visibleAt: token, in: tree) == nil,
                      !SubscriptionFinder.isParameter(named: written, visibleAt: token, in: tree) else { continue }
                outcomes.append(combinedOutcome(tree.chains[call.chain], combinerAt: call.element, argumentAt: token, name: name,
                                                kind: .published, tree: tree, treeIndex: t, index: index, resets: &resets))
            }
        }
        return outcomes
    }

    /// A file's `$name` tokens (not `$0`) that stand alone as an argument of a call, by name.
    struct ProjectedWholeArguments: Sendable {
        var byName: [String: [Int]] = [:]

        init(_ tree: SyntaxTree) {
            for (k, token) in tree.tokens.enumerated() where token.kind == .dollarIdentifier {
                let open = Int(tree.enclosing[k])
                guard open >= 0, tree.tokens[open].kind == .leftParen else { continue }
                let name = tree.name(k)
                guard name.count > 1, name.dropFirst().first?.isLetter == true else { continue }
                byName[name, default: []].append(k)
            }
        }
    }
}
