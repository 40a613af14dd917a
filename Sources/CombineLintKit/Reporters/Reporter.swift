/// The outcome of a lint run, as reporters see it.
public struct LintResult: Sendable {
    /// Findings in report order (`Finding.reportOrder`). Files that could not be read or
    /// decoded appear as findings of rule `io_error`, at error severity.
    public var findings: [Finding]
    /// Number of files and lines analysed.
    public var fileCount: Int
    public var lineCount: Int
    /// Descriptions of the rules that ran (SARIF lists them; summaries name them).
    public var rules: [RuleDescription]
    /// Absolute path that report paths are made relative to (normally the current directory).
    public var rootDirectory: String
    /// Text of the lines that hold findings: file (as in `Finding.file`) → 1-based line → text
    /// without its line break. SARIF fingerprints hash it so they survive edits elsewhere in the
    /// file; fill it with `LintResult.sourceLines(for:in:)`. Empty when unknown.
    public var sourceLines: [String: [Int: String]]
    /// When and where the run happened (JUnit records it).
    public var run: RunInfo
    /// The traces of `lint --trace` and the call sites that matched no pipeline; nil without
    /// `--trace` (reporters then print exactly what they print without runtime evidence).
    public var runtime: RuntimeRun?

    public init(findings: [Finding], fileCount: Int, lineCount: Int, rules: [RuleDescription], rootDirectory: String,
                sourceLines: [String: [Int: String]] = [:], run: RunInfo = RunInfo(), runtime: RuntimeRun? = nil) {
        self.findings = findings
        self.fileCount = fileCount
        self.lineCount = lineCount
        self.rules = rules
        self.rootDirectory = rootDirectory
        self.sourceLines = sourceLines
        self.run = run
        self.runtime = runtime
    }

    public var errorCount: Int { findings.filter { $0.severity == .error }.count }
    public var warningCount: Int { findings.filter { $0.severity == .warning }.count }
    /// Findings whose pipeline misbehaved at run time.
    public var confirmedCount: Int { findings.filter { $0.runtime?.isConfirmed == true }.count }
}

/// Turns a lint result into text in one format. Pure: the caller writes the text.
public protocol Reporter: Sendable {
    /// The name used with `--reporter` (`xcode`, `json`, `sarif`, …).
    static var name: String { get }
    /// One line for `--help`.
    static var summary: String { get }
    init()
    func report(_ result: LintResult) -> String
    /// Whether `--statistics` may add its table after this format's findings: only for text
    /// read by people, never inside a document a tool parses.
    static var acceptsStatistics: Bool { get }
}

extension Reporter {
    public static var acceptsStatistics: Bool { false }
}
