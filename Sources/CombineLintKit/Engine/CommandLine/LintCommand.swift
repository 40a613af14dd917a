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

    private var cwd: String { PathUtilities.standardize(io.currentDirectory) }

    private func runChecked() throws -> Int32 {
        let runStart = monotonicSeconds()
        let runStartDate = Date().timeIntervalSince1970
        let known = registry.map { $0.description } + MetaRules.all
        let configuration = try ConfigurationLoader.load(explicitPath: options.configPath, currentDirectory: cwd, knownRules: known)
        guard let reporterType = ReporterRegistry.reporter(named: options.reporter) else {
            let names = ReporterRegistry.all.map { $0.name }.sorted().joined(separator: ", ")
            throw Stop(message: "unknown reporter '\(options.reporter)' (available: \(names))")
        }
        if options.statistics && !reporterType.acceptsStatistics {
            let names = ReporterRegistry.all.filter { $0.acceptsStatistics }.map { $0.name }.sorted().joined(separator: ", ")
            throw Stop(message: "--statistics works with the text reporters (\(names)), not '\(options.reporter)'")
        }
        var engine = LintEngine(configuration: configuration, registry: registry, jobs: options.jobs ?? Parallel.defaultJobs)
        engine.measuresTime = options.timings
        // Changed lines are read before linting so that a bad REF or diff fails fast.
        let changed = try changedLines()
        let walkStart = monotonicSeconds()
        let (inputs, walkProblems) = try self.inputs(configuration: configuration)
        var timings = LintTimings()
        timings.add("configuration", walkStart - runStart)
        timings.add("finding files", monotonicSeconds() - walkStart)
        var outcome = engine.run(inputs)
        if let engineTimings = outcome.timings { timings.merge(engineTimings) }

        if options.fix {
            let fixed = try applyFixes(outcome)
            if options.dryRun {
                io.writeOutput(fixed.diff)
                return fixed.applied > 0 ? ExitCode.findings : ExitCode.success
            }
            if fixed.applied > 0 {
                outcome = engine.run(inputs)
                if let engineTimings = outcome.timings { timings.merge(engineTimings) }
            }
        }

        var findings = (walkProblems + outcome.findings).sorted(by: Finding.reportOrder)
        // io_error is configurable like any rule: "off" drops it, a severity replaces error.
        let ioSetting = configuration.setting(for: MetaRules.ioError)
        findings = findings.compactMap { finding in
            guard finding.ruleID == MetaRules.ioError.id else { return finding }
            guard let severity = ioSetting?.severity else { return nil }
            var copy = finding
            copy.severity = severity
            return copy
        }
        let lineText: (Finding) -> String = { outcome.files[$0.file]?.lineText($0.line) ?? "" }

        if let path = options.writeBaselinePath {
            let absolute = PathUtilities.absolute(path, relativeTo: cwd)
            let folder = (absolute as NSString).deletingLastPathComponent
            let baseline = Baseline(findings: findings, lineText: lineText, relativePath: { baselinePath($0, folder: folder) })
            try AtomicFile.write(BaselineFile.encode(baseline), to: absolute)
            if !options.quiet {
                io.writeError("Wrote \(count(baseline.entries.count, "finding")) to the baseline \(path).\n")
            }
            return ExitCode.success
        }
        if let changed = changed {
            findings = findings.filter { finding in
                finding.ruleID == MetaRules.ioError.id
                    || changed.contains(absolutePath: PathUtilities.absolute(finding.file, relativeTo: cwd), line: finding.line)
            }
        }
        if let path = options.baselinePath {
            let absolute = PathUtilities.absolute(path, relativeTo: cwd)
            guard case .success(let bytes) = FileReader.read(absolute) else {
                throw Stop(message: "cannot read the baseline '\(path)'")
            }
            let baseline = try BaselineFile.decode(String(decoding: bytes, as: UTF8.self), displayPath: path)
            let folder = (absolute as NSString).deletingLastPathComponent
            findings = baseline.newFindings(findings, lineText: lineText, relativePath: { baselinePath($0, folder: folder) })
        }

        let ranRules = configuration.configuredRules(from: registry).map { $0.rule.description }
            + MetaRules.all.filter { configuration.setting(for: $0) != nil }
        let result = LintResult(findings: findings, fileCount: outcome.fileCount, lineCount: outcome.lineCount,
                                rules: ranRules.sorted { $0.id < $1.id }, rootDirectory: cwd,
                                sourceLines: LintResult.sourceLines(for: findings, in: Array(outcome.files.values)),
                                run: RunInfo(startTime: runStartDate, hostname: ProcessInfo.processInfo.hostName))
        let reportStart = monotonicSeconds()
        var report = reporterType.init().report(result)
        if options.statistics { report += StatisticsReport.text(result) }
        if let output = options.outputPath {
            try AtomicFile.write(report, to: PathUtilities.absolute(output, relativeTo: cwd))
        } else {
            io.writeOutput(report)
        }
        if options.timings {
            timings.add("report", monotonicSeconds() - reportStart)
            io.writeError(timings.rendered(total: monotonicSeconds() - runStart))
        }
        if !options.quiet { io.writeError(Summary.line(result, color: io.useColor) + "\n") }
        if options.strict { return findings.isEmpty ? ExitCode.success : ExitCode.findings }
        return result.errorCount == 0 ? ExitCode.success : ExitCode.findings
    }

    /// A finding's file relative to the baseline's folder (absolute when outside it).
    private func baselinePath(_ file: String, folder: String) -> String {
        PathUtilities.display(PathUtilities.absolute(file, relativeTo: cwd), relativeTo: folder)
    }

    private func count(_ n: Int, _ noun: String) -> String { Summary.count(n, noun) }

    // MARK: Inputs

    private func inputs(configuration: Configuration) throws -> ([LintInput], [Finding]) {
        let walker = FileWalker(configuration: configuration, currentDirectory: cwd)
        guard let stdinPath = options.stdinPath else {
            let walked = try walk(walker, options.paths.isEmpty ? ["."] : options.paths)
            return (walked.files.map { LintInput(path: $0.path, absolutePath: $0.absolutePath) }, walked.problems)
        }
        let absolute = PathUtilities.absolute(stdinPath, relativeTo: cwd)
        let contextPaths = options.paths.isEmpty ? [contextRoot(for: absolute, configuration: configuration)] : options.paths
        // The neighbours only feed the index; unreadable ones are not this run's problem.
        let walked = (try? walk(walker, contextPaths))?.files ?? []
        let stdinReal = PathUtilities.realPath(absolute) ?? absolute
        var inputs = walked.filter { (PathUtilities.realPath($0.absolutePath) ?? $0.absolutePath) != stdinReal }
            .map { LintInput(path: $0.path, absolutePath: $0.absolutePath, isReported: false) }
        inputs.append(LintInput(path: stdinPath, absolutePath: absolute, bytes: io.readStandardInput(), isReported: true))
        return (inputs, [])
    }

    private func walk(_ walker: FileWalker, _ paths: [String]) throws -> FileWalker.Result {
        do { return try walker.walk(paths) } catch let error as MissingPathError { throw Stop(message: error.description) }
    }

    /// The folder whose Swift files give the context of a `--stdin-path` file: the configuration's
    /// folder, else the git work tree, else the file's own folder.
    private func contextRoot(for absolutePath: String, configuration: Configuration) -> String {
        if configuration.filePath != nil { return configuration.rootDirectory }
        var folder = (absolutePath as NSString).deletingLastPathComponent
        while true {
            if FileManager.default.fileExists(atPath: folder + "/.git") { return folder }
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder || parent.isEmpty { break }
            folder = parent
        }
        return (absolutePath as NSString).deletingLastPathComponent
    }

    // MARK: Changed lines

    private func changedLines() throws -> ChangedLines? {
        if let ref = options.changedSince {
            let anchor = options.stdinPath.map { (PathUtilities.absolute($0, relativeTo: cwd) as NSString).deletingLastPathComponent }
                ?? options.paths.first.map { gitAnchor(PathUtilities.absolute($0, relativeTo: cwd)) } ?? cwd
            do { return try GitDiff.changedLines(since: ref, in: anchor) } catch let error as GitError {
                throw Stop(message: error.description)
            }
        }
        guard let diffPath = options.diffPath else { return nil }
        let text: String
        if diffPath == "-" {
            text = String(decoding: io.readStandardInput(), as: UTF8.self)
        } else {
            switch FileReader.read(PathUtilities.absolute(diffPath, relativeTo: cwd)) {
            case .success(let bytes): text = String(decoding: bytes, as: UTF8.self)
            case .failure(let error): throw Stop(message: FileReadError(path: diffPath, reason: error.reason).description)
            }
        }
        do {
            // Diff paths are relative to the current folder (as `git diff` prints them from the top).
            let perFile = try UnifiedDiffParser.parse(text)
            var lines: [String: Set<Int>] = [:]
            for (path, set) in perFile { lines[PathUtilities.absolute(path, relativeTo: cwd), default: []].formUnion(set) }
            return ChangedLines(lines: lines)
        } catch let error as DiffParseError {
            throw Stop(message: "\(diffPath == "-" ? "<stdin>" : diffPath): \(error.description)")
        }
    }

    /// A folder to run git in for a lint path (the path itself when it is a folder).
    private func gitAnchor(_ absolute: String) -> String {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: absolute, isDirectory: &isDirectory), isDirectory.boolValue { return absolute }
        return (absolute as NSString).deletingLastPathComponent
    }

    // MARK: Fixes

    struct FixSummary {
        var applied = 0
        var skipped = 0
        var files = 0
        var diff = ""
    }

    private func applyFixes(_ outcome: LintOutcome) throws -> FixSummary {
        var summary = FixSummary()
        var byFile: [String: [Fix]] = [:]
        for finding in outcome.findings {
            if let fix = finding.fix { byFile[finding.file, default: []].append(fix) }
        }
        for path in byFile.keys.sorted() {
            guard let file = outcome.files[path], let fixes = byFile[path] else { continue }
            let result = FixApplier.apply(fixes, to: file.bytes)
            summary.skipped += result.skipped.count
            guard !result.applied.isEmpty, result.bytes != file.bytes else { continue }
            // A fix must leave a file the lexer reads back byte for byte; else it is not written.
            guard Self.lexesLosslessly(result.bytes) else {
                io.writeError("warning: fixes for \(path) were not applied: the result does not lex losslessly\n")
                summary.skipped += result.applied.count
                continue
            }
            summary.applied += result.applied.count
            summary.files += 1
            let absolute = PathUtilities.absolute(path, relativeTo: cwd)
            if options.dryRun {
                summary.diff += LineDiff.unified(old: file.bytes, new: result.bytes,
                                                 path: PathUtilities.display(absolute, relativeTo: cwd))
            } else {
                do { try AtomicFile.write(result.bytes, to: absolute) } catch {
                    throw Stop(message: "\(error)")
                }
            }
        }
        if !options.quiet {
            let verb = options.dryRun ? "Would apply" : "Applied"
            var line = "\(verb) \(Summary.count(summary.applied, "fix")) in \(Summary.count(summary.files, "file"))"
            if summary.skipped > 0 { line += " (skipped \(Summary.count(summary.skipped, "overlapping fix")))" }
            io.writeError(line + ".\n")
        }
        return summary
    }

    static func lexesLosslessly(_ bytes: [UInt8]) -> Bool {
        var expected = 0
        for token in Lexer.tokenize(bytes) {
            guard token.startOffset == expected else { return false }
            expected = token.endOffset
        }
        return expected == bytes.count
    }
}
