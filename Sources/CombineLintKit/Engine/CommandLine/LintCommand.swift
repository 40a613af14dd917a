import Foundation

/// `combinelint lint`: configuration → files → engine → fixes → filters → report → exit code.
public struct LintCommand {
    public var options: LintOptions
    public var io: CommandIO
    /// The rules the run may use (tests pass their own).
    public var registry: [any Rule.Type]

    public init(options: LintOptions, io: CommandIO, registry: [any Rule.Type] = RuleRegistry.all) {
        self.options = options
        self.io = io
        self.registry = registry
    }

    /// A failure that stops the run with exit code 2.
    struct Stop: Error {
        var message: String
    }

    public func run() -> Int32 {
        do {
            return try runChecked()
        } catch let stop as Stop {
            io.error(stop.message)
        } catch {
            io.error("\(error)")
        }
        return ExitCode.usage
    }

    var cwd: String { PathUtilities.standardize(io.currentDirectory) }

    private func runChecked() throws -> Int32 {
        let runStart = monotonicSeconds()
        let runStartDate = Date().timeIntervalSince1970
        var configurations = try configurationTree()
        // The current folder's configuration is read first, so that a broken file fails fast.
        _ = try configurations.configuration(forFolder: cwd)
        guard let reporterType = ReporterRegistry.reporter(named: options.reporter) else {
            let names = ReporterRegistry.all.map { $0.name }.sorted().joined(separator: ", ")
            throw Stop(message: "unknown reporter '\(options.reporter)' (available: \(names))")
        }
        if options.statistics && !reporterType.acceptsStatistics {
            let names = ReporterRegistry.all.filter { $0.acceptsStatistics }.map { $0.name }.sorted().joined(separator: ", ")
            throw Stop(message: "--statistics works with the text reporters (\(names)), not '\(options.reporter)'")
        }
        // Changed lines are read before linting so that a bad REF or diff fails fast.
        let changed = try changedLines()
        // Traces too: a missing or empty trace stops the run before the lint.
        let traces = try loadTraces()
        let walkStart = monotonicSeconds()
        let work = try inputs(configurations: configurations)
        var timings = LintTimings()
        timings.add("configuration", walkStart - runStart)
        timings.add("finding files", monotonicSeconds() - walkStart)
        var engine = LintEngine(profiles: work.profiles, jobs: options.jobs ?? Parallel.defaultJobs)
        engine.measuresTime = options.timings
        engine.appSettings = work.appSettings
        var outcome = engine.run(work.inputs)
        if let engineTimings = outcome.timings { timings.merge(engineTimings) }

        if options.fix, options.stdinPath != nil {
            return try fixStandardInput(outcome, work: work, engine: engine, reporterType: reporterType)
        }
        if options.fix {
            let fixed = try applyFixes(outcome, work: work)
            if options.dryRun {
                io.writeOutput(fixed.diff)
                return options.exitZero || fixed.applied == 0 ? ExitCode.success : ExitCode.findings
            }
            if fixed.applied > 0 {
                outcome = engine.run(work.inputs)
                if let engineTimings = outcome.timings { timings.merge(engineTimings) }
            }
        }

        var findings = (work.problems + outcome.findings).sorted(by: Finding.reportOrder)
        let lineText: (Finding) -> String = { outcome.files[$0.file]?.lineText($0.line) ?? "" }

        if let path = options.writeBaselinePath {
            let absolute = PathUtilities.absolute(path, relativeTo: cwd)
            let folder = (absolute as NSString).deletingLastPathComponent
            let baseline = Baseline(findings: findings, lineText: lineText, relativePath: { baselinePath($0, folder: folder) })
            try AtomicFile.write(BaselineFile.encode(baseline), to: absolute)
            if !options.quiet {
                io.writeError("Wrote \(Summary.count(baseline.entries.count, "finding")) to the baseline \(path).\n")
            }
            return ExitCode.success
        }
        if let changed = changed {
            findings = findings.filter { finding in
                finding.ruleID == MetaRules.ioError.id
                    || changed.contains(absolutePath: PathUtilities.absolute(finding.file, relativeTo: cwd), line: finding.line)
            }
        }
        var hiddenByBaseline: Int? = nil
        if let path = options.baselinePath {
            let absolute = PathUtilities.absolute(path, relativeTo: cwd)
            let bytes: [UInt8]
            switch FileReader.read(absolute) {
            case .success(let read): bytes = read
            case .failure(let error): throw Stop(message: "cannot read the baseline '\(path)': \(error.reason)")
            }
            let baseline = try BaselineFile.decode(String(decoding: bytes, as: UTF8.self), displayPath: path)
            let folder = (absolute as NSString).deletingLastPathComponent
            let kept = baseline.newFindings(findings, lineText: lineText, relativePath: { baselinePath($0, folder: folder) })
            hiddenByBaseline = findings.count - kept.count
            findings = kept
        }

        var runtime: RuntimeRun? = nil
        if !traces.isEmpty { (findings, runtime) = join(traces, findings: findings, outcome: outcome, work: work) }

        let result = LintResult(findings: findings, fileCount: outcome.fileCount, lineCount: outcome.lineCount,
                                rules: ranRules(work.profiles), rootDirectory: cwd,
                                sourceLines: LintResult.sourceLines(for: findings, in: Array(outcome.files.values)),
                                run: RunInfo(startTime: runStartDate, hostname: ProcessInfo.processInfo.hostName),
                                runtime: runtime)
        let reportStart = monotonicSeconds()
        var report = reporterType.init().report(result)
        if options.statistics { report += StatisticsReport.text(result) }
        try writeReport(report)
        if options.timings {
            timings.add("report", monotonicSeconds() - reportStart)
            io.writeError(timings.rendered(total: monotonicSeconds() - runStart))
        }
        if !options.quiet {
            io.writeError(Summary.line(result, hiddenByBaseline: hiddenByBaseline, color: io.useColor) + "\n")
        }
        if let runtime { reportRuntime(runtime, result: result) }
        return exitCode(result)
    }

    /// The report on standard output, or atomically in `--output FILE`.
    func writeReport(_ report: String) throws {
        if let output = options.outputPath {
            try AtomicFile.write(report, to: PathUtilities.absolute(output, relativeTo: cwd))
        } else {
            io.writeOutput(report)
        }
    }

    /// 1 when errors (with `--strict`: any finding; with `--max-warnings N`: more than N
    /// warnings) fail the run, else 0; always 0 with `--exit-zero`.
    func exitCode(_ result: LintResult) -> Int32 {
        if options.exitZero { return ExitCode.success }
        if let limit = options.maxWarnings, result.warningCount > limit {
            io.writeError("error: \(Summary.count(result.warningCount, "warning")), more than --max-warnings \(limit)\n")
            return ExitCode.findings
        }
        if options.strict { return result.findings.isEmpty ? ExitCode.success : ExitCode.findings }
        return result.errorCount == 0 ? ExitCode.success : ExitCode.findings
    }

    /// Every rule that ran on some file (the meta rules when on), sorted by id.
    func ranRules(_ profiles: [RuleProfile]) -> [RuleDescription] {
        var byID: [String: RuleDescription] = [:]
        for profile in profiles {
            for configured in profile.rules { byID[configured.rule.description.id] = configured.rule.description }
            if profile.ioErrorSeverity != nil { byID[MetaRules.ioError.id] = MetaRules.ioError }
            if profile.suppressions.invalidDirectiveSeverity != nil { byID[MetaRules.invalidDirective.id] = MetaRules.invalidDirective }
            if profile.suppressions.superfluousDirectiveSeverity != nil {
                byID[MetaRules.superfluousDirective.id] = MetaRules.superfluousDirective
            }
        }
        return byID.values.sorted { $0.id < $1.id }
    }

    /// A finding's file relative to the baseline's folder (absolute when outside it).
    private func baselinePath(_ file: String, folder: String) -> String {
        PathUtilities.display(PathUtilities.absolute(file, relativeTo: cwd), relativeTo: folder)
    }
}
