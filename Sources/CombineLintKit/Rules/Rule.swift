/// What a rule is, for `combinelint rules`, configuration checks and reporters.
public struct RuleDescription: Sendable, Hashable {
    /// snake_case id, used in configuration, suppressions and reports.
    public var id: String
    /// Human name ("Discarded cancellable").
    public var name: String
    public var defaultSeverity: Severity
    /// Opt-in rules run only when the configuration enables them.
    public var isOptIn: Bool
    /// One line: what the rule reports.
    public var summary: String
    /// Options the rule reads from configuration (all are lists of strings).
    public var options: [RuleOptionDescription]

    public init(id: String, name: String, defaultSeverity: Severity, isOptIn: Bool = false,
                summary: String, options: [RuleOptionDescription] = []) {
        self.id = id
        self.name = name
        self.defaultSeverity = defaultSeverity
        self.isOptIn = isOptIn
        self.summary = summary
        self.options = options
    }
}

/// One configurable option of a rule; every option is a list of strings (extra names).
public struct RuleOptionDescription: Sendable, Hashable {
    public var key: String
    public var summary: String
    public init(key: String, summary: String) {
        self.key = key
        self.summary = summary
    }
}

/// Option values given to a rule by configuration.
public struct RuleOptions: Sendable, Hashable {
    public var values: [String: [String]]
    public init(_ values: [String: [String]] = [:]) { self.values = values }
    /// The configured strings for `key`, or an empty list.
    public func strings(_ key: String) -> [String] { values[key] ?? [] }
}

/// A check over one file. Rules are values with no state: the same input gives the same findings.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init()
    /// The findings in one file. Use `context.finding(…)` to build them.
    func check(_ context: RuleContext) -> [Finding]
    /// Works out, into `memo`, the project-wide facts that `check` asks for on many files. The
    /// engine calls it once per run before any file is checked, for all rules side by side, so
    /// that those facts are made on separate workers at once rather than by whichever worker
    /// asks first while the others wait. A rule without such facts does nothing (the default).
    func prepare(index: ProjectIndex, memo: ProjectMemo)
}

extension Rule {
    public var description: RuleDescription { Self.description }

    public func prepare(index: ProjectIndex, memo: ProjectMemo) {}
}
