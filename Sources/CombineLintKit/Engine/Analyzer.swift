/// A rule to run with the severity and options the configuration gives it.
public struct ConfiguredRule: Sendable {
    public var rule: any Rule
    public var severity: Severity
    public var options: RuleOptions

    public init(rule: any Rule, severity: Severity? = nil, options: RuleOptions = RuleOptions()) {
        self.rule = rule
        self.severity = severity ?? rule.description.defaultSeverity
        self.options = options
    }

    /// Every rule that is on by default, at its default severity.
    public static var defaults: [ConfiguredRule] {
        RuleRegistry.all.filter { !$0.description.isOptIn }.map { ConfiguredRule(rule: $0.init()) }
    }
}

/// The pure core of a lint run: sources in, findings out. No file system, no suppressions.
public enum Analyzer {
    /// Parses every file, builds the project index over all of them, then runs the rules
    /// on each file (files are parsed and checked in parallel). Findings come back in report order.
    public static func analyze(_ files: [SourceFile], rules: [ConfiguredRule]) -> [Finding] {
        let jobs = Parallel.defaultJobs
        let index = ProjectIndex(files: files, jobs: jobs)
        let trees = index.trees
        let memo = ProjectMemo()
        let perFile = Parallel.map(count: trees.count, jobs: jobs) {
            Supersession.apply(analyze(trees[$0], index: index, rules: rules, treeIndex: $0, memo: memo, measuring: false).findings,
                               tree: trees[$0], rules: rules)
        }
        return perFile.flatMap { $0 }.sorted(by: Finding.reportOrder)
    }

    /// Runs the rules on one parsed file against a prebuilt index.
    public static func analyze(_ tree: SyntaxTree, index: ProjectIndex, rules: [ConfiguredRule]) -> [Finding] {
        Supersession.apply(analyze(tree, index: index, rules: rules, treeIndex: nil, memo: ProjectMemo(), measuring: false).findings,
                           tree: tree, rules: rules)
    }

    /// As `analyze(_:index:rules:)` for the tree at `treeIndex` of `index.trees` (nil: found by its
    /// path); when `measuring`, also the seconds each rule took on this file (in the order of
    /// `rules`), and the seconds of finding the file's subscriptions.
    static func analyze(_ tree: SyntaxTree, index: ProjectIndex, rules: [ConfiguredRule], treeIndex: Int?,
                        memo: ProjectMemo, measuring: Bool)
        -> (findings: [Finding], ruleSeconds: [Double], subscriptionSeconds: Double) {
        var findings: [Finding] = []
        var seconds: [Double] = []
        if measuring { seconds.reserveCapacity(rules.count) }
        let vocabulary = treeIndex.map { index.vocabularies[$0] } ?? index.vocabulary(ofFile: tree.file.path)
        let start = measuring ? monotonicSeconds() : 0
        let subscriptions = vocabulary.mentions(anyOf: SubscriptionFinder.subscriberNames)
            ? SubscriptionFinder.subscriptions(in: tree) : []
        let subscriptionSeconds = measuring ? monotonicSeconds() - start : 0
        let state = RuleContext.FileState(file: tree.file, tree: tree, index: index, subscriptions: subscriptions,
                                          vocabulary: vocabulary, memo: memo)
        for configured in rules {
            let before = measuring ? monotonicSeconds() : 0
            let context = RuleContext(state: state, options: configured.options, severity: configured.severity,
                                      ruleID: configured.rule.description.id)
            findings += configured.rule.check(context)
            if measuring { seconds.append(monotonicSeconds() - before) }
        }
        return (findings, seconds, subscriptionSeconds)
    }
}
