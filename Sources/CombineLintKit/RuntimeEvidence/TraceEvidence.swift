import CombineTraceCore

/// What one trace says per call site, ready for the join: the subscriptions each `.trace`
/// site made and which of them leaked, were discarded or accumulated (from `TraceAnalysis`),
/// and the objects that were not released.
public struct TraceEvidence: Sendable {
    /// The trace file, as given.
    public var trace: String
    /// One entry per call site that subscribed, in the report's site order; `unreleased` is
    /// left empty here (the join attaches objects to pipelines).
    public var sites: [SiteEvidence]
    /// Objects expected to be released and still alive, by type, label and tracking site.
    public var unreleased: [SiteEvidence.Unreleased]
    /// The analysis the evidence comes from.
    public var report: TraceReport

    /// The evidence of `document`, read from the file `trace`.
    public init(trace: String, document: TraceDocument) {
        self.init(trace: trace, events: document.events, report: TraceAnalysis().analyze(document))
    }

    /// The evidence of a trace already analysed.
    public init(trace: String, events: [TraceEvent], report: TraceReport) {
        self.trace = trace
        self.report = report
        var order: [String] = []
        var bySite: [String: SiteEvidence] = [:]
        for history in SubscriptionHistory.build(from: events) {
            if bySite[history.site] == nil {
                order.append(history.site)
                bySite[history.site] = SiteEvidence(trace: trace, site: history.site, labels: [], subscriptions: [])
            }
            bySite[history.site]!.subscriptions.append(history.id)
            if !bySite[history.site]!.labels.contains(history.label) { bySite[history.site]!.labels.append(history.label) }
        }
        for group in report.leaked { bySite[group.site]?.leaked += group.subs }
        for group in report.discarded { bySite[group.site]?.discarded += group.subs }
        for entry in report.accumulating {
            bySite[entry.site]?.accumulating.append(.init(mark: entry.mark, liveCounts: entry.liveCounts, subscriptions: entry.subs))
        }
        // The report's site order (file, then line as a number), labels sorted.
        var seen = Set<String>()
        let sorted = report.sites.map(\.site).filter { seen.insert($0).inserted }
        let rest = order.filter { !seen.contains($0) }
        sites = (sorted + rest).compactMap { site in
            bySite[site].map { evidence in
                var evidence = evidence
                evidence.labels.sort()
                evidence.leaked.sort()
                evidence.discarded.sort()
                return evidence
            }
        }
        unreleased = report.unreleased.map { .init(type: $0.type, label: $0.label, site: $0.site, objects: $0.objects) }
    }
}
