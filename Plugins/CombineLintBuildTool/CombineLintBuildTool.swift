import PackagePlugin

/// Lints each Swift source target during the build, so findings show as warnings in the
/// `swift build` log and in Xcode's issue navigator.
///
/// Design (trade-offs in the README's plugin section):
/// - A regular build command, not a prebuild command: a prebuild command cannot run an
///   executable built from source, which is how `combinelint` reaches the plugin (the only way
///   on Linux, where there are no binary targets).
/// - SwiftPM only runs a build command whose output something in the build consumes, and it
///   copies outputs of unknown types into a resource bundle. So the command's output is a Swift
///   file holding one comment, compiled into the target at no cost. The tool does not write
///   Swift, so `/bin/sh` runs the tool, then writes that stamp (no Windows support).
/// - The tool prints xcode-format findings on standard output, which the build log shows. It
///   runs from `/`, so paths are absolute, as Xcode needs to place them.
/// - Inputs are the target's Swift files and the tool: the lint reruns when one changes; an
///   unchanged target is not linted again, so its warnings appear on the build that lints it.
/// - The tool's exit status is the command's: error-severity findings fail the build.
@main
struct CombineLintBuildTool: BuildToolPlugin {
    /// Runs the tool (`$0`) on the target directory (`$1`) from `/`, then writes the stamp (`$2`).
    static let script = """
        cd / && "$0" lint --reporter xcode --quiet "$1"; status=$?
        printf '// Written by the CombineLint build tool plugin after linting this target.\\n' > "$2"
        exit $status
        """

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        #if os(Windows)
        return []
        #else
        guard let sourceTarget = target as? SourceModuleTarget else { return [] }
        let swiftFiles = sourceTarget.sourceFiles(withSuffix: "swift").map(\.path)
        guard !swiftFiles.isEmpty else { return [] }
        let tool = try context.tool(named: "combinelint")
        let stamp = context.pluginWorkDirectory.appending("CombineLintStamp.swift")
        return [
            .buildCommand(
                displayName: "CombineLint \(target.name)",
                executable: Path("/bin/sh"),
                arguments: ["-c", Self.script, tool.path.string, target.directory.string, stamp.string],
                inputFiles: swiftFiles + [tool.path],
                outputFiles: [stamp]
            ),
        ]
        #endif
    }
}
