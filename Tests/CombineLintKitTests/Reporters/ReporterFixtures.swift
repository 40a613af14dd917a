import CombineLintKit

/// A fixed lint result shared by the reporter tests: three findings given out of order (so
/// reporters must sort), one with a fix, one whose message holds every character some format
/// must escape, and one in a file outside the root directory (its path stays absolute).
enum ReporterFixtures {
    static let root = "/work/proj"

    static let fixFinding = Finding(
        ruleID: "discarded_cancellable", severity: .warning,
        message: "The AnyCancellable returned by `sink` is discarded, so the subscription ends at once.",
        file: "/work/proj/Sources/App/Feed.swift",
        line: 3, column: 9, endLine: 3, endColumn: 36, offset: 52, length: 27,
        fix: Fix(title: "Store the cancellable", edits: [
            TextEdit(offset: 79, length: 0, replacement: "\n        .store(in: &cancellables)",
                     line: 3, column: 36, endLine: 3, endColumn: 36),
        ]))

    /// `%`, `:`, `,`, `"`, `<`, `|`, a line break and non-ASCII text.
    static let specialMessage = "100% sure: a, \"b\" <c> | d\nnext — ünï 日本"

    static let specialFinding = Finding(
        ruleID: "assign_retain_cycle", severity: .error,
        message: specialMessage,
        file: "/work/proj/Sources/App/Feed.swift",
        line: 7, column: 5, endLine: 7, endColumn: 40, offset: 120, length: 35)

    static let outsideFinding = Finding(
        ruleID: "discarded_cancellable", severity: .warning,
        message: "Result of `assign` is unused.",
        file: "/elsewhere/Shared.swift",
        line: 12, column: 1, endLine: 12, endColumn: 20, offset: 300, length: 19)

    static let rules = [
        RuleDescription(id: "discarded_cancellable", name: "Discarded cancellable", defaultSeverity: .warning,
                        summary: "A subscription whose AnyCancellable is not kept."),
        RuleDescription(id: "assign_retain_cycle", name: "Assign retain cycle", defaultSeverity: .error,
                        summary: "assign(to:on: self) keeps self alive."),
    ]

    static let sourceLines: [String: [Int: String]] = [
        "/work/proj/Sources/App/Feed.swift": [
            3: "        publisher.sink { _ in }",
            7: "    feed.assign(to: \\.title, on: self)",
        ],
        "/elsewhere/Shared.swift": [12: "shared.assign(to: \\.x, on: y)"],
    ]

    static func result(sourceLines: [String: [Int: String]] = sourceLines) -> LintResult {
        LintResult(findings: [specialFinding, fixFinding, outsideFinding], fileCount: 3, lineCount: 120,
                   rules: rules, rootDirectory: root, sourceLines: sourceLines)
    }

    /// A finding with help and a related location, on a line whose emoji makes UTF-16 columns
    /// differ from character columns (22 → 23, 29 → 30).
    static let helpFinding = Finding(
        ruleID: "send_after_completion", severity: .warning,
        message: "`events` was already completed, so this value is dropped.",
        file: "/work/proj/Sources/App/Store.swift",
        line: 6, column: 22, endLine: 6, endColumn: 29, offset: 140, length: 7,
        help: "Send the values before completing the subject.",
        related: [RelatedLocation(file: "/work/proj/Sources/App/Store.swift", line: 4, column: 12, endLine: 4, endColumn: 39,
                                  message: "`events` is completed here")])

    static let helpSourceLines: [String: [Int: String]] = [
        "/work/proj/Sources/App/Store.swift": [
            4: "    events.send(completion: .finished)",
            6: "    log(\"😀\"); events.send(1)",
        ],
    ]

    static let helpResult = LintResult(findings: [helpFinding], fileCount: 1, lineCount: 8, rules: [],
                                       rootDirectory: root, sourceLines: helpSourceLines)

    static let empty = LintResult(findings: [], fileCount: 2, lineCount: 40, rules: rules, rootDirectory: root)
}

extension LintResult {
    /// The findings in report order, as every reporter walks them.
    var sortedFindingsForTests: [Finding] { findings.sorted(by: Finding.reportOrder) }
}
