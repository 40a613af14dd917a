/// How the command plugin turns `swift package combinelint …` arguments into a tool command
/// line. Kept apart from the plugin so the rules are easy to read.
enum ToolArguments {
    /// Flags that ask the tool about itself: passed through untouched.
    static let informational: Set<String> = ["--version", "-V", "--help", "-h", "help", "version"]

    /// - No arguments: `lint <default paths>`.
    /// - First argument a flag such as `--reporter`: `lint <arguments>`, plus the default paths
    ///   when no argument names an existing file or directory.
    /// - First argument a word (a subcommand: `lint`, `rules`, `trace`, …): passed through; a
    ///   `lint` without paths gets the default paths.
    /// - `--version`, `--help`: passed through untouched.
    static func make(passed: [String], defaultPaths: [String], isExistingPath: (String) -> Bool) -> [String] {
        guard let first = passed.first else { return ["lint"] + defaultPaths }
        if informational.contains(first) { return passed }
        let hasPath = passed.contains { !$0.hasPrefix("-") && isExistingPath($0) }
        if first.hasPrefix("-") {
            return ["lint"] + passed + (hasPath ? [] : defaultPaths)
        }
        if first == "lint" && !hasPath { return passed + defaultPaths }
        return passed
    }
}
