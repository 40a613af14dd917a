/// The report as JSON: the contract for tools.
///
/// `{"version":1,"leaked":[…],"discarded":[…],"accumulating":[…],"afterCancel":[…],
/// "protocolViolations":[…],"unreleased":[…],"sites":[…],"summary":{…},"problems":[…]}`; every
/// entry has `site` and
/// `label`, subscription entries `subs`, object entries `objs`.
public enum JSONReport {
    public static func render(_ report: TraceReport) -> String {
        node(report).pretty() + "\n"
    }

    static func node(_ report: TraceReport) -> JSONNode {
        .object([
            ("version", .int(1)),
            ("leaked", .array(report.leaked.map(group))),
            ("discarded", .array(report.discarded.map(group))),
            ("accumulating", .array(report.accumulating.map { entry in
                .object([
                    ("site", .string(entry.site)), ("label", .string(entry.label)), ("mark", .string(entry.mark)),
                    ("liveCounts", .array(entry.liveCounts.map(JSONNode.int))), ("subs", .ids(entry.subs)),
                ])
            })),
            ("afterCancel", .array(report.afterCancel.map { entry in
                .object([
                    ("site", .string(entry.site)), ("label", .string(entry.label)), ("count", .int(entry.subs.count)),
                    ("subs", .ids(entry.subs)), ("values", .int(entry.values)), ("completions", .int(entry.completions)),
                ])
            })),
            ("protocolViolations", .array(report.protocolViolations.map { entry in
                .object([
                    ("site", .string(entry.site)), ("label", .string(entry.label)), ("kind", .string(entry.kind.rawValue)),
                    ("count", .int(entry.count)), ("subs", .ids(entry.subs)),
                ])
            })),
            ("unreleased", .array(report.unreleased.map { entry in
                .object([
                    ("site", .string(entry.site)), ("label", .string(entry.label)), ("type", .string(entry.type)),
                    ("count", .int(entry.objects.count)), ("objs", .ids(entry.objects)),
                ])
            })),
            ("sites", .array(report.sites.map { entry in
                .object([
                    ("site", .string(entry.site)), ("label", .string(entry.label)), ("count", .int(entry.count)),
                    ("completed", .int(entry.completed)), ("cancelled", .int(entry.cancelled)), ("alive", .int(entry.alive)),
                    ("values", .int(entry.values)), ("medianLifetimeNs", .unsigned(entry.medianLifetime)),
                    ("longestLifetimeNs", .unsigned(entry.longestLifetime)),
                ])
            })),
            ("summary", .object([
                ("events", .int(report.eventCount)), ("subscriptions", .int(report.subscriptionCount)),
                ("marks", .int(report.markCount)), ("dropped", .unsigned(report.dropped)),
                ("endTimeNs", .unsigned(report.endTime)),
            ])),
            ("problems", .array(report.problems.map { .object([("line", .int($0.line)), ("message", .string($0.message))]) })),
        ])
    }

    private static func group(_ entry: SubscriptionGroup) -> JSONNode {
        .object([("site", .string(entry.site)), ("label", .string(entry.label)), ("count", .int(entry.count)), ("subs", .ids(entry.subs))])
    }
}
