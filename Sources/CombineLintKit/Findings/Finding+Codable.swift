/// Finding's coding by hand so that what older versions wrote still decodes and findings
/// without help or related locations encode exactly as before (no `related: []`).
extension Finding: Codable {
    private enum CodingKeys: String, CodingKey {
        case ruleID, severity, message, help, related, file, line, column, endLine, endColumn, offset, length, fix, runtime
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(ruleID: try c.decode(String.self, forKey: .ruleID),
                  severity: try c.decode(Severity.self, forKey: .severity),
                  message: try c.decode(String.self, forKey: .message),
                  file: try c.decode(String.self, forKey: .file),
                  line: try c.decode(Int.self, forKey: .line),
                  column: try c.decode(Int.self, forKey: .column),
                  endLine: try c.decode(Int.self, forKey: .endLine),
                  endColumn: try c.decode(Int.self, forKey: .endColumn),
                  offset: try c.decode(Int.self, forKey: .offset),
                  length: try c.decode(Int.self, forKey: .length),
                  fix: try c.decodeIfPresent(Fix.self, forKey: .fix),
                  help: try c.decodeIfPresent(String.self, forKey: .help),
                  related: try c.decodeIfPresent([RelatedLocation].self, forKey: .related) ?? [])
        runtime = try c.decodeIfPresent(FindingRuntime.self, forKey: .runtime)
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(ruleID, forKey: .ruleID)
        try c.encode(severity, forKey: .severity)
        try c.encode(message, forKey: .message)
        try c.encodeIfPresent(help, forKey: .help)
        if !related.isEmpty { try c.encode(related, forKey: .related) }
        try c.encode(file, forKey: .file)
        try c.encode(line, forKey: .line)
        try c.encode(column, forKey: .column)
        try c.encode(endLine, forKey: .endLine)
        try c.encode(endColumn, forKey: .endColumn)
        try c.encode(offset, forKey: .offset)
        try c.encode(length, forKey: .length)
        try c.encodeIfPresent(fix, forKey: .fix)
        try c.encodeIfPresent(runtime, forKey: .runtime)
    }
}
