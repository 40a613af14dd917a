import CombineLintKit
import CombineTraceCore
import Foundation

/// `combinelint trace …`: a thin shell over `TraceReportCommand` in CombineTraceCore, and over
/// CombineLintKit's `TraceSourceCommand` when `--source` asks for the static findings too.
enum TraceCommand {
    /// The text `combinelint trace --help` prints.
    static let help: String = TraceReportOptions.help

    /// Runs `combinelint trace` with what follows `trace`; returns the exit code.
    static func run(_ arguments: [String]) -> Int32 {
        if let options = try? TraceReportOptions.parse(arguments), !options.wantsHelp, !options.sources.isEmpty {
            return TraceSourceCommand.run(options, io: CommandIO.process())
        }
        return TraceReportCommand.run(
            arguments,
            standardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
            standardError: { FileHandle.standardError.write(Data($0.utf8)) }
        )
    }
}
