/// One bug, one finding: where a rule's finding and the finding of a rule that supersedes it
/// (`RuleDescription.supersededBy`) are about the same statement's subscription, only the more
/// specific one is kept. A store that another subscription's `sink` closure reaches through a
/// method is `nested_sink`'s (at the inner `sink`), not also `repeated_subscription`'s (at its
/// `store(in:)`). A rule that is off supersedes nothing.
enum Supersession {
    /// `findings` of one file without those that a superseding rule's finding covers.
    static func apply(_ findings: [Finding], tree: SyntaxTree, rules: [ConfiguredRule]) -> [Finding] {
        var supersededBy: [String: [String]] = [:]
        for configured in rules where !configured.rule.description.supersededBy.isEmpty {
            supersededBy[configured.rule.description.id] = configured.rule.description.supersededBy
        }
        guard !supersededBy.isEmpty, findings.contains(where: { supersededBy[$0.ruleID] != nil }) else { return findings }
        let superseding = Set(supersededBy.values.joined())
        let covering = findings.filter { superseding.contains($0.ruleID) }
        guard !covering.isEmpty else { return findings }
        let statements = statementStartsOfElements(in: tree)
        // The statements each superseding rule reports a subscription of.
        var covered: Set<String> = []
        for finding in covering {
            if let start = statements[finding.offset] { covered.insert("\(finding.ruleID)\u{0}\(start)") }
        }
        return findings.filter { finding in
            guard let rules = supersededBy[finding.ruleID], let start = statements[finding.offset] else { return true }
            return !rules.contains { covered.contains("\($0)\u{0}\(start)") }
        }
    }

    /// For the first byte of each chain element's name (`sink`, `store`, `insert`), the token where
    /// the chain's statement starts: `p.sink { … }.store(in: &bag)` and `bag.insert(p.sink { … })`
    /// are one statement each, while a `sink` inside the closure of another starts its own.
    private static func statementStartsOfElements(in tree: SyntaxTree) -> [Int: Int] {
        var starts: [Int: Int] = [:]
        for chain in tree.chains {
            for element in chain.elements where element.nameToken >= 0 && element.nameToken < tree.tokens.count {
                starts[tree.tokens[element.nameToken].startOffset] = chain.statementStart
            }
        }
        return starts
    }
}
