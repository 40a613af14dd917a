/// Rules the engine itself reports (not `Rule` types run by the analyzer): they have
/// descriptions so that `combinelint rules`, the configuration and SARIF know them.
public enum MetaRules {
    /// A file or folder that could not be read.
    public static let ioError = RuleDescription(
        id: "io_error", name: "Unreadable file", defaultSeverity: .error,
        summary: "A file or folder could not be read; it was not analysed.")

    /// A suppression comment naming an unknown rule or written wrongly.
    public static let invalidDirective = RuleDescription(
        id: "invalid_directive", name: "Invalid suppression directive", defaultSeverity: .warning,
        summary: "A combinelint: comment names an unknown rule or is malformed, so it suppresses nothing.")

    /// A suppression that suppressed nothing.
    public static let superfluousDirective = RuleDescription(
        id: "superfluous_directive", name: "Superfluous suppression directive", defaultSeverity: .warning,
        isOptIn: true,
        summary: "A combinelint:disable comment suppressed no finding and can be removed.")

    public static let all: [RuleDescription] = [invalidDirective, ioError, superfluousDirective]

    /// Whether `id` names a meta rule.
    public static func isMetaRule(_ id: String) -> Bool { all.contains { $0.id == id } }
}
