/// How serious a finding is. `error` findings fail a lint run (exit code 1).
public enum Severity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .warning && rhs == .error
    }
}

/// One replacement of a byte range of a file. Line and column (1-based, characters) are
/// carried too so that editors need not read the file to place the edit.
public struct TextEdit: Sendable, Hashable, Codable {
    public var offset: Int
    public var length: Int
    public var replacement: String
    public var line: Int
    public var column: Int
    public var endLine: Int
    public var endColumn: Int

    public init(offset: Int, length: Int, replacement: String, line: Int, column: Int, endLine: Int, endColumn: Int) {
        self.offset = offset
        self.length = length
        self.replacement = replacement
        self.line = line
        self.column = column
        self.endLine = endLine
        self.endColumn = endColumn
    }

    public init(in file: SourceFile, range: Range<Int>, replacement: String) {
        let start = file.location(ofOffset: range.lowerBound)
        let end = file.location(ofOffset: range.upperBound)
        self.init(offset: range.lowerBound, length: range.count, replacement: replacement,
                  line: start.line, column: start.column, endLine: end.line, endColumn: end.column)
    }
}

/// A mechanical change that resolves a finding: edits that must be applied together.
public struct Fix: Sendable, Hashable, Codable {
    /// What the fix does, in a few words ("Replace with assign(to: &$title)").
    public var title: String
    /// Non-overlapping edits, in increasing offset order.
    public var edits: [TextEdit]

    public init(title: String, edits: [TextEdit]) {
        self.title = title
        self.edits = edits.sorted { $0.offset < $1.offset }
    }
}

/// One problem a rule found at one place.
public struct Finding: Sendable, Hashable {
    /// The rule's snake_case id.
    public var ruleID: String
    public var severity: Severity
    /// What goes wrong at run time and what to write instead.
    public var message: String
    /// Advice kept apart from the message (as rustc's and Ruff's `help:`): what to write instead.
    /// Reporters show it on a line of its own; nil when the message says it all.
    public var help: String?
    /// Other places that explain the finding (where a subject was completed, where a property is
    /// declared), each with a short message. Empty for most findings.
    public var related: [RelatedLocation]
    /// The file's path as it was given or discovered.
    public var file: String
    /// 1-based start line and column (characters).
    public var line: Int
    public var column: Int
    /// 1-based end line and column (exclusive end, characters).
    public var endLine: Int
    public var endColumn: Int
    /// UTF-8 offset and length of the reported range.
    public var offset: Int
    public var length: Int
    public var fix: Fix?
    /// What traces recorded at the finding's pipeline (`lint --trace`); nil without a trace or
    /// when no traced call site lies in the pipeline.
    public var runtime: FindingRuntime? = nil

    public init(ruleID: String, severity: Severity, message: String, file: String,
                line: Int, column: Int, endLine: Int, endColumn: Int,
                offset: Int, length: Int, fix: Fix? = nil, help: String? = nil, related: [RelatedLocation] = []) {
        self.ruleID = ruleID
        self.severity = severity
        self.message = message
        self.help = help
        self.related = related
        self.file = file
        self.line = line
        self.column = column
        self.endLine = endLine
        self.endColumn = endColumn
        self.offset = offset
        self.length = length
        self.fix = fix
    }

    /// Findings in report order: file, line, column, rule, message.
    public static func reportOrder(_ a: Finding, _ b: Finding) -> Bool {
        if a.file != b.file { return a.file < b.file }
        if a.line != b.line { return a.line < b.line }
        if a.column != b.column { return a.column < b.column }
        if a.ruleID != b.ruleID { return a.ruleID < b.ruleID }
        return a.message < b.message
    }
}
