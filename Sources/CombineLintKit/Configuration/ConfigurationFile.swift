/// One `.combinelint.json` as written: its configuration and which keys it sets, so that a file
/// in a sub-folder can extend the one above key by key.
public struct ConfigurationFile: Sendable, Hashable {
    public var configuration: Configuration
    /// The top-level keys present in the file.
    public var definedKeys: Set<String>
    /// `"root": true`: files above are not read.
    public var isRoot: Bool

    public init(configuration: Configuration, definedKeys: Set<String>, isRoot: Bool = false) {
        self.configuration = configuration
        self.definedKeys = definedKeys
        self.isRoot = isRoot
    }
}

extension Configuration {
    /// This configuration (a folder's) extended by the file of a folder below it: the file's
    /// keys override, except `rules`, which is merged rule by rule. Globs keep meaning what they
    /// meant in their own file: the file's are rebased onto this configuration's root.
    public func extended(by file: ConfigurationFile) -> Configuration {
        let child = file.configuration
        guard filePath != nil, let folder = relativePath(child.rootDirectory) else {
            var own = child
            own.selection = selection
            return own
        }
        var result = self
        result.filePath = child.filePath
        let keys = file.definedKeys
        if keys.contains("include") { result.include = child.include.rebased(under: folder) }
        if keys.contains("exclude") { result.exclude = child.exclude.rebased(under: folder) }
        if keys.contains("opt_in_rules") { result.optInRules = child.optInRules }
        if keys.contains("per_file_ignores") {
            result.perFileIgnores = child.perFileIgnores.map { PerFileIgnore(glob: $0.glob.rebased(under: folder), ruleIDs: $0.ruleIDs) }
        }
        result.rules.merge(child.rules) { _, below in below }
        return result
    }
}
