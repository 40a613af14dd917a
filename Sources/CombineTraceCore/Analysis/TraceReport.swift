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

/// Subscriptions of one call site and label that broke Combine's contract in one way.
public struct ProtocolViolationGroup: Sendable, Equatable {
    /// The ways a trace shows the contract broken.
    public enum Kind: String, Sendable, Equatable, CaseIterable, Comparable {
        /// More values than the subscriber had requested (or returned from `receive(_:)`).
        case beyondDemand = "beyond-demand"
        /// A value after the subscription had finished or failed.
        case afterCompletion = "after-completion"
        /// A second `finished` or `failure`.
        case secondCompletion = "second-completion"
        /// The end is timestamped before the subscribe: the trace is broken or merged.
        case endBeforeSubscribe = "end-before-subscribe"

        public static func < (lhs: Kind, rhs: Kind) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }

        /// What the kind means, for reports.
        public var meaning: String {
            switch self {
            case .beyondDemand: return "values beyond the recorded demand"
            case .afterCompletion: return "values after completion"
            case .secondCompletion: return "a second completion"
            case .endBeforeSubscribe: return "ended before it was subscribed (timestamps)"
            }
        }
    }

    public init(site: String, label: String, kind: Kind, subs: [UInt64], count: Int) {
        self.site = site
        self.label = label
        self.kind = kind
        self.subs = subs
        self.count = count
    }

    public var site: String
    public var label: String
    public var kind: Kind
    public var subs: [UInt64]
    /// Offending events over all `subs` (values, completions, or subscriptions).
    public var count: Int
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
    case protocolViolations = "protocol-violations"
}

/// The analysis of one trace.
public struct TraceReport: Sendable, Equatable {
    public var leaked: [SubscriptionGroup] = []
    public var discarded: [SubscriptionGroup] = []
    public var accumulating: [Accumulation] = []
    public var afterCancel: [AfterCancelGroup] = []
    public var unreleased: [UnreleasedGroup] = []
    public var protocolViolations: [ProtocolViolationGroup] = []
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
        case .protocolViolations: return !protocolViolations.isEmpty
        }
    }
}
