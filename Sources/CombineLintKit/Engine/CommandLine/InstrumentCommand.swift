import Foundation

/// Options of `combinelint instrument`.
public struct InstrumentOptions: Sendable, Hashable {
    /// Files and folders (empty: the current directory), walked as `lint` walks them.
    public var paths: [String] = []
    /// `--remove`: take out what `instrument` inserted.
    public var remove = false
    /// `--dry-run`: print the unified diff, change nothing.
    public var dryRun = false
    public var configPath: String?
    public var quiet = false
    public var forceExclude = false
    public var jobs: Int?

    public init() {}
}

/// `combinelint instrument [--remove] [--dry-run] PATH…`: inserts `.trace("<site>")` before every
/// subscriber of the Swift files (and `import CombineTrace` where missing), or takes them out
/// again. The files, configuration and excludes are those `lint` would use; the edits are
/// applied by the fix machinery, and a file is written only when its new text lexes losslessly
/// and `--remove` would give back its bytes exactly.
public struct InstrumentCommand {
    public var options: InstrumentOptions
    public var io: CommandIO

    public init(options: InstrumentOptions, io: CommandIO) {
        self.options = options
        self.io = io
    }

    /// Parses and runs `instrument`'s arguments (those after the word `instrument`).
    public static func run(_ arguments: [String], io: CommandIO) -> Int32 {
        do {
            guard let options = try parse(arguments) else {
                io.writeOutput(HelpText.instrument)
                return ExitCode.success
            }
            return InstrumentCommand(options: options, io: io).run()
        } catch {
            io.error("\(error)")
            return ExitCode.usage
        }
    }

    /// The options, or nil for `--help`.
    public static func parse(_ arguments: [String]) throws -> InstrumentOptions? {
        var options = InstrumentOptions()
        var index = 0
        var flagsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if flagsEnded || !argument.hasPrefix("-") {
                options.paths.append(argument)
                continue
            }
            if argument == "--" { flagsEnded = true; continue }
            if argument == "--help" || argument == "-h" { return nil }
            var name = argument
            var inline: String? = nil
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            switch name {
            case "--remove", "--dry-run", "--quiet", "--force-exclude":
                if inline != nil { throw UsageError("\(name) takes no value") }
                switch name {
                case "--remove": options.remove = true
                case "--dry-run": options.dryRun = true
                case "--quiet": options.quiet = true
                default: options.forceExclude = true
                }
            case "--config", "--jobs":
                var value = inline
                if value == nil, index < arguments.count, !arguments[index].hasPrefix("--") {
                    value = arguments[index]
                    index += 1
                }
                guard let value, !value.isEmpty else { throw UsageError("\(name) needs a value (see 'combinelint instrument --help')") }
                if name == "--config" {
                    options.configPath = value
                } else {
                    guard let jobs = Int(value), jobs > 0 else { throw UsageError("--jobs needs a positive whole number, got '\(value)'") }
                    options.jobs = jobs
                }
            default:
                throw UsageError("unknown option '\(name)' (see 'combinelint instrument --help')")
            }
        }
        return options
    }

    /// What was done to one file.
    enum FileResult {
        case failed(String)
        case instrumented(SourceFile, InstrumentedFile)
        case removed(SourceFile, RemovedInstrumentation)
    }

    struct Totals {
        var files = 0
        var sites = 0
        var already = 0
        var skipped: [SubscriberSite.SkipReason: Int] = [:]
        var traces = 0
        var imports = 0
        var failed = 0
    }

    public func run() -> Int32 {
        var lintOptions = LintOptions()
        lintOptions.paths = options.paths
        lintOptions.configPath = options.configPath
        lintOptions.forceExclude = options.forceExclude
        let lint = LintCommand(options: lintOptions, io: io)
        let work: LintWork
        do {
            let configurations = try lint.configurationTree()
            work = try lint.inputs(configurations: configurations)
        } catch let stop as LintCommand.Stop {
            io.error(stop.message)
            return ExitCode.usage
        } catch {
            io.error("\(error)")
            return ExitCode.usage
        }
        var totals = Totals()
        for problem in work.problems {
            io.error(problem.message)
            totals.failed += 1
        }
        let inputs = work.inputs
        let results = Parallel.map(count: inputs.count, jobs: options.jobs ?? Parallel.defaultJobs) { process(inputs[$0]) }
        var diff = ""
        for (input, result) in zip(inputs, results) {
            let changed: (old: [UInt8], new: [UInt8])?
            switch result {
            case .failed(let message):
                io.error(message)
                totals.failed += 1
                continue
            case .instrumented(let file, let instrumented):
                totals.sites += instrumented.instrumentedCount
                totals.already += instrumented.alreadyInstrumentedCount
                totals.skipped.merge(instrumented.skipped, uniquingKeysWith: +)
                changed = instrumented.bytes == file.bytes ? nil : (file.bytes, instrumented.bytes)
            case .removed(let file, let removed):
                totals.traces += removed.traceCount
                totals.imports += removed.importCount
                for line in removed.unmatchedMarkerLines {
                    io.writeError("warning: \(input.path):\(line): a \(TraceMarker.comment) marker that is not on a piece 'instrument' inserts; left as it is\n")
                }
                changed = removed.bytes == file.bytes ? nil : (file.bytes, removed.bytes)
            }
            guard let changed else { continue }
            if options.dryRun {
                diff += LineDiff.unified(old: changed.old, new: changed.new,
                                         path: RawPath.escaped(PathUtilities.display(input.absolutePath, relativeTo: lint.cwd)))
            } else {
                do { try AtomicFile.write(changed.new, to: input.absolutePath) } catch {
                    io.error("\(error)")
                    totals.failed += 1
                    continue
                }
            }
            totals.files += 1
        }
        if options.dryRun { io.writeOutput(diff) }
        if !options.quiet { io.writeError(summary(totals) + "\n") }
        if totals.failed > 0 || (options.dryRun && totals.files > 0) { return ExitCode.findings }
        return ExitCode.success
    }

    /// Reads, checks and instruments (or un-instruments) one file; never writes.
    func process(_ input: LintInput) -> FileResult {
        let bytes: [UInt8]
        switch FileReader.read(input.absolutePath) {
        case .success(let read): bytes = read
        case .failure(let error): return .failed(FileReadError(path: input.path, reason: error.reason).description)
        }
        let file = SourceFile(path: input.path, bytes: bytes)
        let verb = options.remove ? "remove the instrumentation of" : "instrument"
        if let problem = InstrumentableText.problem(in: file) {
            return .failed("cannot \(verb) '\(input.path)': \(problem)")
        }
        if options.remove { return .removed(file, TraceRemoval.remove(from: file)) }
        let instrumented = InstrumentationEdits.instrument(file)
        guard instrumented.bytes != bytes else { return .instrumented(file, instrumented) }
        // What is written must lex back byte for byte, and `--remove` must restore it exactly.
        guard LintCommand.lexesLosslessly(instrumented.bytes) else {
            return .failed("cannot instrument '\(input.path)': the result would not lex losslessly; left unchanged")
        }
        guard TraceRemoval.remove(from: SourceFile(path: input.path, bytes: instrumented.bytes)).bytes == bytes else {
            return .failed("cannot instrument '\(input.path)': removing the instrumentation would not restore it; left unchanged")
        }
        return .instrumented(file, instrumented)
    }

    /// `Instrumented 12 sites in 5 files (skipped 1 site: 1 on implicit self; 3 already instrumented).`,
    /// `Removed 12 traces and 5 imports from 5 files.`; `Would …` with `--dry-run`.
    func summary(_ totals: Totals) -> String {
        var notes: [String] = []
        var line: String
        if options.remove {
            line = "\(options.dryRun ? "Would remove" : "Removed") \(Summary.count(totals.traces, "trace")) and "
                + "\(Summary.count(totals.imports, "import")) from \(Summary.count(totals.files, "file"))"
        } else {
            line = "\(options.dryRun ? "Would instrument" : "Instrumented") \(Summary.count(totals.sites, "site")) in \(Summary.count(totals.files, "file"))"
            let skipped = totals.skipped.values.reduce(0, +)
            if skipped > 0 {
                let reasons = SubscriberSite.SkipReason.allCases.compactMap { reason in
                    totals.skipped[reason].map { "\($0) \(reason.rawValue)" }
                }
                notes.append("skipped \(Summary.count(skipped, "site")): " + reasons.joined(separator: ", "))
            }
            if totals.already > 0 { notes.append("\(totals.already) already instrumented") }
        }
        if totals.failed > 0 { notes.append("\(Summary.count(totals.failed, "file")) not processed, see the errors above") }
        if !notes.isEmpty { line += " (" + notes.joined(separator: "; ") + ")" }
        return line + "."
    }
}
