/// Runtime evidence in words, for the text reporters' `note:` lines and standard error:
/// "confirmed at run time: 3 subscriptions never cancelled (#2 #4 #6); …".
public enum RuntimeText {
    /// One line per traced call site of the finding's pipeline.
    public static func notes(_ runtime: FindingRuntime) -> [String] {
        runtime.sites.map(note)
    }

    /// What one site did: its problems when it has some, else that it was traced and behaved.
    public static func note(_ site: SiteEvidence) -> String {
        var problems: [String] = []
        if !site.leaked.isEmpty {
            problems.append("\(ReportText.count(site.leaked.count, "subscription")) never cancelled (\(ids(site.leaked)))")
        }
        if !site.discarded.isEmpty {
            problems.append("\(ReportText.count(site.discarded.count, "subscription")) cancelled right after subscribing, "
                + "before any value (\(ids(site.discarded)))")
        }
        if !site.accumulating.isEmpty {
            problems.append("live subscriptions grew " + site.accumulating.map {
                $0.liveCounts.map(String.init).joined(separator: " -> ") + " across \"\($0.mark)\" (\(ids($0.subscriptions)))"
            }.joined(separator: ", "))
        }
        for object in site.unreleased {
            problems.append("\(object.type) \"\(object.label)\" not released (" + object.objects.map { "obj #\($0)" }.joined(separator: " ") + ")")
        }
        let origin = "\(site.site) \(site.labels.map { "\"\($0)\"" }.joined(separator: " ")), "
            + "\(ReportText.count(site.subscriptions.count, "subscription")), \(site.trace)"
        guard !problems.isEmpty else {
            return "traced at run time: none of its subscriptions leaked, was discarded or accumulated (\(origin))"
        }
        return "confirmed at run time: " + problems.joined(separator: "; ") + " (\(origin))"
    }

    /// The standard-error line for a call site that matched no pipeline.
    public static func unmatchedLine(_ site: UnmatchedSite) -> String {
        let labels = site.labels.map { "\"\($0)\"" }.joined(separator: " ")
        let what = site.objects.isEmpty
            ? "call site \(site.site) \(labels) (\(ReportText.count(site.subscriptions.count, "subscription")) \(ids(site.subscriptions)))"
            : "objects not released, tracked at \(site.site) \(labels) (" + site.objects.map { "obj #\($0)" }.joined(separator: " ") + ")"
        return "\(site.trace): note: \(what) matched no pipeline: \(site.reason)"
    }

    /// `#2 #4 #6`.
    static func ids(_ values: [UInt64]) -> String { values.map { "#\($0)" }.joined(separator: " ") }
}
