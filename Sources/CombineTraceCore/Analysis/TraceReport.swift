/// Subscriptions of one call site and label that share a finding.
public struct SubscriptionGroup: Sendable, Equatable {
    public init(site: String, label: String, subs: [UInt64]) {
        self.site = site
        self.label = label
        self.subs = subs
    }

    public var site: String
    public var label: String
    /// Subscription ids, in order of subscription.
    public var subs: [UInt64]
    public var count: Int { subs.count }
}

/// A call site whose live subscriptions grew at each repetition of a mark.
public struct Accumulation: Sendable, Equatable {
    public init(site: String, label: String, mark: String, liveCounts: [Int], subs: [UInt64]) {
        self.site = site
        self.label = label
        self.mark = mark
        self.liveCounts = liveCounts
        self.subs = subs
    }

    public var site: String
    public var label: String
    /// The repeated mark's name.
    public var mark: String
    /// Live subscriptions of the site at each occurrence of the mark.
    public var liveCounts: [Int]
    /// The subscriptions alive at the last occurrence.
    public var subs: [UInt64]
}

/// Subscriptions that received values or a completion after they were cancelled.
public struct AfterCancelGroup: Sendable, Equatable {
    public init(site: String, label: String, subs: [UInt64], values: Int, completions: Int) {
        self.site = site
        self.label = label
        self.subs = subs
        self.values = values
        self.completions = completions
    }

    public var site: String
    public var label: String
    public var subs: [UInt64]
    /// Values delivered after cancel, over all `subs`.
    public var values: Int
    /// Completions delivered after cancel, over all `subs`.
    public var completions: Int
}

/// Objects of one type, label and call site expected to be released and still alive.
public struct UnreleasedGroup: Sendable, Equatable {
    public init(site: String, label: String, type: String, objects: [UInt64]) {
        self.site = site
        self.label = label
        self.type = type
        self.objects = objects
    }

    public var site: String
    public var label: String
    public var type: String
    public var objects: [UInt64]
}

/// Lifetimes at one call site and label.
public struct SiteSummary: Sendable, Equatable {
    public var site: String
    public var label: String
    public var count: Int
    public var completed: Int
    public var cancelled: Int
    public var alive: Int
    public var values: Int
    /// Nanoseconds; a subscription still alive counts up to the trace's last timestamp.
    public var medianLifetime: UInt64
    public var longestLifetime: UInt64
}

/// A report section that `--fail-on` can name.
public enum TraceSection: String, CaseIterable, Sendable {
    case leaked
    case discarded
    case accumulating
    case afterCancel = "after-cancel"
    case unreleased
}

/// The analysis of one trace.
public struct TraceReport: Sendable, Equatable {
    public var leaked: [SubscriptionGroup] = []
    public var discarded: [SubscriptionGroup] = []
    public var accumulating: [Accumulation] = []
    public var afterCancel: [AfterCancelGroup] = []
    public var unreleased: [UnreleasedGroup] = []
    public var sites: [SiteSummary] = []

    public var eventCount = 0
    public var subscriptionCount = 0
    public var markCount = 0
    /// Events the recorder could not keep (from `dropped` events).
    public var dropped: UInt64 = 0
    /// The last timestamp, nanoseconds.
    public var endTime: UInt64 = 0
    /// Lines of the trace that were skipped.
    public var problems: [TraceReadProblem] = []

    public init() {}

    /// Whether `section` has entries.
    public func has(_ section: TraceSection) -> Bool {
        switch section {
        case .leaked: return !leaked.isEmpty
        case .discarded: return !discarded.isEmpty
        case .accumulating: return !accumulating.isEmpty
        case .afterCancel: return !afterCancel.isEmpty
        case .unreleased: return !unreleased.isEmpty
        }
    }
}
