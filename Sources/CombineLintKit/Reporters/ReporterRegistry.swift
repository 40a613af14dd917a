/// Every output format, by the name `--reporter` takes. `xcode` is the default.
public enum ReporterRegistry {
    public static let all: [any Reporter.Type] = [
        XcodeReporter.self,
        FullReporter.self,
        JSONReporter.self,
        SARIFReporter.self,
        GitHubReporter.self,
        CheckstyleReporter.self,
        JUnitReporter.self,
        GitLabReporter.self,
        MarkdownReporter.self,
        SummaryReporter.self,
    ]

    /// The reporter used when none is named.
    public static let defaultReporter: any Reporter.Type = XcodeReporter.self

    /// The reporter with this name, if any.
    public static func reporter(named name: String) -> (any Reporter.Type)? {
        all.first { $0.name == name }
    }
}
