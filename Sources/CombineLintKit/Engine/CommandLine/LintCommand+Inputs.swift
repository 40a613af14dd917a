import Foundation

/// What the engine is given: the files, the problems found while looking for them, and the
/// rule profile of each file (its folder's configuration, less its `per_file_ignores`).
struct LintWork {
    var inputs: [LintInput] = []
    var problems: [Finding] = []
    /// Profile 0 is the current folder's (used by files that only feed the index).
    var profiles: [RuleProfile] = []
    /// Where each reported path (as in findings) is on disk.
    var absolutePaths: [String: String] = [:]
    /// What the walked folders' `Info.plist` files say.
    var appSettings = AppSettings()
}

extension LintCommand {
    /// The configurations: the `--config` file for every folder, else each folder's own.
    func configurationTree() throws -> ConfigurationTree {
        let known = registry.map { $0.description } + MetaRules.all
        let selection = try ruleSelection(known: known)
        guard let explicit = options.configPath else {
            return ConfigurationTree(discoveringFrom: cwd, knownRules: known, selection: selection)
        }
        var configuration = try ConfigurationLoader.load(explicitPath: explicit, currentDirectory: cwd, knownRules: known)
        configuration.selection = selection
        return ConfigurationTree(fixed: configuration)
    }

    /// `--select`, `--ignore`, `--enable-all-rules`, with every id checked.
    private func ruleSelection(known: [RuleDescription]) throws -> RuleSelection {
        let ids = Set(known.map(\.id))
        for (flag, list) in [("--select", options.select ?? []), ("--ignore", options.ignore)] {
            if let unknown = list.first(where: { !ids.contains($0) }) {
                throw Stop(message: "unknown rule '\(unknown)' in \(flag) (see 'combinelint rules')")
            }
        }
        return RuleSelection(selected: options.select.map(Set.init), ignored: Set(options.ignore),
                             enablesAll: options.enableAllRules)
    }

    func inputs(configurations: ConfigurationTree) throws -> LintWork {
        let walker = FileWalker(configurations: configurations, currentDirectory: cwd, forceExclude: options.forceExclude)
        var tree = configurations
        var work = LintWork()
        var profileIndex: [ProfileKey: Int] = [:]
        func profile(for absolutePath: String) throws -> Int {
            let configuration = try tree.configuration(forFile: absolutePath)
            let ignored = configuration.ignoredRules(forFile: absolutePath)
            let key = ProfileKey(configurationFile: configuration.filePath, ignored: ignored)
            if let index = profileIndex[key] { return index }
            work.profiles.append(RuleProfile(configuration: configuration, registry: registry, ignoring: ignored))
            profileIndex[key] = work.profiles.count - 1
            return work.profiles.count - 1
        }
        _ = try profile(for: cwd + "/.")

        guard let stdinPath = options.stdinPath else {
            let walked = try walk(walker, options.paths.isEmpty ? ["."] : options.paths)
            tree = walked.configurations
            for file in walked.files {
                work.inputs.append(LintInput(path: file.path, absolutePath: file.absolutePath, profile: try profile(for: file.absolutePath)))
                work.absolutePaths[file.path] = file.absolutePath
            }
            work.problems = walked.problems
            work.appSettings = LintEngine.appSettings(readingSettingsFiles: walked.settingsFiles)
            return work
        }
        let absolute = PathUtilities.absolute(stdinPath, relativeTo: cwd)
        let stdinProfile = try profile(for: absolute)
        let root = contextRoot(for: absolute, configuration: try tree.configuration(forFile: absolute))
        // The neighbours only feed the index; unreadable ones are not this run's problem.
        let walkedRoot = try? walk(walker, [root])
        let walked = walkedRoot?.files ?? []
        work.appSettings = LintEngine.appSettings(readingSettingsFiles: walkedRoot?.settingsFiles ?? [])
        let stdinReal = PathUtilities.realPath(absolute) ?? absolute
        work.inputs = walked.filter { (PathUtilities.realPath($0.absolutePath) ?? $0.absolutePath) != stdinReal }
            .map { LintInput(path: $0.path, absolutePath: $0.absolutePath, isReported: false) }
        work.inputs.append(LintInput(path: stdinPath, absolutePath: absolute, bytes: io.readStandardInput(), isReported: true,
                                     profile: stdinProfile))
        work.absolutePaths[stdinPath] = absolute
        return work
    }

    private func walk(_ walker: FileWalker, _ paths: [String]) throws -> FileWalker.Result {
        do { return try walker.walk(paths) } catch let error as MissingPathError { throw Stop(message: error.description) }
    }

    /// The folder whose Swift files give the context of a `--stdin-path` file: the configuration's
    /// folder, else the git work tree, else the file's own folder.
    private func contextRoot(for absolutePath: String, configuration: Configuration) -> String {
        if configuration.filePath != nil { return configuration.rootDirectory }
        var folder = (absolutePath as NSString).deletingLastPathComponent
        while true {
            if FileManager.default.fileExists(atPath: folder + "/.git") { return folder }
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder || parent.isEmpty { break }
            folder = parent
        }
        return (absolutePath as NSString).deletingLastPathComponent
    }
}

/// Files share a rule profile when their nearest configuration file (which fixes the whole
/// chain above it) and their `per_file_ignores` are the same.
private struct ProfileKey: Hashable {
    var configurationFile: String?
    var ignored: Set<String>
}
