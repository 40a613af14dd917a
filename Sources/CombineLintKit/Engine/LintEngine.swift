import Dispatch
/// One file for the engine: read from disk, or given as bytes (standard input).
public struct LintInput: Sendable {
    /// The path reported.
    public var path: String
    /// Where to read it from (ignored when `bytes` is given).
    public var absolutePath: String
    public var bytes: [UInt8]?
    /// False for files that only feed the project index (`--stdin-path` context).
    public var isReported: Bool
    /// The index of the file's rules in `LintEngine.profiles`.
    public var profile: Int

    public init(path: String, absolutePath: String, bytes: [UInt8]? = nil, isReported: Bool = true, profile: Int = 0) {
        self.path = path
        self.absolutePath = absolutePath
        self.bytes = bytes
        self.isReported = isReported
        self.profile = profile
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

/// The rules of a group of files (a folder's configuration, less a file's `per_file_ignores`).
public struct RuleProfile: Sendable {
    public var rules: [ConfiguredRule]
    public var suppressions: SuppressionFilter
    /// The severity of `io_error` findings (nil: off).
    public var ioErrorSeverity: Severity?

    public init(rules: [ConfiguredRule], suppressions: SuppressionFilter, ioErrorSeverity: Severity? = .error) {
        self.rules = rules
        self.suppressions = suppressions
        self.ioErrorSeverity = ioErrorSeverity
    }

    /// A configuration's rules and meta rules' severities, less the ids in `ignoring`.
    public init(configuration: Configuration, registry: [any Rule.Type] = RuleRegistry.all, ignoring: Set<String> = []) {
        let known = Set(registry.map { $0.description.id } + MetaRules.all.map { $0.id })
        func severity(_ rule: RuleDescription) -> Severity? {
            ignoring.contains(rule.id) ? nil : configuration.setting(for: rule)?.severity
        }
        self.init(rules: configuration.configuredRules(from: registry, ignoring: ignoring),
                  suppressions: SuppressionFilter(
                      knownRuleIDs: known,
                      invalidDirectiveSeverity: severity(MetaRules.invalidDirective),
                      superfluousDirectiveSeverity: severity(MetaRules.superfluousDirective)),
                  ioErrorSeverity: severity(MetaRules.ioError))
    }
}

/// Runs a lint over files: read and parse in parallel, build the project index over all of
/// them, run the rules on each reported file in parallel, apply suppression comments.
public struct LintEngine: Sendable {
    /// The rule sets inputs refer to by index (`LintInput.profile`); never empty.
    public var profiles: [RuleProfile]
    /// Number of worker threads.
    public var jobs: Int
    /// Whether `run` measures each phase and rule (`--timings`).
    public var measuresTime = false
    /// What the app's `Info.plist` files say, handed to the project index.
    public var appSettings = AppSettings()

    /// The settings that the settings files at `paths` give together (`AppSettings.read`). A file
    /// that cannot be read says nothing.
    public static func appSettings(readingSettingsFiles paths: [String]) -> AppSettings {
        var settings = AppSettings()
        for path in paths {
            if case .success(let bytes) = FileReader.read(path) { settings.read(bytes, ofFileNamed: FolderNames.fileName(of: path)) }
        }
        return settings
    }

    public init(profiles: [RuleProfile], jobs: Int = Parallel.defaultJobs) {
        precondition(!profiles.isEmpty, "an engine needs at least one rule profile")
        self.profiles = profiles
        self.jobs = max(1, jobs)
    }

    public init(rules: [ConfiguredRule], suppressions: SuppressionFilter, jobs: Int = Parallel.defaultJobs) {
        self.init(profiles: [RuleProfile(rules: rules, suppressions: suppressions)], jobs: jobs)
    }

    /// An engine for a configuration: its rules, and the meta rules' severities.
    public init(configuration: Configuration, registry: [any Rule.Type] = RuleRegistry.all, jobs: Int = Parallel.defaultJobs) {
        self.init(profiles: [RuleProfile(configuration: configuration, registry: registry)], jobs: jobs)
    }

    /// The rules of the first profile (the only one of an engine made for one configuration).
    public var rules: [ConfiguredRule] { profiles[0].rules }

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
        // UTF-16 text and binary data named `.swift` are reported too: the compiler reads UTF-8 only.
        let loaded: [Result<SourceFile, FileReadError>] = Parallel.map(count: inputs.count, jobs: jobs) { i in
            let input = inputs[i]
            let read = input.bytes.map { Result<[UInt8], FileReadError>.success($0) } ?? FileReader.read(input.absolutePath)
            return read.flatMap { bytes in
                if let problem = SourceEncoding.detect(bytes).problem {
                    return .failure(FileReadError(path: input.path, reason: problem))
                }
                return .success(SourceFile(path: input.path, bytes: bytes))
            }.mapError { FileReadError(path: input.path, reason: $0.reason) }
        }
        var readable: [(input: LintInput, file: SourceFile)] = []
        var findings: [Finding] = []
        for (input, result) in zip(inputs, loaded) {
            switch result {
            case .success(let file): readable.append((input, file))
            case .failure(let error):
                if input.isReported, let severity = profiles[input.profile].ioErrorSeverity {
                    findings.append(Finding(ruleID: MetaRules.ioError.id, severity: severity, message: error.description,
                                            file: input.path, line: 1, column: 1, endLine: 1, endColumn: 1,
                                            offset: 0, length: 0))
                }
            }
        }
        endPhase("read")
        // 2–3. Parse, and index every file, reported or not (each file's entries are taken as its
        // tree is built). Invalid UTF-8 is not an error: the lexer is lossless and flags malformed bytes.
        let parsed = ProjectIndex.parse(readable.map(\.file), jobs: jobs)
        endPhase("lex, tree and file facts")
        var index = ProjectIndex(parsed: consume parsed, jobs: jobs)
        index.appSettings = appSettings
        let trees = index.trees
        endPhase("project index")
        // 4. Rules and suppressions on the reported files.
        let reported = readable.indices.filter { readable[$0].input.isReported }
        let measuring = measuresTime
        let memo = ProjectMemo()
        let profiles = self.profiles
        // The rules' project-wide facts first, side by side (one fact a worker, each made once).
        var preparing: [Preparation] = []
        var seen = Set<String>()
        if !reported.isEmpty {
            for profile in profiles {
                for configured in profile.rules {
                    preparing += configured.rule.preparations(index: index, memo: memo).filter { seen.insert($0.name).inserted }
                }
            }
            let seconds = Parallel.map(count: preparing.count, jobs: jobs) { n -> Double in
                let before = measuring ? monotonicSeconds() : 0
                preparing[n].run()
                return measuring ? monotonicSeconds() - before : 0
            }
            if measuring {
                for (step, s) in zip(preparing, seconds) { timings.addFact(step.name, s) }
            }
        }
        // The steps hold the memo: dropped now, so that the memo (and the index its values share)
        // is freed by the worker of `release` below rather than on this thread when `run` returns.
        preparing = []
        endPhase("rules' project facts")
        let perFile = Parallel.map(count: reported.count, jobs: jobs) { n -> PerFile in
            let tree = trees[reported[n]]
            let profile = profiles[readable[reported[n]].input.profile]
            let analyzed = Analyzer.analyze(tree, index: index, rules: profile.rules, treeIndex: reported[n], memo: memo, measuring: measuring)
            let before = measuring ? monotonicSeconds() : 0
            let filtered = profile.suppressions.apply(analyzed.findings, file: tree.file, tokens: tree.comments)
            // After suppressions: a suppressed finding supersedes nothing.
            return PerFile(findings: Supersession.apply(filtered.findings, tree: tree, rules: profile.rules), suppressed: filtered.suppressedCount, profile: readable[reported[n]].input.profile,
                           ruleSeconds: analyzed.ruleSeconds, subscriptionSeconds: analyzed.subscriptionSeconds,
                           suppressionSeconds: measuring ? monotonicSeconds() - before : 0)
        }
        endPhase("rules and suppressions")
        var suppressed = 0
        var cpu = (subscriptions: 0.0, suppressions: 0.0)
        // Rule ids in first-run order, and their seconds over every profile.
        var ruleOrder: [String] = []
        var ruleSeconds: [String: Double] = [:]
        // Summed per profile and rule position first: a table lookup by rule id for each file and
        // rule would cost more than the sums themselves.
        var secondsByProfile = measuring ? profiles.map { [Double](repeating: 0, count: $0.rules.count) } : []
        for result in perFile {
            findings += result.findings
            suppressed += result.suppressed
            for (r, seconds) in result.ruleSeconds.enumerated() { secondsByProfile[result.profile][r] += seconds }
            cpu.subscriptions += result.subscriptionSeconds
            cpu.suppressions += result.suppressionSeconds
        }
        if measuring {
            for (profile, seconds) in zip(profiles, secondsByProfile) {
                for (configured, s) in zip(profile.rules, seconds) {
                    let id = configured.rule.description.id
                    if ruleSeconds[id] == nil { ruleOrder.append(id) }
                    ruleSeconds[id, default: 0] += s
                }
            }
            for id in ruleOrder { timings.addRule(id, ruleSeconds[id] ?? 0) }
            timings.addRule("(finding subscriptions, shared)", cpu.subscriptions)
            timings.addRule("(suppression comments)", cpu.suppressions)
        }
        var files: [String: SourceFile] = [:]
        var lineCount = 0
        for i in reported {
            files[readable[i].file.path] = readable[i].file
            lineCount += readable[i].file.lineCount
        }
        // The index (every tree, posting and table of the project) is the run's largest value:
        // freeing it takes one core tens of milliseconds on a large project, so a worker frees it
        // while the findings are sorted and reported.
        Self.release(consume index, consume trees, consume memo)
        let sorted = findings.sorted(by: Finding.reportOrder)
        endPhase("sorting")
        return LintOutcome(findings: sorted, files: files, fileCount: reported.count, lineCount: lineCount,
                           suppressedCount: suppressed, timings: measuresTime ? timings : nil)
    }

    /// Drops the last references to the run's index and trees on a worker thread.
    private static func release(_ index: consuming ProjectIndex, _ trees: consuming [SyntaxTree], _ memo: consuming ProjectMemo) {
        let box = ReleaseBox(index: index, trees: trees, memo: memo)
        DispatchQueue.global(qos: .utility).async { box.drop() }
    }

    /// Holds the index (and what shares its storage) until `drop()`, so that its memory is freed
    /// where `drop()` runs.
    private final class ReleaseBox: @unchecked Sendable {
        private var index: ProjectIndex?
        private var trees: [SyntaxTree]
        /// The project-wide results of the rules, which hold parts of the index too.
        private var memo: ProjectMemo?

        init(index: ProjectIndex, trees: [SyntaxTree], memo: ProjectMemo) {
            self.index = index
            self.trees = trees
            self.memo = memo
        }

        func drop() {
            memo = nil
            index = nil
            trees = []
        }
    }

    /// One reported file's results from the rules phase.
    private struct PerFile {
        var findings: [Finding]
        var suppressed: Int
        var profile: Int
        var ruleSeconds: [Double]
        var subscriptionSeconds: Double
        var suppressionSeconds: Double
    }
}
