/// Identity of the tool as reports name it (SARIF `tool.driver`, JUnit suite packages).
public enum CombineLintInfo {
    public static let name = "combinelint"
    /// Semantic version of the analyzer; the CLI's `--version` prints it too.
    public static let version = "0.1.0"
}
