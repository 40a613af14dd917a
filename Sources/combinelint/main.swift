import CombineLintKit
import Foundation

// The executable is a thin shell: `trace` goes to the tracer's command, everything else to
// CombineLintKit's command line (which tests can run in-process).
// Arguments are read as bytes: `CommandLine.arguments` replaces invalid UTF-8, and a file
// whose name is not UTF-8 could then not be found.
let arguments = (0..<Int(CommandLine.argc)).dropFirst().map { index -> String in
    guard let argument = CommandLine.unsafeArgv[index] else { return "" }
    return RawPath.decode(UnsafeBufferPointer(start: UnsafeRawPointer(argument).assumingMemoryBound(to: UInt8.self), count: strlen(argument)))
}
MemoryTuning.apply()
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
