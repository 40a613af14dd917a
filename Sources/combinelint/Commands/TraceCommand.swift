import CombineTraceCore
import Foundation

/// `combinelint trace …`: a thin shell over `TraceReportCommand` in CombineTraceCore.
enum TraceCommand {
    /// The text `combinelint trace --help` prints.
    static let help: String = TraceReportOptions.help

    /// Runs `combinelint trace` with what follows `trace`; returns the exit code.
    static func run(_ arguments: [String]) -> Int32 {
        TraceReportCommand.run(
            arguments,
            standardOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
            standardError: { FileHandle.standardError.write(Data($0.utf8)) }
        )
    }
}
