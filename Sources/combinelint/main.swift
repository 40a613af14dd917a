import CombineLintKit
import Foundation

// The executable is a thin shell: `trace` goes to the tracer's command, everything else to
// CombineLintKit's command line (which tests can run in-process).
let arguments = Array(CommandLine.arguments.dropFirst())
let io = CommandIO.process()

if arguments.first == "trace" {
    if arguments.count == 2 && (arguments[1] == "--help" || arguments[1] == "-h") {
        io.writeOutput(TraceCommand.help.hasSuffix("\n") ? TraceCommand.help : TraceCommand.help + "\n")
        exit(0)
    }
    exit(TraceCommand.run(Array(arguments.dropFirst())))
}
if arguments.count == 2 && arguments[0] == "help" && arguments[1] == "trace" {
    io.writeOutput(TraceCommand.help.hasSuffix("\n") ? TraceCommand.help : TraceCommand.help + "\n")
    exit(0)
}
exit(CommandLineInterface.run(arguments, io: io))
