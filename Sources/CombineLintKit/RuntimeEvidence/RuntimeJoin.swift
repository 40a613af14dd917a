/// The join of static findings and runtime evidence. Each `.trace` call site of a trace is
/// matched to a linted file (`SitePathMatcher`) and, by its line, to the pipeline holding it
/// (`PipelineSpans`); each finding inside a pipeline then carries the evidence of the sites in
/// that pipeline. Objects that were not released go with the leaking traced pipelines of their
/// type. Whatever matches nothing is returned as `unmatched`, never dropped.
public enum RuntimeJoin {
    /// A linted file: its source, and the path its site paths are matched against (absolute
    /// when known: more components to compare).
    public struct File: Sendable {
        public var source: SourceFile
        public var matchPath: String

        public init(source: SourceFile, matchPath: String? = nil) {
            self.source = source
            self.matchPath = matchPath ?? source.path
        }
    }

    /// A call site of a trace and the pipelines it lies in.
    public struct SiteMatch: Sendable {
        /// The site's evidence, objects not released included.
        public var evidence: SiteEvidence
        public var pipelines: [PipelineSpan]
        /// Findings on those pipelines, in report order.
        public var findings: [Finding]
    }

    /// Objects of a trace not released, and the pipelines taken to hold them.
    public struct ObjectMatch: Sendable {
        public var trace: String
        public var objects: SiteEvidence.Unreleased
        public var pipelines: [PipelineSpan]
        public var findings: [Finding]
    }

    public struct Output: Sendable {
        /// The findings, those on traced pipelines with `runtime` set, in the order given.
        public var findings: [Finding]
        public var sites: [SiteMatch]
        public var objects: [ObjectMatch]
        public var unmatched: [UnmatchedSite]
    }

    public static func join(findings: [Finding], files: [File], traces: [TraceEvidence]) -> Output {
        let matcher = SitePathMatcher(paths: files.map(\.matchPath))
        var spansByFile: [Int: [PipelineSpan]] = [:]
        func spans(_ file: Int) -> [PipelineSpan] {
            if let known = spansByFile[file] { return known }
            let made = PipelineSpans.spans(in: files[file].source)
            spansByFile[file] = made
            return made
        }
        var sites: [SiteMatch] = []
        var objects: [ObjectMatch] = []
        var unmatched: [UnmatchedSite] = []
        for trace in traces {
            let firstOfTrace = sites.count
            for evidence in trace.sites {
                switch locate(evidence.site, matcher: matcher, files: files, spans: spans) {
                case .success(let pipelines):
                    sites.append(SiteMatch(evidence: evidence, pipelines: pipelines, findings: []))
                case .failure(let reason):
                    unmatched.append(UnmatchedSite(trace: trace.trace, site: evidence.site, labels: evidence.labels,
                                                   subscriptions: evidence.subscriptions, reason: reason.text))
                }
            }
            for group in trace.unreleased {
                // Objects tracked inside a pipeline go with it; otherwise with the traced pipelines
                // of their type whose subscriptions leaked (those are what keeps them alive).
                var holders: [Int] = []
                if case .success(let pipelines) = locate(group.site, matcher: matcher, files: files, spans: spans) {
                    holders = (firstOfTrace..<sites.count).filter { s in sites[s].pipelines.contains(where: pipelines.contains) }
                }
                if holders.isEmpty {
                    let type = PipelineSpans.simpleName(group.type)
                    holders = (firstOfTrace..<sites.count).filter { s in
                        !sites[s].evidence.leaked.isEmpty && sites[s].pipelines.contains { $0.enclosingType == type }
                    }
                }
                for s in holders { sites[s].evidence.unreleased.append(group) }
                if holders.isEmpty {
                    unmatched.append(UnmatchedSite(trace: trace.trace, site: group.site, labels: [group.label], subscriptions: [],
                                                   objects: group.objects,
                                                   reason: "no traced pipeline of type \(PipelineSpans.simpleName(group.type)) leaked"))
                }
                objects.append(ObjectMatch(trace: trace.trace, objects: group,
                                           pipelines: holders.flatMap { sites[$0].pipelines }.reduce(into: []) { if !$0.contains($1) { $0.append($1) } },
                                           findings: []))
            }
        }

        // Each finding in a pipeline that holds a matched site gets that site's evidence.
        // Sites and objects by the files of their pipelines, so each finding looks at its file's only.
        var sitesByFile: [String: [Int]] = [:]
        for s in sites.indices { for file in Set(sites[s].pipelines.map(\.file)) { sitesByFile[file, default: []].append(s) } }
        var objectsByFile: [String: [Int]] = [:]
        for o in objects.indices { for file in Set(objects[o].pipelines.map(\.file)) { objectsByFile[file, default: []].append(o) } }
        var joined = findings
        var siteFindings = [[Int]](repeating: [], count: sites.count)
        var objectFindings = [[Int]](repeating: [], count: objects.count)
        var fileIndex: [String: Int] = [:]
        for (index, file) in files.enumerated() where fileIndex[file.source.path] == nil { fileIndex[file.source.path] = index }
        for f in joined.indices where sitesByFile[joined[f].file] != nil || objectsByFile[joined[f].file] != nil {
            guard let file = fileIndex[joined[f].file] else { continue }
            let offset = joined[f].offset
            let own = PipelineSpans.innermost(spans(file)) { $0.contains(offset: offset) }
            guard !own.isEmpty else { continue }
            var evidence: [SiteEvidence] = []
            for s in sitesByFile[joined[f].file] ?? [] where sites[s].pipelines.contains(where: own.contains) {
                evidence.append(sites[s].evidence)
                siteFindings[s].append(f)
            }
            for o in objectsByFile[joined[f].file] ?? [] where objects[o].pipelines.contains(where: own.contains) {
                objectFindings[o].append(f)
            }
            if !evidence.isEmpty { joined[f].runtime = FindingRuntime(sites: evidence) }
        }
        for s in sites.indices { sites[s].findings = siteFindings[s].map { joined[$0] } }
        for o in objects.indices { objects[o].findings = objectFindings[o].map { joined[$0] } }
        return Output(findings: joined, sites: sites, objects: objects, unmatched: unmatched)
    }

    enum Failure: Error {
        case badSite, noFile(String), ambiguous(String, [String]), noPipeline(String, Int)

        var text: String {
            switch self {
            case .badSite: return "not a path:line call site"
            case .noFile(let path): return "no linted file ends with \(path)"
            case .ambiguous(let path, let files): return "\(path) is ambiguous: " + files.joined(separator: ", ")
            case .noPipeline(let file, let line): return "no subscription's pipeline at line \(line) of \(file)"
            }
        }
    }

    /// The pipelines a site lies in, or why there is none.
    static func locate(_ site: String, matcher: SitePathMatcher, files: [File],
                       spans: (Int) -> [PipelineSpan]) -> Result<[PipelineSpan], Failure> {
        guard let location = SiteLocation(site) else { return .failure(.badSite) }
        switch matcher.match(location.path) {
        case .none: return .failure(.noFile(location.path))
        case .ambiguous(let candidates): return .failure(.ambiguous(location.path, candidates.map { files[$0].source.path }))
        case .file(let file):
            let pipelines = PipelineSpans.innermost(spans(file)) { $0.contains(line: location.line) }
            return pipelines.isEmpty ? .failure(.noPipeline(files[file].source.path, location.line)) : .success(pipelines)
        }
    }
}
