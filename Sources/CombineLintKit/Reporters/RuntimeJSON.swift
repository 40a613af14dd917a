/// Runtime evidence as JSON, shared by the `json` reporter (a finding's `runtime`, the run's
/// `runtime`) and the `sarif` reporter (results' and the run's `properties`).
enum RuntimeJSON {
    /// `{"confirmed": true, "sites": [ … ]}`.
    static func finding(_ runtime: FindingRuntime) -> JSONText {
        .object([
            ("confirmed", .bool(runtime.isConfirmed)),
            ("sites", .array(runtime.sites.map(site))),
        ])
    }

    static func site(_ site: SiteEvidence) -> JSONText {
        .object([
            ("trace", .string(site.trace)),
            ("site", .string(site.site)),
            ("labels", .array(site.labels.map(JSONText.string))),
            ("subscriptions", ids(site.subscriptions, key: "subs")),
            ("leaked", ids(site.leaked, key: "subs")),
            ("discarded", ids(site.discarded, key: "subs")),
            ("accumulating", .array(site.accumulating.map { entry in
                .object([
                    ("mark", .string(entry.mark)),
                    ("liveCounts", .array(entry.liveCounts.map(JSONText.int))),
                    ("subs", .array(entry.subscriptions.map(id))),
                ])
            })),
            ("unreleased", .array(site.unreleased.map { object in
                .object([
                    ("type", .string(object.type)),
                    ("label", .string(object.label)),
                    ("site", .string(object.site)),
                    ("count", .int(object.objects.count)),
                    ("objs", .array(object.objects.map(id))),
                ])
            })),
        ])
    }

    /// The run's part: the traces, how many findings they confirmed, and what matched nothing.
    static func run(_ runtime: RuntimeRun, result: LintResult) -> JSONText {
        .object([
            ("traces", .array(runtime.traces.map(JSONText.string))),
            ("confirmedFindings", .int(result.confirmedCount)),
            ("tracedFindings", .int(result.findings.filter { $0.runtime != nil }.count)),
            ("unmatched", .array(runtime.unmatched.map { site in
                .object([
                    ("trace", .string(site.trace)),
                    ("site", .string(site.site)),
                    ("labels", .array(site.labels.map(JSONText.string))),
                    ("subs", .array(site.subscriptions.map(id))),
                    ("objs", .array(site.objects.map(id))),
                    ("reason", .string(site.reason)),
                ])
            })),
        ])
    }

    /// `{"count": n, "<key>": [ids]}`.
    static func ids(_ values: [UInt64], key: String) -> JSONText {
        .object([("count", .int(values.count)), (key, .array(values.map(id)))])
    }

    static func id(_ value: UInt64) -> JSONText { .int(Int(clamping: value)) }
}
