/// Everything a rule may look at while checking one file.
public struct RuleContext: Sendable {
    /// What the contexts of every rule on one file share, made once per file: a rule's context is
    /// then a reference and three small values, not a copy of the tree's and the index's storage.
    final class FileState: Sendable {
        let file: SourceFile
        let tree: SyntaxTree
        let index: ProjectIndex
        let subscriptions: [Subscription]
        let vocabulary: FileVocabulary
        let memo: ProjectMemo

        init(file: SourceFile, tree: SyntaxTree, index: ProjectIndex, subscriptions: [Subscription], vocabulary: FileVocabulary, memo: ProjectMemo) {
            self.file = file
            self.tree = tree
            self.index = index
            self.subscriptions = subscriptions
            self.vocabulary = vocabulary
            self.memo = memo
        }
    }

    let state: FileState
    public let options: RuleOptions
    /// The severity the configuration gives the rule being run.
    public let severity: Severity
    public let ruleID: String

    public var file: SourceFile { state.file }
    public var tree: SyntaxTree { state.tree }
    public var index: ProjectIndex { state.index }
    /// The file's subscriptions (`SubscriptionFinder.subscriptions(in:)`), found once per file and
    /// shared by every rule.
    public var subscriptions: [Subscription] { state.subscriptions }
    /// The names the file mentions: a rule that can only fire where one of its names is written
    /// returns at once when none is (`mentions(anyOf:)`).
    public var vocabulary: FileVocabulary { state.vocabulary }
    /// Project-wide results computed once per run and shared by every file's check.
    public var memo: ProjectMemo { state.memo }

    public init(file: SourceFile, tree: SyntaxTree, index: ProjectIndex, options: RuleOptions = RuleOptions(),
                severity: Severity, ruleID: String, subscriptions: [Subscription]? = nil, vocabulary: FileVocabulary? = nil,
                memo: ProjectMemo? = nil) {
        let state = FileState(file: file, tree: tree, index: index,
                              subscriptions: subscriptions ?? SubscriptionFinder.subscriptions(in: tree),
                              vocabulary: vocabulary ?? index.vocabulary(ofFile: file.path), memo: memo ?? ProjectMemo())
        self.init(state: state, options: options, severity: severity, ruleID: ruleID)
    }

    /// The context of one rule on a file whose shared state is made.
    init(state: FileState, options: RuleOptions, severity: Severity, ruleID: String) {
        self.state = state
        self.options = options
        self.severity = severity
        self.ruleID = ruleID
    }

    public var tokens: [Token] { tree.tokens }

    /// Whether the file mentions one of the names (as an identifier, keyword or attribute).
    public func mentions(anyOf names: NameSet) -> Bool { vocabulary.mentions(anyOf: names) }

    /// A finding over a byte range, with optional advice (`help`) and related places.
    public func finding(range: Range<Int>, message: String, severity: Severity? = nil, fix: Fix? = nil,
                        help: String? = nil, related: [RelatedLocation] = []) -> Finding {
        let start = file.location(ofOffset: range.lowerBound)
        let end = file.location(ofOffset: range.upperBound)
        return Finding(ruleID: ruleID, severity: severity ?? self.severity, message: message, file: file.path,
                       line: start.line, column: start.column, endLine: end.line, endColumn: end.column,
                       offset: range.lowerBound, length: range.count, fix: fix, help: help, related: related)
    }

    /// A finding over tokens `first...last` (indices into `tree.tokens`).
    public func finding(tokens first: Int, through last: Int? = nil, message: String, severity: Severity? = nil, fix: Fix? = nil,
                        help: String? = nil, related: [RelatedLocation] = []) -> Finding {
        finding(range: tokenRange(first, through: last), message: message, severity: severity, fix: fix, help: help, related: related)
    }

    /// A related location over tokens `first...last` of this file.
    public func related(tokens first: Int, through last: Int? = nil, message: String) -> RelatedLocation {
        RelatedLocation(in: file, range: tokenRange(first, through: last), message: message)
    }

    /// The bytes of tokens `first...last`, clamped: unclosed brackets end at the end of the file,
    /// and damaged input must never trap.
    private func tokenRange(_ first: Int, through last: Int?) -> Range<Int> {
        let count = tree.tokens.count
        guard count > 0 else { return 0..<0 }
        let firstIndex = min(max(first, 0), count - 1)
        let lastIndex = min(max(last ?? first, firstIndex), count - 1)
        return tree.tokens[firstIndex].startOffset..<tree.tokens[lastIndex].endOffset
    }

    /// An edit replacing a byte range of this file.
    public func edit(_ range: Range<Int>, _ replacement: String) -> TextEdit {
        TextEdit(in: file, range: range, replacement: replacement)
    }
}
