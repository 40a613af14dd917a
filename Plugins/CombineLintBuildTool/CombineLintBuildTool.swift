import PackagePlugin

/// Lints each Swift source target during the build, so findings show as build warnings in
/// Xcode and `swift build`.
///
/// A regular build command, not a prebuild command: a prebuild command cannot run an
/// executable built from source (the only way to get `combinelint` without binaries, and the
/// only way at all on Linux). The command declares the target's Swift files as inputs, so it
/// runs again when one of them changes, and a stamp file as its output. The tool prints
/// xcode-format warnings on standard output, which the build log shows; it does not create the
/// stamp (which lives in the plugin work directory, outside any target), so the build system
/// finds the output missing and runs the command on every build. That costs one lint per
/// target per build (fast: the analyzer is a single pass over the sources) and keeps the
/// warnings visible on every build, which is what Xcode needs to keep showing them.
@main
struct CombineLintBuildTool: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let sourceTarget = target as? SourceModuleTarget else { return [] }
        let swiftFiles = sourceTarget.sourceFiles(withSuffix: "swift").map(\.path)
        guard !swiftFiles.isEmpty else { return [] }
        let tool = try context.tool(named: "combinelint")
        let stamp = context.pluginWorkDirectory.appending("\(target.name).combinelint-stamp")
        return [
            .buildCommand(
                displayName: "CombineLint \(target.name)",
                executable: tool.path,
                arguments: ["lint", "--reporter", "xcode", "--quiet", target.directory.string],
                inputFiles: swiftFiles,
                outputFiles: [stamp]
            ),
        ]
    }
}
