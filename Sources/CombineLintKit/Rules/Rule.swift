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
    /// Rules whose finding on the same statement's subscription says the same thing more precisely:
    /// when one of them (on too) reports it, this rule's finding there is dropped.
    public var supersededBy: [String]

    public init(id: String, name: String, defaultSeverity: Severity, isOptIn: Bool = false,
                summary: String, options: [RuleOptionDescription] = [], supersededBy: [String] = []) {
        self.id = id
        self.name = name
        self.defaultSeverity = defaultSeverity
        self.isOptIn = isOptIn
        self.summary = summary
        self.options = options
        self.supersededBy = supersededBy
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
    /// The project-wide facts that `check` asks for on many files, each as a step that works it
    /// out into `memo`. The engine runs every rule's steps once per run before any file is
    /// checked, spread over its workers, so that those facts are made side by side rather than
    /// by whichever worker asks first while the others wait. A rule without such facts has none
    /// (the default).
    func preparations(index: ProjectIndex, memo: ProjectMemo) -> [Preparation]
}

extension Rule {
    public var description: RuleDescription { Self.description }

    public func preparations(index: ProjectIndex, memo: ProjectMemo) -> [Preparation] { [] }
}

/// One project-wide fact that a rule's checks ask for, worked out ahead of the files
/// (`Rule.preparations`). Two rules that ask for the same fact name it alike, and it is made once.
public struct Preparation {
    /// What the step makes (its memo key, say): the engine runs one step of each name.
    public var name: String
    /// Makes the fact into the run's memo.
    public var run: () -> Void

    public init(_ name: String, _ run: @escaping () -> Void) {
        self.name = name
        self.run = run
    }
}
