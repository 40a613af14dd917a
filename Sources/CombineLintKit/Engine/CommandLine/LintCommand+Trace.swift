/// `lint --trace FILE`: the traces' runtime evidence joined to the findings.
extension LintCommand {
    /// Reads every `--trace` file; skipped lines are reported as warnings with their line numbers.
    func loadTraces() throws -> [TraceFiles.Loaded] {
        try options.traces.map { path in
            let loaded: TraceFiles.Loaded
            do {
                loaded = try TraceFiles.load(path, absolutePath: PathUtilities.absolute(path, relativeTo: cwd)) {
                    io.writeError($0 + "\n")
                }
            } catch let problem as TraceFileProblem {
                throw Stop(message: problem.message)
            }
            return loaded
        }
    }

    /// The findings with the evidence of the traced pipelines they lie in, and what matched nothing.
    func join(_ traces: [TraceFiles.Loaded], findings: [Finding], outcome: LintOutcome, work: LintWork) -> ([Finding], RuntimeRun) {
        let files = outcome.files.keys.sorted().map { path in
            RuntimeJoin.File(source: outcome.files[path]!,
                             matchPath: work.absolutePaths[path] ?? PathUtilities.absolute(path, relativeTo: cwd))
        }
        let joined = RuntimeJoin.join(findings: findings, files: files, traces: traces.map(\.evidence))
        return (joined.findings, RuntimeRun(traces: traces.map(\.path), unmatched: joined.unmatched))
    }

    /// On standard error: how many findings the traces confirmed (unless `--quiet`), and every
    /// call site that matched no pipeline (always: a site is never dropped silently).
    func reportRuntime(_ runtime: RuntimeRun, result: LintResult) {
        if !options.quiet {
            let traced = result.findings.filter { $0.runtime != nil }.count
            io.writeError("Runtime evidence from \(Summary.count(runtime.traces.count, "trace")): "
                + "\(Summary.count(result.confirmedCount, "finding")) confirmed, "
                + "\(traced - result.confirmedCount) traced without a problem; "
                + "\(Summary.count(runtime.unmatched.count, "call site")) matched no pipeline.\n")
        }
        for site in runtime.unmatched { io.writeError(RuntimeText.unmatchedLine(site) + "\n") }
    }
}
