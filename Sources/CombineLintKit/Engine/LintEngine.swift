/// One file for the engine: read from disk, or given as bytes (standard input).
public struct LintInput: Sendable {
    /// The path reported.
    public var path: String
    /// Where to read it from (ignored when `bytes` is given).
    public var absolutePath: String
    public var bytes: [UInt8]?
    /// False for files that only feed the project index (`--stdin-path` context).
    public var isReported: Bool

    public init(path: String, absolutePath: String, bytes: [UInt8]? = nil, isReported: Bool = true) {
        self.path = path
        self.absolutePath = absolutePath
        self.bytes = bytes
        self.isReported = isReported
    }
}

/// The result of analysing a set of inputs.
public struct LintOutcome: Sendable {
    /// Findings of the reported files after suppressions, in report order.
    public var findings: [Finding]
    /// The reported files that could be read, by path (for baselines, fixes, line texts).
    public var files: [String: SourceFile]
    /// Reported files read, and their lines.
    public var fileCount: Int
    public var lineCount: Int
    /// Findings hidden by suppression comments.
    public var suppressedCount: Int
    /// Where the time went, when the engine measures it (`LintEngine.measuresTime`).
    public var timings: LintTimings? = nil
}

/// Runs a lint over files: read and parse in parallel, build the project index over all of
/// them, run the rules on each reported file in parallel, apply suppression comments.
public struct LintEngine: Sendable {
    public var rules: [ConfiguredRule]
    public var suppressions: SuppressionFilter
    /// Number of worker threads.
    public var jobs: Int
    /// Whether `run` measures each phase and rule (`--timings`).
    public var measuresTime = false

    public init(rules: [ConfiguredRule], suppressions: SuppressionFilter, jobs: Int = Parallel.defaultJobs) {
        self.rules = rules
        self.suppressions = suppressions
        self.jobs = max(1, jobs)
    }

    /// An engine for a configuration: its rules, and the meta rules' severities.
    public init(configuration: Configuration, registry: [any Rule.Type] = RuleRegistry.all, jobs: Int = Parallel.defaultJobs) {
        let known = Set(registry.map { $0.description.id } + MetaRules.all.map { $0.id })
        self.init(rules: configuration.configuredRules(from: registry),
                  suppressions: SuppressionFilter(
                      knownRuleIDs: known,
                      invalidDirectiveSeverity: configuration.setting(for: MetaRules.invalidDirective)?.severity,
                      superfluousDirectiveSeverity: configuration.setting(for: MetaRules.superfluousDirective)?.severity),
                  jobs: jobs)
    }

    public func run(_ inputs: [LintInput]) -> LintOutcome {
        var timings = LintTimings()
        var phaseStart = monotonicSeconds()
        func endPhase(_ name: String) {
            guard measuresTime else { return }
            let now = monotonicSeconds()
            timings.add(name, now - phaseStart)
            phaseStart = now
        }
        // 1. Read (unreadable files become io_error findings).
        let loaded: [Result<SourceFile, FileReadError>] = Parallel.map(count: inputs.count, jobs: jobs) { i in
            let input = inputs[i]
            if let bytes = input.bytes { return .success(SourceFile(path: input.path, bytes: bytes)) }
            return FileReader.read(input.absolutePath).map { SourceFile(path: input.path, bytes: $0) }
                .mapError { FileReadError(path: input.path, reason: $0.reason) }
        }
        var readable: [(input: LintInput, file: SourceFile)] = []
        var findings: [Finding] = []
        for (input, result) in zip(inputs, loaded) {
            switch result {
            case .success(let file): readable.append((input, file))
            case .failure(let error):
                if input.isReported {
                    findings.append(Finding(ruleID: MetaRules.ioError.id, severity: .error, message: error.description,
                                            file: input.path, line: 1, column: 1, endLine: 1, endColumn: 1,
                                            offset: 0, length: 0))
                }
            }
        }
        endPhase("read")
        // 2–3. Parse, and index every file, reported or not (each file's entries are taken as its
        // tree is built). Invalid UTF-8 is not an error: the lexer is lossless and flags malformed bytes.
        let index = ProjectIndex(files: readable.map(\.file), jobs: jobs)
        let trees = index.trees
        endPhase("lex, tree and index")
        // 4. Rules and suppressions on the reported files.
        let reported = readable.indices.filter { readable[$0].input.isReported }
        let measuring = measuresTime
        let memo = ProjectMemo()
        let perFile = Parallel.map(count: reported.count, jobs: jobs) { n -> PerFile in
            let tree = trees[reported[n]]
            let analyzed = Analyzer.analyze(tree, index: index, rules: rules, treeIndex: reported[n], memo: memo, measuring: measuring)
            let before = measuring ? monotonicSeconds() : 0
            let filtered = suppressions.apply(analyzed.findings, file: tree.file, tokens: tree.comments)
            return PerFile(findings: filtered.findings, suppressed: filtered.suppressedCount,
                           ruleSeconds: analyzed.ruleSeconds, subscriptionSeconds: analyzed.subscriptionSeconds,
                           suppressionSeconds: measuring ? monotonicSeconds() - before : 0)
        }
        endPhase("rules and suppressions")
        var suppressed = 0
        var cpu = (subscriptions: 0.0, suppressions: 0.0)
        var ruleSeconds = [Double](repeating: 0, count: measuring ? rules.count : 0)
        for result in perFile {
            findings += result.findings
            suppressed += result.suppressed
            for (r, seconds) in result.ruleSeconds.enumerated() { ruleSeconds[r] += seconds }
            cpu.subscriptions += result.subscriptionSeconds
            cpu.suppressions += result.suppressionSeconds
        }
        if measuring {
            for (r, configured) in rules.enumerated() { timings.addRule(configured.rule.description.id, ruleSeconds[r]) }
            timings.addRule("(finding subscriptions, shared)", cpu.subscriptions)
            timings.addRule("(suppression comments)", cpu.suppressions)
        }
        var files: [String: SourceFile] = [:]
        var lineCount = 0
        for i in reported {
            files[readable[i].file.path] = readable[i].file
            lineCount += readable[i].file.lineCount
        }
        let sorted = findings.sorted(by: Finding.reportOrder)
        endPhase("sorting")
        return LintOutcome(findings: sorted, files: files, fileCount: reported.count, lineCount: lineCount,
                           suppressedCount: suppressed, timings: measuresTime ? timings : nil)
    }

    /// One reported file's results from the rules phase.
    private struct PerFile {
        var findings: [Finding]
        var suppressed: Int
        var ruleSeconds: [Double]
        var subscriptionSeconds: Double
        var suppressionSeconds: Double
    }
}
