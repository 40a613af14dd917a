import Foundation

/// `rules`, `explain` and `dump`.
public enum InfoCommands {
    /// Every rule (the registry's and the meta rules), sorted by id, in aligned columns.
    public static func rulesTable(_ descriptions: [RuleDescription] = ConfigurationDecoder.allKnownRules) -> String {
        let rows = descriptions.sorted { $0.id < $1.id }.map { d in
            [d.id, d.defaultSeverity.rawValue, d.isOptIn ? "opt-in" : "on", d.summary]
        }
        let header = ["RULE", "SEVERITY", "DEFAULT", "SUMMARY"]
        let all = [header] + rows
        let widths = (0..<3).map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            (0..<3).map { row[$0].padding(toLength: widths[$0] + 2, withPad: " ", startingAt: 0) }.joined() + row[3]
        }.joined(separator: "\n") + "\n"
    }

    /// Prints `rules/<id>.md`, found above the current folder or the executable; else the
    /// rule's description.
    public static func explain(_ id: String, io: CommandIO) -> Int32 {
        guard let description = ConfigurationDecoder.allKnownRules.first(where: { $0.id == id }) else {
            io.error("unknown rule '\(id)' (see 'combinelint rules')")
            return ExitCode.usage
        }
        var starts = [io.currentDirectory]
        if let executable = io.executablePath {
            let resolved = PathUtilities.realPath(executable) ?? executable
            starts.append((resolved as NSString).deletingLastPathComponent)
        }
        if let document = findDocument(id, from: starts), case .success(let bytes) = FileReader.read(document) {
            var text = String(decoding: bytes, as: UTF8.self)
            if !text.hasSuffix("\n") { text += "\n" }
            io.writeOutput(text)
            return ExitCode.success
        }
        io.writeOutput(describe(description))
        return ExitCode.success
    }

    /// The first `rules/<id>.md` in one of `directories` or their parents.
    static func findDocument(_ id: String, from directories: [String]) -> String? {
        for start in directories {
            var current = PathUtilities.standardize(start)
            while true {
                let candidate = current + (current.hasSuffix("/") ? "" : "/") + "rules/\(id).md"
                if FileManager.default.isReadableFile(atPath: candidate) { return candidate }
                let parent = (current as NSString).deletingLastPathComponent
                if parent == current || parent.isEmpty { break }
                current = parent
            }
        }
        return nil
    }

    static func describe(_ d: RuleDescription) -> String {
        var text = "# \(d.name) (\(d.id))\n\n\(d.summary)\n\n"
        text += "Default severity: \(d.defaultSeverity.rawValue); \(d.isOptIn ? "opt-in (enable it in opt_in_rules)" : "on by default").\n"
        if !d.options.isEmpty {
            text += "\nOptions (lists of strings):\n"
            for option in d.options { text += "- \(option.key): \(option.summary)\n" }
        }
        return text
    }

    /// Reads one file and prints `render(file)`.
    static func dump(_ path: String, io: CommandIO, render: (SourceFile) -> String) -> Int32 {
        let absolute = PathUtilities.absolute(path, relativeTo: io.currentDirectory)
        switch FileReader.read(absolute) {
        case .failure(let error):
            io.error(FileReadError(path: path, reason: error.reason).description)
            return ExitCode.usage
        case .success(let bytes):
            io.writeOutput(render(SourceFile(path: path, bytes: bytes)))
            return ExitCode.success
        }
    }
}
