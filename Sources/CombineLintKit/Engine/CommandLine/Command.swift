/// Options of `combinelint lint`.
public struct LintOptions: Sendable, Hashable {
    /// Files and folders to lint (empty: the current directory).
    public var paths: [String] = []
    public var configPath: String?
    public var reporter: String = "xcode"
    public var outputPath: String?
    public var strict = false
    public var quiet = false
    /// Worker threads (nil: one per core).
    public var jobs: Int?
    public var baselinePath: String?
    public var writeBaselinePath: String?
    public var changedSince: String?
    /// A unified diff file, or `-` for standard input.
    public var diffPath: String?
    public var stdinPath: String?
    public var fix = false
    public var dryRun = false
    /// Print the time of each phase and rule on standard error (`--timings`).
    public var timings = false
    /// `--select`: run only these rules (nil: the configuration's).
    public var select: [String]?
    /// `--ignore`: never run these rules.
    public var ignore: [String] = []
    /// `--enable-all-rules`: run every rule, opt-in ones included.
    public var enableAllRules = false
    /// `--max-warnings N`: fail (exit 1) on more than N warnings.
    public var maxWarnings: Int?
    /// `--exit-zero`: exit 0 whatever the findings (usage and configuration errors still exit 2).
    public var exitZero = false
    /// `--force-exclude`: `exclude` applies to paths named on the command line too.
    public var forceExclude = false

    /// After the findings, print how many each rule gave (`--statistics`; text reporters only).
    public var statistics = false

    /// `--trace FILE` (repeatable): traces whose runtime evidence joins the findings.
    public var traces: [String] = []

    public init() {}
}

/// A parsed command line.
public enum Command: Sendable, Hashable {
    /// `--help` of the tool (topic nil) or of a subcommand.
    case help(topic: String?)
    case version
    case lint(LintOptions)
    case rules
    /// `rules --format json`: the rule list for tools.
    case rulesJSON
    case explain(ruleID: String)
    case dumpTokens(path: String, includeTrivia: Bool)
    case dumpTree(path: String)
    /// `server`: the language server on standard input and output.
    case server
}

/// A command line that cannot be run: one line for standard error; exit code 2.
public struct UsageError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
