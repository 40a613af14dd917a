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

/// One `per_file_ignores` entry: rules that do not run on files matching a glob.
public struct PerFileIgnore: Sendable, Hashable {
    public var glob: Glob
    public var ruleIDs: [String]
    public init(glob: Glob, ruleIDs: [String]) {
        self.glob = glob
        self.ruleIDs = ruleIDs
    }
}

/// The configuration that applies to a folder's files: its `.combinelint.json` (and those it
/// extends) validated, with the command line's rule selection. See docs/configuration.md.
public struct Configuration: Sendable, Hashable {
    /// Absolute folder that every glob is relative to (the top configuration file's folder, or
    /// the current directory when there is no file).
    public var rootDirectory: String
    /// The nearest configuration file, if one was read.
    public var filePath: String?
    /// Files are linted only when they match one of these (empty: every file).
    public var include: GlobSet
    /// Files and folders matching one of these are skipped (unless named on the command line
    /// without `--force-exclude`).
    public var exclude: GlobSet
    /// Opt-in rules to run at their default severity.
    public var optInRules: [String]
    /// Per-rule settings by id.
    public var rules: [String: RuleSetting]
    /// Rules dropped for the files matching a glob.
    public var perFileIgnores: [PerFileIgnore] {
        didSet { perFileIgnoreGlobs = GlobSet(perFileIgnores.map(\.glob)) }
    }
    /// `--select`, `--ignore` and `--enable-all-rules`.
    public var selection: RuleSelection
    private var perFileIgnoreGlobs: GlobSet

    public init(rootDirectory: String, filePath: String? = nil, include: GlobSet = [], exclude: GlobSet = [],
                optInRules: [String] = [], rules: [String: RuleSetting] = [:], perFileIgnores: [PerFileIgnore] = [],
                selection: RuleSelection = RuleSelection()) {
        self.rootDirectory = rootDirectory
        self.filePath = filePath
        self.include = include
        self.exclude = exclude
        self.optInRules = optInRules
        self.rules = rules
        self.perFileIgnores = perFileIgnores
        self.selection = selection
        self.perFileIgnoreGlobs = GlobSet(perFileIgnores.map(\.glob))
    }

    /// The name looked for in each folder and its parents.
    public static let fileName = ".combinelint.json"

    /// Whether a rule runs, and how: off rules give nil. A rule runs when it is on by default,
    /// listed in `opt_in_rules`, or given a severity in `rules`; `"off"` always wins. The command
    /// line's selection then narrows or widens that (see `RuleSelection`).
    public func setting(for description: RuleDescription) -> RuleSetting? {
        selection.setting(for: description, configured: configuredSetting(for: description), explicit: rules[description.id])
    }

    /// As `setting(for:)`, for one file: nil too when `per_file_ignores` drops the rule there.
    public func setting(for description: RuleDescription, file absolutePath: String) -> RuleSetting? {
        if ignoredRules(forFile: absolutePath).contains(description.id) { return nil }
        return setting(for: description)
    }

    private func configuredSetting(for description: RuleDescription) -> RuleSetting? {
        if let explicit = rules[description.id] {
            guard explicit.severity != nil else { return nil }
            return explicit
        }
        if description.isOptIn && !optInRules.contains(description.id) { return nil }
        return RuleSetting(severity: description.defaultSeverity)
    }

    /// The registry's rules this configuration turns on, with severity and options, less the
    /// ids in `ignoring` (a file's `per_file_ignores`).
    public func configuredRules(from registry: [any Rule.Type] = RuleRegistry.all, ignoring: Set<String> = []) -> [ConfiguredRule] {
        registry.compactMap { type in
            guard !ignoring.contains(type.description.id), let setting = setting(for: type.description) else { return nil }
            return ConfiguredRule(rule: type.init(), severity: setting.severity, options: setting.options)
        }
    }

    /// The rule ids `per_file_ignores` drops for a file (empty outside the root).
    public func ignoredRules(forFile absolutePath: String) -> Set<String> {
        guard !perFileIgnores.isEmpty, let relative = relativePath(absolutePath) else { return [] }
        var ids: Set<String> = []
        for index in perFileIgnoreGlobs.matchingIndices(relative) { ids.formUnion(perFileIgnores[index].ruleIDs) }
        return ids
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
        guard !(exclude.isEmpty && include.isEmpty), let relative = relativePath(absolutePath) else { return true }
        if exclude.matches(relative) { return false }
        return include.isEmpty || include.matches(relative)
    }

    /// Whether the walker may skip a whole folder.
    public func excludesFolder(_ absolutePath: String) -> Bool {
        guard !exclude.isEmpty, let relative = relativePath(absolutePath), !relative.isEmpty else { return false }
        return exclude.matchesFolder(relative)
    }

    /// Whether `exclude` covers a path named on the command line (`--force-exclude`): the path
    /// itself or one of the folders it lies in below the root.
    public func excludesNamedPath(_ absolutePath: String) -> Bool {
        guard !exclude.isEmpty, let relative = relativePath(absolutePath), !relative.isEmpty else { return false }
        if exclude.matches(relative) { return true }
        var folder = ""
        for segment in relative.split(separator: "/").dropLast() {
            folder += folder.isEmpty ? String(segment) : "/" + segment
            if exclude.matchesFolder(folder) { return true }
        }
        return false
    }
}
