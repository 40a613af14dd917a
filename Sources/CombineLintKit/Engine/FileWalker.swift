import Foundation

/// A file to lint, as found by the walker.
public struct DiscoveredFile: Sendable, Hashable {
    /// The path as given, or the given folder joined with the path found under it.
    public var path: String
    /// Absolute, standardized (symlinks kept).
    public var absolutePath: String
}

/// A path given on the command line that does not exist.
public struct MissingPathError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var description: String { "no such file or folder: '\(path)'" }
}

/// Finds the `.swift` files under the given paths: recursive, in a stable sorted order, skipping
/// build and dependency folders and hidden folders, following symlinks without looping.
public struct FileWalker: Sendable {
    /// Folder names never entered (unless named on the command line).
    public static let skippedFolderNames: Set<String> = [".build", ".git", "DerivedData", "Pods", "Carthage", ".swiftpm"]

    public var configuration: Configuration
    public var currentDirectory: String

    public init(configuration: Configuration, currentDirectory: String) {
        self.configuration = configuration
        self.currentDirectory = currentDirectory
    }

    public struct Result: Sendable {
        /// Sorted by path, each real file once.
        public var files: [DiscoveredFile]
        /// `io_error` findings for folders that could not be read.
        public var problems: [Finding]
    }

    /// Files named explicitly are always included, whatever their name or the configuration says.
    public func walk(_ paths: [String]) throws -> Result {
        var state = WalkState()
        for given in paths {
            let absolute = PathUtilities.absolute(given, relativeTo: currentDirectory)
            var info = stat()
            guard stat(absolute, &info) == 0 else {
                if lstat(absolute, &info) == 0 {
                    // A dangling symlink: it exists, but points nowhere.
                    state.problems.append(problem(given, "cannot read '\(given)': dangling symlink"))
                    continue
                }
                throw MissingPathError(path: given)
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                visitFolder(display: trimmed(given), absolute: absolute, real: PathUtilities.realPath(absolute), state: &state)
            } else {
                add(DiscoveredFile(path: trimmed(given), absolutePath: absolute), real: PathUtilities.realPath(absolute), state: &state)
            }
        }
        let files = state.files.sorted { $0.path < $1.path }
        return Result(files: files, problems: state.problems.sorted(by: Finding.reportOrder))
    }

    private struct WalkState {
        var files: [DiscoveredFile] = []
        var seenFiles: Set<String> = []
        var seenFolders: Set<String> = []
        var problems: [Finding] = []
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

    private func problem(_ path: String, _ message: String) -> Finding {
        Finding(ruleID: MetaRules.ioError.id, severity: .error, message: message, file: path,
                line: 1, column: 1, endLine: 1, endColumn: 1, offset: 0, length: 0)
    }

    /// `real` is the folder's path with every symlink resolved (nil when it cannot be resolved).
    private func visitFolder(display: String, absolute: String, real: String?, state: inout WalkState) {
        // The real path identifies the folder however it was reached: a symlink loop stops here.
        guard let real, state.seenFolders.insert(real).inserted else { return }
        guard let entries = Self.entries(of: absolute) else {
            state.problems.append(problem(display, "cannot read folder '\(display)': \(String(cString: strerror(errno)))"))
            return
        }
        for entry in entries {
            let name = entry.name
            let childAbsolute = absolute == "/" ? "/" + name : absolute + "/" + name
            var info = stat()
            guard stat(childAbsolute, &info) == 0 else { continue } // dangling symlink: nothing to lint
            // Below a real folder, an entry that is not a symlink is its own real path: `realpath`,
            // which walks every component again, is needed only for symlinks.
            let childReal = entry.isSymlink ? PathUtilities.realPath(childAbsolute) : (real == "/" ? "/" + name : real + "/" + name)
            if (info.st_mode & S_IFMT) == S_IFDIR {
                if name.hasPrefix(".") || Self.skippedFolderNames.contains(name) { continue }
                if configuration.excludesFolder(childAbsolute) { continue }
                visitFolder(display: join(display, name), absolute: childAbsolute, real: childReal, state: &state)
            } else if name.hasSuffix(".swift"), (info.st_mode & S_IFMT) == S_IFREG {
                guard configuration.includesFile(childAbsolute) else { continue }
                add(DiscoveredFile(path: join(display, name), absolutePath: childAbsolute), real: childReal, state: &state)
            }
        }
    }

    /// One entry of a folder: its name, and whether it is a symbolic link.
    struct Entry {
        var name: String
        var isSymlink: Bool
    }

    /// The folder's entries in byte order of their names, or nil (errno set) when it cannot be read.
    static func entries(of path: String) -> [Entry]? {
        guard let dir = opendir(path) else { return nil }
        defer { closedir(dir) }
        var entries: [Entry] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            guard name != "." && name != ".." else { continue }
            var isSymlink = Int32(entry.pointee.d_type) == Int32(DT_LNK)
            if Int32(entry.pointee.d_type) == Int32(DT_UNKNOWN) {
                // Some file systems do not fill in the type: ask.
                var info = stat()
                isSymlink = lstat(path + "/" + name, &info) != 0 || (info.st_mode & S_IFMT) == S_IFLNK
            }
            entries.append(Entry(name: name, isSymlink: isSymlink))
        }
        return entries.sorted { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
    }
}
