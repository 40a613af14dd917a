import Foundation

/// The command line, as a function from arguments to an exit code (the executable is a shell
/// around this; `trace` is dispatched there).
public enum CommandLineInterface {
    public static func run(_ arguments: [String], io: CommandIO) -> Int32 {
        // `instrument` parses its own arguments (InstrumentCommand.swift).
        if arguments.first == "instrument" { return InstrumentCommand.run(Array(arguments.dropFirst()), io: io) }
        if arguments == ["help", "instrument"] { return InstrumentCommand.run(["--help"], io: io) }
        let command: Command
        do {
            command = try CommandLineParser.parse(arguments)
        } catch {
            io.error("\(error)")
            return ExitCode.usage
        }
        switch command {
        case .help(let topic):
            io.writeOutput(HelpText.text(for: topic) ?? HelpText.tool)
            return ExitCode.success
        case .version:
            io.writeOutput(HelpText.version + "\n")
            return ExitCode.success
        case .lint(let options):
            return LintCommand(options: options, io: io).run()
        case .rules:
            io.writeOutput(InfoCommands.rulesTable())
            return ExitCode.success
        case .rulesJSON:
            io.writeOutput(RulesJSON.render())
            return ExitCode.success
        case .explain(let id):
            return InfoCommands.explain(id, io: io)
        case .dumpTokens(let path, let trivia):
            return InfoCommands.dump(path, io: io) { file in
                TokenDump.render(Lexer.tokenize(file.bytes), in: file, includeTrivia: trivia)
            }
        case .server:
            // A client that goes away must not kill the server with SIGPIPE before it logs why.
            signal(SIGPIPE, SIG_IGN)
            let server = LanguageServer(input: MessageReader(fileDescriptor: 0), output: MessageWriter(fileDescriptor: 1),
                                        log: io.writeError)
            return server.run()
        case .dumpTree(let path):
            return InfoCommands.dump(path, io: io) { SyntaxDump.render(SyntaxTree(file: $0)) }
        }
    }
}

/// The process exit codes (as ESLint and Ruff).
public enum ExitCode {
    /// No finding at error severity (with --strict: no finding).
    public static let success: Int32 = 0
    /// Findings that fail the run.
    public static let findings: Int32 = 1
    /// Usage, configuration or internal error.
    public static let usage: Int32 = 2
}
