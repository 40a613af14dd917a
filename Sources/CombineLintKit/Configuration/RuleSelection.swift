/// The rules chosen on the command line (`--select`, `--ignore`, `--enable-all-rules`). It
/// applies over every configuration file, so a CI job can narrow or widen a team's settings
/// without editing them.
public struct RuleSelection: Sendable, Hashable {
    /// `--select`: only these rules run (opt-in ones included); nil: no narrowing.
    public var selected: Set<String>?
    /// `--ignore`: these rules never run.
    public var ignored: Set<String>
    /// `--enable-all-rules`: every rule runs, opt-in and configured-off ones included.
    public var enablesAll: Bool

    public init(selected: Set<String>? = nil, ignored: Set<String> = [], enablesAll: Bool = false) {
        self.selected = selected
        self.ignored = ignored
        self.enablesAll = enablesAll
    }

    /// The setting of a rule after the command line, given what the configuration says
    /// (`configured`: nil when the configuration leaves it off) and its explicit entry in
    /// `rules`. A rule the command line turns on keeps its configured severity and options.
    /// `io_error` is not a rule that runs: `--select` leaves it as configured, only `--ignore`
    /// drops it, so an unreadable file is never silently passed over.
    func setting(for description: RuleDescription, configured: RuleSetting?, explicit: RuleSetting?) -> RuleSetting? {
        if ignored.contains(description.id) { return nil }
        let forcedOn: Bool
        if let selected, description.id != MetaRules.ioError.id || selected.contains(description.id) {
            guard selected.contains(description.id) else { return nil }
            forcedOn = true
        } else {
            forcedOn = enablesAll
        }
        guard forcedOn else { return configured }
        if let configured { return configured }
        return RuleSetting(severity: explicit?.severity ?? description.defaultSeverity,
                           options: explicit?.options ?? RuleOptions())
    }
}
