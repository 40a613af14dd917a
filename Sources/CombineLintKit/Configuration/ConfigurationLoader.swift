import Foundation

/// Finds and reads configuration files.
public enum ConfigurationLoader {
    /// The nearest `.combinelint.json` in `directory` or one of its parents.
    public static func findFile(from directory: String) -> String? {
        var current = PathUtilities.standardize(directory)
        while true {
            let candidate = (current as NSString).appendingPathComponent(Configuration.fileName)
            if isRegularFile(candidate) { return candidate }
            let parent = (current as NSString).deletingLastPathComponent
            if parent == current || parent.isEmpty { return nil }
            current = parent
        }
    }

    /// Loads `explicitPath` (from `--config`), else the nearest file from `currentDirectory`,
    /// else the defaults rooted at `currentDirectory`.
    public static func load(explicitPath: String?, currentDirectory: String,
                            knownRules: [RuleDescription] = ConfigurationDecoder.allKnownRules) throws -> Configuration {
        let path: String
        if let explicitPath = explicitPath {
            path = PathUtilities.absolute(explicitPath, relativeTo: currentDirectory)
        } else if let found = findFile(from: currentDirectory) {
            path = found
        } else {
            return Configuration(rootDirectory: PathUtilities.standardize(currentDirectory))
        }
        return try readFile(path, currentDirectory: currentDirectory, knownRules: knownRules).configuration
    }

    /// Reads and validates one configuration file (`path` absolute). An unreadable file says why:
    /// not found, permission denied, a folder.
    public static func readFile(_ path: String, currentDirectory: String,
                                knownRules: [RuleDescription] = ConfigurationDecoder.allKnownRules) throws -> ConfigurationFile {
        let display = RawPath.escaped(PathUtilities.display(path, relativeTo: currentDirectory))
        let bytes: [UInt8]
        switch FileReader.read(path) {
        case .success(let read): bytes = read
        case .failure(let error):
            throw ConfigurationError(file: display, position: nil, message: "cannot read the configuration file: \(error.reason)")
        }
        guard let text = String(validating: bytes) else {
            throw ConfigurationError(file: display, position: nil, message: "the configuration file is not valid UTF-8")
        }
        let decoder = ConfigurationDecoder(knownRules: knownRules, displayPath: display)
        return try decoder.decodeFile(text, rootDirectory: (path as NSString).deletingLastPathComponent, filePath: path)
    }

    /// Whether `path` names a regular file (through symlinks). Anything else there, a folder
    /// included, is not a configuration file; nor is a place `stat` cannot see (a folder that
    /// cannot be entered: its Swift files are reported as unreadable instead).
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return RawPath.withCString(path, { stat($0, &info) }) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}

extension String {
    /// The bytes as UTF-8 text, or nil when they are not valid UTF-8.
    init?(validating bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        // Decoding replaces invalid sequences with U+FFFD, which changes the byte count.
        guard text.utf8.elementsEqual(bytes) else { return nil }
        self = text
    }
}
