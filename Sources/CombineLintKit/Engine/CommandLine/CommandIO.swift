import Foundation

/// What a command may touch of its process: so the whole command line can run in a test.
public struct CommandIO {
    public var currentDirectory: String
    public var environment: [String: String]
    public var readStandardInput: () -> [UInt8]
    public var writeOutput: (String) -> Void
    public var writeError: (String) -> Void
    /// Whether standard error is a terminal (colour is used only then, and never with NO_COLOR).
    public var errorIsTerminal: Bool

    public init(currentDirectory: String, environment: [String: String] = [:],
                readStandardInput: @escaping () -> [UInt8] = { [] },
                writeOutput: @escaping (String) -> Void, writeError: @escaping (String) -> Void,
                errorIsTerminal: Bool = false) {
        self.currentDirectory = currentDirectory
        self.environment = environment
        self.readStandardInput = readStandardInput
        self.writeOutput = writeOutput
        self.writeError = writeError
        self.errorIsTerminal = errorIsTerminal
    }

    /// The real process: its working directory, environment, standard streams.
    public static func process() -> CommandIO {
        CommandIO(
            currentDirectory: FileManager.default.currentDirectoryPath,
            environment: ProcessInfo.processInfo.environment,
            readStandardInput: { Array(FileHandle.standardInput.readDataToEndOfFile()) },
            writeOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
            writeError: { FileHandle.standardError.write(Data($0.utf8)) },
            errorIsTerminal: isatty(STDERR_FILENO) != 0)
    }

    /// Colour on standard error: only on a terminal, and never when NO_COLOR is set.
    public var useColor: Bool {
        errorIsTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }

    func error(_ message: String) {
        writeError("error: \(message)\n")
    }
}
