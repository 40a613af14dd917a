/// Identity of the tool as reports name it (SARIF `tool.driver`, JUnit suite names).
public enum CombineLintInfo {
    public static let name = "combinelint"
    /// Semantic version of the analyzer; the CLI's `--version` prints it too.
    public static let version = "0.1.0"
    /// Project home page.
    public static let informationURI = "https://github.com/combinelint/combinelint"

    /// Documentation page of one rule.
    public static func helpURI(ruleID: String) -> String {
        "\(informationURI)/blob/main/rules/\(ruleID).md"
    }
}
