import Foundation

/// The configuration of each folder. Without `--config`, a folder's `.combinelint.json` extends
/// its parent folder's configuration (unless it says `"root": true`), as ESLint and Ruff do.
/// Each folder is looked at once and its result kept, so loading stays linear in the number of
/// folders, however many files they hold.
public struct ConfigurationTree: Sendable {
    /// The one configuration of every folder (`--config FILE`), or nil to discover them.
    public let fixed: Configuration?
    public let currentDirectory: String
    public let knownRules: [RuleDescription]
    public let selection: RuleSelection
    private var byFolder: [String: Configuration] = [:]

    /// Every folder uses `configuration`.
    public init(fixed configuration: Configuration) {
        self.fixed = configuration
        self.currentDirectory = configuration.rootDirectory
        self.knownRules = []
        self.selection = configuration.selection
    }

    /// Folders use the `.combinelint.json` files found in them and above them.
    public init(discoveringFrom currentDirectory: String, knownRules: [RuleDescription] = ConfigurationDecoder.allKnownRules,
                selection: RuleSelection = RuleSelection()) {
        self.fixed = nil
        self.currentDirectory = PathUtilities.standardize(currentDirectory)
        self.knownRules = knownRules
        self.selection = selection
    }

    /// The configuration of the files in `folder` (absolute, standardized).
    public mutating func configuration(forFolder folder: String) throws -> Configuration {
        if let fixed { return fixed }
        if let known = byFolder[folder] { return known }
        // The folders from `folder` up to the first one already known (or the top), then
        // their configurations from the top down.
        var chain: [String] = []
        var current = folder
        var base: Configuration? = nil
        while true {
            if let known = byFolder[current] { base = known; break }
            chain.append(current)
            let parent = PathUtilities.folder(of: current)
            if parent == current || parent.isEmpty { break }
            current = parent
        }
        var configuration = base ?? Configuration(rootDirectory: currentDirectory, selection: selection)
        for folder in chain.reversed() {
            let candidate = folder == "/" ? "/" + Configuration.fileName : folder + "/" + Configuration.fileName
            if ConfigurationLoader.isRegularFile(candidate) {
                var file = try ConfigurationLoader.readFile(candidate, currentDirectory: currentDirectory, knownRules: knownRules)
                file.configuration.selection = selection
                configuration = file.isRoot ? file.configuration : configuration.extended(by: file)
            }
            byFolder[folder] = configuration
        }
        return configuration
    }

    /// The configuration of a file (absolute, standardized): its folder's.
    public mutating func configuration(forFile path: String) throws -> Configuration {
        try configuration(forFolder: PathUtilities.folder(of: path))
    }
}
