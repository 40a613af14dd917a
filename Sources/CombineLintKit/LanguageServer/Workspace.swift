import Foundation

/// The project as the server holds it in memory: every Swift file of the workspace folders
/// (an open buffer's text over the file on disk), parsed once, the project index over all of
/// them, and each file's rules from the configuration. An edit re-parses that one file and
/// updates the index in place (`ProjectIndex.replaceTree`); the other files are never read again.
public struct Workspace: Sendable {
    /// The workspace folders (absolute); the first is the folder configurations and paths are read from.
    public let roots: [String]
    /// The rules the server may run.
    let registry: [any Rule.Type]
    /// The configurations in force: the last good ones.
    private(set) var configurations: ConfigurationTree
    /// Why the last attempt to read the configuration failed (nil when it was read).
    public private(set) var configurationError: ConfigurationError?
    /// The index over every file, the trees in input order.
    public private(set) var index: ProjectIndex
    /// Each tree's rule profile (`profiles[profileOfTree[t]]`), and whether it is linted at all
    /// (an excluded file only feeds the index).
    private(set) var profileOfTree: [Int] = []
    private(set) var profiles: [RuleProfile] = []
    private var profileIndex: [ProfileKey: Int] = [:]
    /// The position in `index.trees` of each file, by absolute path.
    public var treeIndexByPath: [String: Int] { index.treeIndexByPath }

    /// Indexes the workspace folders; `overrides` are the texts of open buffers (by absolute path).
    public init(roots: [String], registry: [any Rule.Type] = RuleRegistry.all, overrides: [String: [UInt8]] = [:],
                jobs: Int = Parallel.defaultJobs) {
        self.roots = roots.map(PathUtilities.standardize)
        self.registry = registry
        let root = self.roots.first ?? PathUtilities.standardize(FileManager.default.currentDirectoryPath)
        let known = registry.map { $0.description } + MetaRules.all
        configurations = ConfigurationTree(discoveringFrom: root, knownRules: known)
        index = ProjectIndex(trees: [])
        var files: [DiscoveredFile] = []
        var settings = AppSettings()
        do {
            (files, settings) = try Workspace.walk(self.roots, configurations: configurations, root: root)
        } catch let error as ConfigurationError {
            // The defaults stand in until the configuration can be read.
            configurationError = error
            configurations = ConfigurationTree(fixed: Configuration(rootDirectory: root))
            (files, settings) = (try? Workspace.walk(self.roots, configurations: configurations, root: root)) ?? ([], AppSettings())
        } catch {
            configurationError = ConfigurationError(file: Configuration.fileName, position: nil, message: "\(error)")
        }
        var paths = files.map(\.absolutePath)
        for path in overrides.keys.sorted() where !paths.contains(path) { paths.append(path) }
        let sources: [SourceFile] = Parallel.map(count: paths.count, jobs: jobs) { i in
            // A file the CLI reports as unreadable (UTF-16, binary) feeds nothing to the index.
            var bytes = overrides[paths[i]] ?? (try? FileReader.read(paths[i]).get()) ?? []
            if overrides[paths[i]] == nil, SourceEncoding.detect(bytes).problem != nil { bytes = [] }
            return SourceFile(path: paths[i], bytes: bytes)
        }
        index = ProjectIndex(files: sources, jobs: jobs)
        index.appSettings = settings
        profileOfTree = paths.map { profile(for: $0) }
    }

    /// The Swift files under the roots, as the CLI finds them (excluded files left out), and what
    /// the apps' settings files there say.
    private static func walk(_ roots: [String], configurations: ConfigurationTree, root: String) throws -> ([DiscoveredFile], AppSettings) {
        let walker = FileWalker(configurations: configurations, currentDirectory: root)
        let existing = roots.filter { FileManager.default.fileExists(atPath: $0) }
        let walked = try walker.walk(existing)
        return (walked.files, LintEngine.appSettings(readingSettingsFiles: walked.settingsFiles))
    }

    /// The profile of a file: its folder's configuration, less its `per_file_ignores`; nil-profile
    /// (-1) for a file the configuration excludes.
    private mutating func profile(for path: String) -> Int {
        guard let configuration = try? configurations.configuration(forFile: path) else { return -1 }
        if configuration.excludesNamedPath(path) { return -1 }
        let ignored = configuration.ignoredRules(forFile: path)
        let key = ProfileKey(configurationFile: configuration.filePath, ignored: ignored)
        if let known = profileIndex[key] { return known }
        profiles.append(RuleProfile(configuration: configuration, registry: registry, ignoring: ignored))
        profileIndex[key] = profiles.count - 1
        return profiles.count - 1
    }

    /// Whether the server checks files at this path: a Swift file under a root, or anywhere when
    /// the editor opens it.
    public func holds(_ path: String) -> Bool { index.treeIndexByPath[path] != nil }

    /// Sets the text of one file (an edit, an open or a close, a change on disk) and updates the
    /// index: that file alone is parsed again. A file the index did not hold is added.
    public mutating func setText(_ bytes: [UInt8], ofFile path: String) {
        let tree = SyntaxTree(file: SourceFile(path: path, bytes: bytes))
        if let t = index.treeIndexByPath[path] {
            index.replaceTree(at: t, with: tree)
            // Patches pile up over a long session; past a tenth of the tables, one build anew.
            if index.patchedFraction > 0.1 { index = index.rebuilt(from: index.trees) }
        } else {
            index = index.appendingTree(tree)
            profileOfTree.append(profile(for: path))
        }
    }

    /// Drops a file that is gone from disk (and not open).
    public mutating func removeFile(_ path: String) {
        applyDiskChanges(changed: [:], removed: [path])
    }

    /// Files changed on disk at once (a checkout, a generator): texts of files the index holds
    /// replace their trees one by one; new files and removed ones cost one build of the index
    /// anew for the whole batch.
    public mutating func applyDiskChanges(changed: [String: [UInt8]], removed: Set<String>) {
        var added: [SyntaxTree] = []
        for path in changed.keys.sorted() {
            if index.treeIndexByPath[path] != nil {
                setText(changed[path]!, ofFile: path)
            } else {
                added.append(SyntaxTree(file: SourceFile(path: path, bytes: changed[path]!)))
            }
        }
        let gone = removed.filter { index.treeIndexByPath[$0] != nil }
        guard !added.isEmpty || !gone.isEmpty else { return }
        var trees: [SyntaxTree] = []
        var profiles: [Int] = []
        for (t, tree) in index.trees.enumerated() where !gone.contains(tree.file.path) {
            trees.append(tree)
            profiles.append(profileOfTree[t])
        }
        profileOfTree = profiles
        for tree in added {
            trees.append(tree)
            profileOfTree.append(profile(for: tree.file.path))
        }
        index = index.rebuilt(from: trees)
    }

    /// Reads the configuration again (a `.combinelint.json` changed). When it can be read, the
    /// rules of every file follow it, and the files it includes are indexed again from the disk
    /// and `overrides`; when it cannot, the last good one stays and the error is kept.
    public mutating func reloadConfiguration(overrides: [String: [UInt8]]) {
        let fresh = Workspace(roots: roots, registry: registry, overrides: overrides)
        if let error = fresh.configurationError {
            configurationError = error
            return
        }
        self = fresh
    }

    /// The findings of one file after its suppression comments, in report order (nil when the
    /// workspace does not hold it, empty when the configuration excludes it).
    public func findings(ofFile path: String, memo: ProjectMemo = ProjectMemo()) -> [Finding]? {
        guard let t = index.treeIndexByPath[path] else { return nil }
        let p = profileOfTree[t]
        guard p >= 0 else { return [] }
        let tree = index.trees[t]
        let profile = profiles[p]
        let analyzed = Analyzer.analyze(tree, index: index, rules: profile.rules, treeIndex: t, memo: memo, measuring: false)
        return profile.suppressions.apply(analyzed.findings, file: tree.file, tokens: tree.comments).findings.sorted(by: Finding.reportOrder)
    }

    /// The parsed source of a file the workspace holds.
    public func source(ofFile path: String) -> SourceFile? {
        index.treeIndexByPath[path].map { index.trees[$0].file }
    }
}

/// Files share a rule profile when their nearest configuration file and their
/// `per_file_ignores` are the same (as in `LintCommand`).
private struct ProfileKey: Hashable {
    var configurationFile: String?
    var ignored: Set<String>
}
