import CombineTraceCore

/// The source side of a trace report (`trace report TRACE --source PATH…`): each runtime
/// problem (leaked, discarded, accumulating, unreleased) with the static findings at its
/// pipeline, or the words that no rule explains it (a miss of the rules), and the pipeline's
/// source lines.
public enum TraceSourceReport {
    /// What the report is made from.
    public struct Input {
        /// The trace file, as given.
        public var trace: String
        public var report: TraceReport
        public var join: RuntimeJoin.Output
        /// The `--source` paths, as given.
        public var sources: [String]
        public var fileCount: Int
        /// The linted files by path (as in `Finding.file`), for excerpts.
        public var files: [String: SourceFile]
        /// How a path is shown (relative to the current folder when inside it).
        public var displayPath: (String) -> String

        public init(trace: String, report: TraceReport, join: RuntimeJoin.Output, sources: [String], fileCount: Int,
                    files: [String: SourceFile], displayPath: @escaping (String) -> String = { $0 }) {
            self.trace = trace
            self.report = report
            self.join = join
            self.sources = sources
            self.fileCount = fileCount
            self.files = files
            self.displayPath = displayPath
        }
    }

    /// A quoted pipeline part longer than this shows its first lines and its last one.
    static let maxExcerptLines = 8

    /// One runtime problem and what the source says about it.
    struct Entry {
        /// `Leaked`, `Discarded`, `Accumulating`, `Unreleased`.
        var kind: String
        /// The problem as the text report words it.
        var summary: String
        var pipelines: [PipelineSpan]
        var findings: [Finding]
        /// Why no pipeline was found, when none was.
        var unmatched: String?
        /// For objects: where they were tracked, as a file and line of the sources when known.
        var trackedAt: (file: String, line: Int)?
    }

    // MARK: Entries

    /// The entries in the text report's order: leaked, discarded, accumulating, unreleased,
    /// each as the report lists them (the JSON report's arrays have the same order).
    static func entries(_ input: Input) -> [(section: String, entries: [Entry])] {
        let report = input.report
        func site(_ site: String, label: String) -> (pipelines: [PipelineSpan], findings: [Finding], unmatched: String?) {
            if let match = input.join.sites.first(where: { $0.evidence.site == site && $0.evidence.trace == input.trace }) {
                return (match.pipelines, match.findings, nil)
            }
            let reason = input.join.unmatched.first { $0.site == site && $0.objects.isEmpty }?.reason ?? "no pipeline found"
            return ([], [], reason)
        }
        func group(_ kind: String, _ group: SubscriptionGroup) -> Entry {
            let found = site(group.site, label: group.label)
            return Entry(kind: kind, summary: "\(group.site)  \"\(group.label)\"  \(ReportText.count(group.count, "subscription"))  "
                         + RuntimeText.ids(group.subs), pipelines: found.pipelines, findings: found.findings, unmatched: found.unmatched)
        }
        let accumulating = report.accumulating.map { entry -> Entry in
            let found = site(entry.site, label: entry.label)
            return Entry(kind: "Accumulating", summary: "\(entry.site)  \"\(entry.label)\"  live at \"\(entry.mark)\": "
                         + entry.liveCounts.map(String.init).joined(separator: " -> ") + "  alive: \(RuntimeText.ids(entry.subs))",
                         pipelines: found.pipelines, findings: found.findings, unmatched: found.unmatched)
        }
        let unreleased = report.unreleased.enumerated().map { index, group -> Entry in
            let match = input.join.objects.indices.contains(index) ? input.join.objects[index] : nil
            let reason = input.join.unmatched.first { $0.site == group.site && $0.objects == group.objects }?.reason
            return Entry(kind: "Unreleased", summary: "\(group.site)  \(group.type) \"\(group.label)\"  "
                         + group.objects.map { "obj #\($0)" }.joined(separator: " "),
                         pipelines: match?.pipelines ?? [], findings: match?.findings ?? [], unmatched: reason,
                         trackedAt: trackedAt(group.site, input))
        }
        return [
            ("Leaked", report.leaked.map { group("Leaked", $0) }),
            ("Discarded", report.discarded.map { group("Discarded", $0) }),
            ("Accumulating", accumulating),
            ("Unreleased", unreleased),
        ]
    }

    /// The linted file and line a tracking site names, when one matches.
    static func trackedAt(_ site: String, _ input: Input) -> (file: String, line: Int)? {
        guard let location = SiteLocation(site) else { return nil }
        let paths = input.files.keys.sorted()
        guard case .file(let index) = SitePathMatcher(paths: paths).match(location.path) else { return nil }
        return (paths[index], location.line)
    }

    // MARK: Text

    /// The trace's text report (`base`, unchanged), then one block per runtime problem.
    public static func text(_ input: Input, base: String) -> String {
        let sections = entries(input)
        let all = sections.flatMap(\.entries)
        var lines: [String] = []
        lines.append("")
        lines.append("Static findings at the problems' pipelines (--source \(input.sources.joined(separator: " ")): "
            + "\(ReportText.count(input.fileCount, "file")) linted)")
        guard !all.isEmpty else {
            lines.append("  no runtime problem to explain")
            return base + lines.joined(separator: "\n") + "\n"
        }
        for entry in all {
            lines.append("")
            lines.append("\(entry.kind)  \(entry.summary)")
            if let tracked = entry.trackedAt {
                lines.append("  tracked at \(input.displayPath(tracked.file)):\(tracked.line)")
                lines += excerpt(input.files[tracked.file], tracked.line...tracked.line)
            }
            if entry.pipelines.isEmpty {
                lines.append("  no pipeline: \(entry.unmatched ?? "no pipeline found")")
            }
            for pipeline in entry.pipelines {
                for part in pipeline.lineRanges {
                    lines.append("  \(entry.trackedAt == nil && entry.kind != "Unreleased" ? "pipeline" : "held by the pipeline") "
                        + "\(input.displayPath(pipeline.file)):\(part.lowerBound)"
                        + (part.count > 1 ? "-\(part.upperBound)" : ""))
                    lines += excerpt(input.files[pipeline.file], part)
                }
            }
            if entry.pipelines.isEmpty {
                continue
            } else if entry.findings.isEmpty {
                lines.append("  no rule explains it: a miss of the rules, worth a report")
            } else {
                lines.append("  explained by")
                for finding in entry.findings {
                    lines.append("    \(input.displayPath(finding.file)):\(finding.line):\(finding.column): "
                        + "\(finding.ruleID): \(ReportText.singleLine(finding.message))")
                }
            }
        }
        let unexplained = all.filter { !$0.pipelines.isEmpty && $0.findings.isEmpty }.count
        let unlocated = all.filter { $0.pipelines.isEmpty }.count
        lines.append("")
        lines.append("Explained by static findings: \(all.count - unexplained - unlocated) of \(ReportText.count(all.count, "problem"))"
            + (unexplained == 0 ? "" : "; \(unexplained) with no rule to explain \(unexplained == 1 ? "it" : "them")")
            + (unlocated == 0 ? "" : "; \(unlocated) at no pipeline of the sources"))
        return base + lines.joined(separator: "\n") + "\n"
    }

    /// Numbered source lines, at most `maxExcerptLines` of them.
    static func excerpt(_ file: SourceFile?, _ range: ClosedRange<Int>) -> [String] {
        guard let file else { return [] }
        var numbers = Array(range)
        var elided = false
        if numbers.count > maxExcerptLines {
            numbers = Array(numbers.prefix(maxExcerptLines - 1)) + [range.upperBound]
            elided = true
        }
        let width = String(range.upperBound).count
        var out: [String] = []
        for (i, number) in numbers.enumerated() {
            if elided && i == numbers.count - 1 { out.append("    " + String(repeating: " ", count: width) + " | ...") }
            let label = String(number)
            let text = file.lineText(number)
            out.append("    " + String(repeating: " ", count: width - label.count) + label + " |" + (text.isEmpty ? "" : " " + text))
        }
        return out
    }

    // MARK: JSON

    /// The trace's JSON report (`base`, parsed) with, on each leaked, discarded, accumulating
    /// and unreleased entry, `explainedBy` (indexes into `staticFindings`), `pipeline` (its
    /// parts' file and lines, or null with `unmatched`), and at the top `staticFindings` and `source`.
    public static func json(_ input: Input, base: String) -> String {
        guard let parsed = try? JSONParser.parse(base), case .object(let members) = parsed.value else { return base }
        let sections = entries(input)
        var staticFindings: [Finding] = []
        func index(of finding: Finding) -> Int {
            if let known = staticFindings.firstIndex(of: finding) { return known }
            staticFindings.append(finding)
            return staticFindings.count - 1
        }
        let keys = ["leaked": "Leaked", "discarded": "Discarded", "accumulating": "Accumulating", "unreleased": "Unreleased"]
        var top: [(String, JSONText)] = []
        for member in members {
            guard let section = keys[member.key], case .array(let items) = member.value.value,
                  let entries = sections.first(where: { $0.section == section })?.entries, entries.count == items.count else {
                top.append((member.key, text(member.value)))
                continue
            }
            top.append((member.key, .array(zip(items, entries).map { item, entry in
                guard case .object(var fields) = text(item) else { return text(item) }
                fields.append(("explainedBy", .array(entry.findings.map { .int(index(of: $0)) })))
                fields.append(("pipelines", .array(entry.pipelines.map { pipeline in
                    .object([
                        ("file", .string(input.displayPath(pipeline.file))),
                        ("parts", .array(pipeline.lineRanges.map { .object([("startLine", .int($0.lowerBound)), ("endLine", .int($0.upperBound))]) })),
                    ])
                })))
                if let reason = entry.unmatched, entry.pipelines.isEmpty { fields.append(("unmatched", .string(reason))) }
                return .object(fields)
            })))
        }
        top.append(("staticFindings", .array(staticFindings.map { finding in
            .object([
                ("rule", .string(finding.ruleID)),
                ("severity", .string(finding.severity.rawValue)),
                ("message", .string(finding.message)),
                ("file", .string(input.displayPath(finding.file))),
                ("line", .int(finding.line)),
                ("column", .int(finding.column)),
            ])
        })))
        top.append(("source", .object([
            ("paths", .array(input.sources.map(JSONText.string))),
            ("files", .int(input.fileCount)),
            ("unexplained", .int(sections.flatMap(\.entries).filter { !$0.pipelines.isEmpty && $0.findings.isEmpty }.count)),
            ("unlocated", .int(sections.flatMap(\.entries).filter { $0.pipelines.isEmpty }.count)),
        ])))
        return JSONText.object(top).rendered() + "\n"
    }

    /// A parsed JSON value as `JSONText` (the trace report holds no null and only whole numbers).
    static func text(_ node: JSONNode) -> JSONText {
        switch node.value {
        case .null: return .string("")
        case .bool(let value): return .bool(value)
        case .number(let value): return .int(Int(value))
        case .string(let value): return .string(value)
        case .array(let items): return .array(items.map(text))
        case .object(let members): return .object(members.map { ($0.key, text($0.value)) })
        }
    }
}
