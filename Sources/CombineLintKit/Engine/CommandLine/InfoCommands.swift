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

    /// Prints the rule's document (compiled into the binary, so from any folder); a rule
    /// without one (`io_error`) gets its description.
    public static func explain(_ id: String, io: CommandIO) -> Int32 {
        guard let description = ConfigurationDecoder.allKnownRules.first(where: { $0.id == id }) else {
            io.error("unknown rule '\(id)' (see 'combinelint rules')")
            return ExitCode.usage
        }
        guard var text = RuleDocuments.document(for: id) else {
            io.writeOutput(describe(description))
            return ExitCode.success
        }
        if !text.hasSuffix("\n") { text += "\n" }
        io.writeOutput(text)
        return ExitCode.success
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
