import CombineTraceCore
import Foundation

/// `combinelint trace report TRACE --source PATH…`: the trace report, then each runtime
/// problem with the static findings at its pipeline (`TraceSourceReport`). The executable
/// routes here when `--source` is given; without it `TraceReportCommand` runs untouched.
public enum TraceSourceCommand {
    /// Runs the report; exit codes as `trace report`: 0 done, 1 a `--fail-on` section is not
    /// empty, 2 usage, trace or source error.
    public static func run(_ options: TraceReportOptions, io: CommandIO) -> Int32 {
        func fail(_ message: String) -> Int32 {
            io.writeError("combinelint trace: \(message)\n")
            return 2
        }
        guard options.format == .text || options.format == .json else {
            return fail("--source works with --format text or json, not \(options.format.rawValue)")
        }
        let cwd = PathUtilities.standardize(io.currentDirectory)
        let trace: TraceFiles.Loaded
        do {
            trace = try TraceFiles.load(options.input, absolutePath: PathUtilities.absolute(options.input, relativeTo: cwd)) {
                io.writeError($0 + "\n")
            }
        } catch {
            return fail("\(error)")
        }

        var lintOptions = LintOptions()
        lintOptions.paths = options.sources
        let lint = LintCommand(options: lintOptions, io: io)
        let analysed: (outcome: LintOutcome, work: LintWork)
        do {
            analysed = try lint.analyseForTrace()
        } catch let stop as LintCommand.Stop {
            return fail(stop.message)
        } catch {
            return fail("\(error)")
        }
        let files = analysed.outcome.files.keys.sorted().map { path in
            RuntimeJoin.File(source: analysed.outcome.files[path]!,
                             matchPath: analysed.work.absolutePaths[path] ?? PathUtilities.absolute(path, relativeTo: cwd))
        }
        let joined = RuntimeJoin.join(findings: analysed.outcome.findings, files: files, traces: [trace.evidence])
        let input = TraceSourceReport.Input(trace: options.input, report: trace.evidence.report, join: joined,
                                            sources: options.sources, fileCount: analysed.outcome.fileCount,
                                            files: analysed.outcome.files,
                                            displayPath: { PathUtilities.display(PathUtilities.absolute($0, relativeTo: cwd), relativeTo: cwd) })
        let report = trace.evidence.report
        let base = TraceReportCommand.render(report, events: trace.document.events, options: options)
        let rendered = options.format == .text ? TraceSourceReport.text(input, base: base) : TraceSourceReport.json(input, base: base)
        if let output = options.output {
            do {
                try AtomicFile.write(rendered, to: PathUtilities.absolute(output, relativeTo: cwd))
            } catch {
                return fail("\(output): cannot write the report: \(error)")
            }
        } else {
            io.writeOutput(rendered)
        }
        let failing = options.failOn.filter(report.has)
        if !failing.isEmpty {
            io.writeError("combinelint trace: failing sections: \(failing.map(\.rawValue).joined(separator: ", "))\n")
            return 1
        }
        return 0
    }
}

extension LintCommand {
    /// The lint of `options.paths` with their configuration, no report: for the trace's join.
    func analyseForTrace() throws -> (outcome: LintOutcome, work: LintWork) {
        let configurations = try configurationTree()
        let work = try inputs(configurations: configurations)
        var engine = LintEngine(profiles: work.profiles, jobs: options.jobs ?? Parallel.defaultJobs)
        engine.appSettings = work.appSettings
        var outcome = engine.run(work.inputs)
        outcome.findings = (work.problems + outcome.findings).sorted(by: Finding.reportOrder)
        return (outcome, work)
    }
}
