import Foundation
import PackagePlugin

/// `swift package combinelint [arguments]`: runs the `combinelint` tool in the package
/// directory with the given arguments. With no path among them, it lints the directories of
/// the package's Swift source targets (or only those named with `--target <name>`).
/// The plugin itself writes nothing and needs no permissions.
@main
struct CombineLintCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let passed = extractor.remainingArguments

        let targets = targetNames.isEmpty ? context.package.targets : try context.package.targets(named: targetNames)
        let directories = targets
            .compactMap { $0 as? SourceModuleTarget }
            .filter { !$0.sourceFiles(withSuffix: "swift").map(\.path).isEmpty }
            .map { $0.directory.string }

        let toolArguments = ToolArguments.make(
            passed: passed, defaultPaths: directories,
            isExistingPath: { FileManager.default.fileExists(atPath: context.package.directory.appending($0).string)
                || FileManager.default.fileExists(atPath: $0) }
        )
        let tool = try context.tool(named: "combinelint")
        let status = try run(tool.path.string, toolArguments, in: context.package.directory.string)
        if status != 0 {
            // The tool has printed its findings or its error; fail the command with its status.
            Diagnostics.error("combinelint exited with status \(status)")
            throw CombineLintCommandError.toolFailed(status: status)
        }
    }

    /// Runs the tool with inherited standard output and error, so its report reaches the user.
    private func run(_ executable: String, _ arguments: [String], in directory: String) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

enum CombineLintCommandError: Error, CustomStringConvertible {
    case toolFailed(status: Int32)
    var description: String {
        switch self {
        case .toolFailed(let status): return "combinelint exited with status \(status)"
        }
    }
}
