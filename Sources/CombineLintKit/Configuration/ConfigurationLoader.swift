import Foundation

/// Finds and reads the configuration file.
public enum ConfigurationLoader {
    /// The nearest `.combinelint.json` in `directory` or one of its parents.
    public static func findFile(from directory: String) -> String? {
        var current = URL(fileURLWithPath: directory).standardizedFileURL.path
        while true {
            let candidate = (current as NSString).appendingPathComponent(Configuration.fileName)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue {
                return candidate
            }
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
        let display = PathUtilities.display(path, relativeTo: currentDirectory)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(file: display, position: nil, message: "cannot read the configuration file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigurationError(file: display, position: nil, message: "the configuration file is not valid UTF-8")
        }
        let decoder = ConfigurationDecoder(knownRules: knownRules, displayPath: display)
        return try decoder.decode(text, rootDirectory: (path as NSString).deletingLastPathComponent, filePath: path)
    }
}
