/// What one trace recorded at one `.trace` call site: the runtime evidence a finding on the
/// pipeline holding that call site carries (`lint --trace`). Plain data: the join that fills it
/// lives in `RuntimeEvidence/`.
public struct SiteEvidence: Sendable, Hashable, Codable {
    /// Live subscriptions of the site that grew at each repetition of a mark.
    public struct Accumulation: Sendable, Hashable, Codable {
        public var mark: String
        /// Live subscriptions at each occurrence of the mark.
        public var liveCounts: [Int]
        /// The subscriptions alive at the last occurrence.
        public var subscriptions: [UInt64]

        public init(mark: String, liveCounts: [Int], subscriptions: [UInt64]) {
            self.mark = mark
            self.liveCounts = liveCounts
            self.subscriptions = subscriptions
        }
    }

    /// Objects expected to be released and still alive at the last checkpoint.
    public struct Unreleased: Sendable, Hashable, Codable {
        public var type: String
        public var label: String
        /// Where the objects were tracked (`TraceDemo/main.swift:25`).
        public var site: String
        public var objects: [UInt64]

        public init(type: String, label: String, site: String, objects: [UInt64]) {
            self.type = type
            self.label = label
            self.site = site
            self.objects = objects
        }
    }

    /// The trace file, as given on the command line.
    public var trace: String
    /// The call site as the trace names it (`#fileID:#line`, `TraceDemo/FeedScreen.swift:35`).
    public var site: String
    /// The labels given to `.trace(_:)` at the site, sorted.
    public var labels: [String]
    /// Every subscription the site made, in order of subscription.
    public var subscriptions: [UInt64]
    /// Never completed or cancelled by the end of the trace.
    public var leaked: [UInt64]
    /// A sink or assign cancelled right after subscribing, before any value.
    public var discarded: [UInt64]
    public var accumulating: [Accumulation]
    /// Objects not released that the site's live subscriptions are taken to hold (the type
    /// that holds the pipeline, while subscriptions of the site leaked).
    public var unreleased: [Unreleased]

    public init(trace: String, site: String, labels: [String], subscriptions: [UInt64], leaked: [UInt64] = [],
                discarded: [UInt64] = [], accumulating: [Accumulation] = [], unreleased: [Unreleased] = []) {
        self.trace = trace
        self.site = site
        self.labels = labels
        self.subscriptions = subscriptions
        self.leaked = leaked
        self.discarded = discarded
        self.accumulating = accumulating
        self.unreleased = unreleased
    }

    /// Whether the site misbehaved at run time: something leaked, was discarded, accumulated
    /// or was not released.
    public var hasProblem: Bool {
        !leaked.isEmpty || !discarded.isEmpty || !accumulating.isEmpty || !unreleased.isEmpty
    }
}

/// The runtime evidence of a finding: the traced call sites of its pipeline.
public struct FindingRuntime: Sendable, Hashable, Codable {
    /// One entry per trace and call site, in trace order, then by site.
    public var sites: [SiteEvidence]

    public init(sites: [SiteEvidence]) { self.sites = sites }

    /// Confirmed: some call site of the pipeline misbehaved at run time.
    public var isConfirmed: Bool { sites.contains(where: \.hasProblem) }
}

/// A call site of a trace (or objects it tracked) that the join could attach to no pipeline
/// of the linted files: listed, never dropped.
public struct UnmatchedSite: Sendable, Hashable, Codable {
    public var trace: String
    public var site: String
    /// Labels of the site's subscriptions, or of the objects.
    public var labels: [String]
    /// Subscriptions the site made (empty for tracked objects).
    public var subscriptions: [UInt64]
    /// Objects not released, when the entry is about tracked objects.
    public var objects: [UInt64]
    /// Why nothing matched, in a few words ("no linted file ends with Feed/Cell.swift").
    public var reason: String

    public init(trace: String, site: String, labels: [String], subscriptions: [UInt64], objects: [UInt64] = [], reason: String) {
        self.trace = trace
        self.site = site
        self.labels = labels
        self.subscriptions = subscriptions
        self.objects = objects
        self.reason = reason
    }
}

/// What `lint --trace` adds to a run: the traces read and what matched nothing.
public struct RuntimeRun: Sendable, Hashable {
    /// The trace files, as given.
    public var traces: [String]
    public var unmatched: [UnmatchedSite]

    public init(traces: [String], unmatched: [UnmatchedSite] = []) {
        self.traces = traces
        self.unmatched = unmatched
    }
}
