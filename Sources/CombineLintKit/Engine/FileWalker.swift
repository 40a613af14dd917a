import Foundation

/// A file to lint, as found by the walker.
public struct DiscoveredFile: Sendable, Hashable {
    /// The path as given, or the given folder joined with the path found under it, for reports
    /// (bytes of a name that is not UTF-8 shown as `\xNN`).
    public var path: String
    /// Absolute, standardized (symlinks kept); see `RawPath` for names that are not UTF-8.
    public var absolutePath: String
}

/// A path given on the command line that does not exist.
public struct MissingPathError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var description: String { "no such file or folder: '\(path)'" }
}

/// Finds the `.swift` files under the given paths: recursive, in a stable sorted order, skipping
/// build and dependency folders and hidden folders, following symlinks without looping. Each
/// folder's configuration (its own `.combinelint.json` and those above) decides what is skipped
/// below it.
public struct FileWalker: Sendable {
    /// Folder names never entered (unless named on the command line).
    public static let skippedFolderNames: Set<String> = [".build", ".git", "DerivedData", "Pods", "Carthage", ".swiftpm"]

    public var configurations: ConfigurationTree
    public var currentDirectory: String
    /// `--force-exclude`: `exclude` applies to paths named on the command line too.
    public var forceExclude: Bool

    /// A walker with one configuration for every folder.
    public init(configuration: Configuration, currentDirectory: String) {
        self.init(configurations: ConfigurationTree(fixed: configuration), currentDirectory: currentDirectory)
    }

    public init(configurations: ConfigurationTree, currentDirectory: String, forceExclude: Bool = false) {
        self.configurations = configurations
        self.currentDirectory = currentDirectory
        self.forceExclude = forceExclude
    }

    public struct Result: Sendable {
        /// Sorted by path, each real file once.
        public var files: [DiscoveredFile]
        /// `io_error` findings for paths that could not be read, at the severity their
        /// configuration gives `io_error` (none when it is off).
        public var problems: [Finding]
        /// The configurations of the folders walked (kept for the engine: no file is read twice).
        public var configurations: ConfigurationTree
        /// The apps' settings files found in the folders walked (absolute paths, sorted): `Info.plist`
        /// files, whose scenes decide how long a scene delegate lives, and build settings
        /// (`project.pbxproj`, `Package.swift`), whose default actor isolation decides where a task runs.
        public var settingsFiles: [String] = []
    }

    /// Files named explicitly are always included, whatever their name or the configuration says
    /// (unless `forceExclude`). A configuration file that cannot be used stops the walk.
    public func walk(_ paths: [String]) throws -> Result {
        var state = WalkState(configurations: configurations)
        for given in paths {
            let absolute = PathUtilities.absolute(given, relativeTo: currentDirectory)
            let display = RawPath.escaped(trimmed(given))
            var info = stat()
            guard RawPath.withCString(absolute, { stat($0, &info) }) == 0 else {
                let code = errno
                if code == ENOENT, RawPath.withCString(absolute, { lstat($0, &info) }) == 0 {
                    // A dangling symlink: it exists, but points nowhere.
                    try report(display, absolute, "cannot read '\(display)': dangling symlink", &state)
                    continue
                }
                guard code != ENOENT && code != ENOTDIR else { throw MissingPathError(path: display) }
                // It may exist, but cannot be looked at (a folder above it is not searchable).
                try report(display, absolute, "cannot read '\(display)': \(String(cString: strerror(code)))", &state)
                continue
            }
            if forceExclude, try state.configurations.configuration(forFile: absolute).excludesNamedPath(absolute) { continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                try visitFolder(display: display, absolute: absolute, real: PathUtilities.realPath(absolute), state: &state)
            } else if let kind = FileReader.specialKind(info.st_mode) {
                try report(display, absolute, "cannot read '\(display)': is \(kind), not a regular file", &state)
            } else {
                add(DiscoveredFile(path: display, absolutePath: absolute), real: PathUtilities.realPath(absolute), state: &state)
            }
        }
        let files = state.files.sorted { $0.path < $1.path }
        return Result(files: files, problems: state.problems.sorted(by: Finding.reportOrder), configurations: state.configurations,
                      settingsFiles: state.settingsFiles.sorted())
    }

    private struct WalkState {
        var configurations: ConfigurationTree
        var files: [DiscoveredFile] = []
        var seenFiles: Set<String> = []
        var seenFolders: Set<String> = []
        var problems: [Finding] = []
        var settingsFiles: [String] = []
    }

    /// `./Sources/` → `Sources`, so that reported paths read naturally.
    private func trimmed(_ path: String) -> String {
        var p = path
        while p.hasPrefix("./") && p.count > 2 { p = String(p.dropFirst(2)) }
        while p.count > 1 && p.hasSuffix("/") { p = String(p.dropLast()) }
        return p
    }

    private func join(_ folder: String, _ name: String) -> String {
        if folder == "." { return name }
        return folder.hasSuffix("/") ? folder + name : folder + "/" + name
    }

    /// Adds a file once per real path (`real`: its path with every symlink resolved, when known).
    private func add(_ file: DiscoveredFile, real: String?, state: inout WalkState) {
        let key = real ?? file.absolutePath
        if state.seenFiles.insert(key).inserted { state.files.append(file) }
    }

    /// An `io_error` finding for `display`, at the severity the configuration of `absolute` gives.
    private func report(_ display: String, _ absolute: String, _ message: String, _ state: inout WalkState) throws {
        let configuration = try state.configurations.configuration(forFile: absolute)
        guard let severity = configuration.setting(for: MetaRules.ioError, file: absolute)?.severity else { return }
        state.problems.append(Finding(ruleID: MetaRules.ioError.id, severity: severity, message: message, file: display,
                                      line: 1, column: 1, endLine: 1, endColumn: 1, offset: 0, length: 0))
    }

    /// `real` is the folder's path with every symlink resolved (nil when it cannot be resolved).
    private func visitFolder(display: String, absolute: String, real: String?, state: inout WalkState) throws {
        // The real path identifies the folder however it was reached: a symlink loop stops here.
        guard let real, state.seenFolders.insert(real).inserted else { return }
        guard let entries = Self.entries(of: absolute) else {
            try report(display, absolute, "cannot read folder '\(display)': \(String(cString: strerror(errno)))", &state)
            return
        }
        let configuration = try state.configurations.configuration(forFolder: absolute)
        for entry in entries {
            let name = entry.name
            let childAbsolute = absolute == "/" ? "/" + name : absolute + "/" + name
            // Files other than Swift sources need no system call at all.
            if entry.kind == .file, AppSettings.isSettingsFile(named: name) { state.settingsFiles.append(childAbsolute) }
            if entry.kind == .file, !name.hasSuffix(".swift") { continue }
            var info = stat()
            if let mode = entry.kind.mode {
                // The folder listing gave the type: `stat` is needed only to follow a symlink.
                info.st_mode = mode
            } else if RawPath.withCString(childAbsolute, { stat($0, &info) }) != 0 {
                let code = errno
                // A dangling symlink has nothing to lint; a Swift file that cannot be looked at is reported.
                if name.hasSuffix(".swift"), code != ENOENT, configuration.includesFile(childAbsolute) {
                    let path = join(display, RawPath.escaped(name))
                    try report(path, childAbsolute, "cannot read '\(path)': \(String(cString: strerror(code)))", &state)
                }
                continue
            }
            // Below a real folder, an entry that is not a symlink is its own real path: `realpath`,
            // which walks every component again, is needed only for symlinks.
            let childReal = entry.isSymlink ? PathUtilities.realPath(childAbsolute) : (real == "/" ? "/" + name : real + "/" + name)
            if (info.st_mode & S_IFMT) == S_IFDIR {
                if name.hasPrefix(".") || Self.skippedFolderNames.contains(name) { continue }
                if configuration.excludesFolder(childAbsolute) { continue }
                try visitFolder(display: join(display, RawPath.escaped(name)), absolute: childAbsolute, real: childReal, state: &state)
            } else if name.hasSuffix(".swift") {
                guard configuration.includesFile(childAbsolute) else { continue }
                let path = join(display, RawPath.escaped(name))
                if let kind = FileReader.specialKind(info.st_mode) {
                    try report(path, childAbsolute, "cannot read '\(path)': is \(kind), not a regular file", &state)
                } else {
                    add(DiscoveredFile(path: path, absolutePath: childAbsolute), real: childReal, state: &state)
                }
            }
        }
    }

    /// One entry of a folder: its name (see `RawPath` for names that are not UTF-8), its bytes,
    /// and its type as the listing gives it.
    struct Entry {
        var name: String
        var bytes: [UInt8]
        var kind: Kind
        var isSymlink: Bool { kind == .symlink }

        /// What the folder listing says the entry is (`d_type`).
        enum Kind: Equatable {
            case file, folder, symlink, special(mode_t), unknown

            init(dType: Int32) {
                switch dType {
                case Int32(DT_REG): self = .file
                case Int32(DT_DIR): self = .folder
                case Int32(DT_LNK): self = .symlink
                case Int32(DT_FIFO): self = .special(S_IFIFO)
                case Int32(DT_SOCK): self = .special(S_IFSOCK)
                case Int32(DT_CHR): self = .special(S_IFCHR)
                case Int32(DT_BLK): self = .special(S_IFBLK)
                default: self = .unknown
                }
            }

            /// The file type bits of `st_mode` the kind stands for (nil: ask `stat`).
            var mode: mode_t? {
                switch self {
                case .file: return S_IFREG
                case .folder: return S_IFDIR
                case .special(let mode): return mode
                case .symlink, .unknown: return nil
                }
            }
        }
    }

    /// The folder's entries in byte order of their names, or nil (errno set) when it cannot be read.
    static func entries(of path: String) -> [Entry]? {
        guard let dir = RawPath.withCString(path, { opendir($0) }) else { return nil }
        defer { closedir(dir) }
        var entries: [Entry] = []
        while let entry = readdir(dir) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            guard bytes != [0x2E] && bytes != [0x2E, 0x2E] else { continue }
            let name = RawPath.decode(bytes)
            var kind = Entry.Kind(dType: Int32(entry.pointee.d_type))
            if case .unknown = kind {
                // Some file systems do not fill in the type: ask (a symlink, or `stat` decides later).
                var info = stat()
                if RawPath.withCString(path + "/" + name, { lstat($0, &info) }) != 0 || (info.st_mode & S_IFMT) == S_IFLNK {
                    kind = .symlink
                }
            }
            entries.append(Entry(name: name, bytes: bytes, kind: kind))
        }
        return entries.sorted { $0.bytes.lexicographicallyPrecedes($1.bytes) }
    }
}
