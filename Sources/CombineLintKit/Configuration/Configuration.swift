import Foundation

/// How one rule is configured.
public struct RuleSetting: Sendable, Hashable {
    /// `nil` means "off".
    public var severity: Severity?
    public var options: RuleOptions
    public init(severity: Severity?, options: RuleOptions = RuleOptions()) {
        self.severity = severity
        self.options = options
    }
}

/// The contents of `.combinelint.json`, validated. See docs/configuration.md for the schema.
public struct Configuration: Sendable, Hashable {
    /// Absolute folder that `include` and `exclude` are relative to (the config file's folder,
    /// or the current directory when there is no file).
    public var rootDirectory: String
    /// The configuration file, if one was read.
    public var filePath: String?
    /// Files are linted only when they match one of these (empty: every file).
    public var include: [Glob]
    /// Files and folders matching one of these are skipped (unless named on the command line).
    public var exclude: [Glob]
    /// Opt-in rules to run at their default severity.
    public var optInRules: [String]
    /// Per-rule settings by id.
    public var rules: [String: RuleSetting]

    public init(rootDirectory: String, filePath: String? = nil, include: [Glob] = [], exclude: [Glob] = [],
                optInRules: [String] = [], rules: [String: RuleSetting] = [:]) {
        self.rootDirectory = rootDirectory
        self.filePath = filePath
        self.include = include
        self.exclude = exclude
        self.optInRules = optInRules
        self.rules = rules
    }

    /// The name looked for in the current directory and its parents.
    public static let fileName = ".combinelint.json"

    /// Whether a rule runs, and how: off rules give nil. A rule runs when it is on by default,
    /// listed in `opt_in_rules`, or given a severity in `rules`; `"off"` always wins.
    public func setting(for description: RuleDescription) -> RuleSetting? {
        if let explicit = rules[description.id] {
            guard explicit.severity != nil else { return nil }
            return explicit
        }
        if description.isOptIn && !optInRules.contains(description.id) { return nil }
        return RuleSetting(severity: description.defaultSeverity)
    }

    /// The registry's rules this configuration turns on, with severity and options.
    public func configuredRules(from registry: [any Rule.Type] = RuleRegistry.all) -> [ConfiguredRule] {
        registry.compactMap { type in
            guard let setting = setting(for: type.description) else { return nil }
            return ConfiguredRule(rule: type.init(), severity: setting.severity, options: setting.options)
        }
    }

    /// Relative path of an absolute, standardized path to the root, or nil when it lies outside.
    public func relativePath(_ absolutePath: String) -> String? {
        let root = rootDirectory.hasSuffix("/") ? rootDirectory : rootDirectory + "/"
        if absolutePath == rootDirectory { return "" }
        guard absolutePath.hasPrefix(root) else { return nil }
        return String(absolutePath.dropFirst(root.count))
    }

    /// Whether a discovered file is linted. Globs apply only inside the root directory.
    public func includesFile(_ absolutePath: String) -> Bool {
        guard let relative = relativePath(absolutePath) else { return true }
        if exclude.contains(where: { $0.matches(relative) }) { return false }
        return include.isEmpty || include.contains(where: { $0.matches(relative) })
    }

    /// Whether the walker may skip a whole folder.
    public func excludesFolder(_ absolutePath: String) -> Bool {
        guard let relative = relativePath(absolutePath), !relative.isEmpty else { return false }
        return exclude.contains { $0.matches(relative) || $0.matchesEverything(inside: relative) }
    }
}
