/// `combinelint rules --format json`: the rule list for tools (editor plugins, configuration
/// generators), in the JSON reporter's style: versioned, keys in a fixed order, sorted by id.
public enum RulesJSON {
    /// Bumped only on an incompatible change; new keys may be added within a version.
    public static let formatVersion = 1

    public static func render(_ descriptions: [RuleDescription] = ConfigurationDecoder.allKnownRules) -> String {
        let rules = descriptions.sorted { $0.id < $1.id }.map { d in
            JSONText.object([
                ("id", .string(d.id)),
                ("name", .string(d.name)),
                ("severity", .string(d.defaultSeverity.rawValue)),
                ("enabledByDefault", .bool(!d.isOptIn)),
                ("summary", .string(d.summary)),
                ("documented", .bool(RuleDocuments.document(for: d.id) != nil)),
                ("options", .array(d.options.map { .object([("key", .string($0.key)), ("summary", .string($0.summary))]) })),
            ])
        }
        return JSONText.object([("version", .int(formatVersion)), ("rules", .array(rules))]).rendered() + "\n"
    }
}
