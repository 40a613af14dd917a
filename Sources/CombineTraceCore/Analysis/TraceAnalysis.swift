/// Turns a trace into a report: leaks, discarded cancellables, accumulation, delivery after
/// cancel, protocol violations, unreleased objects and lifetimes per call site. A pure function
/// of the events.
public struct TraceAnalysis: Sendable {
    /// A cancel this soon after subscribing, with no value in between, on the same thread and with
    /// no mark in between, is read as a dropped `AnyCancellable`, when the traced publisher's
    /// downstream is a `sink` or `assign` (or not recorded, in older traces): a cancel that reaches
    /// an operator's inner subscription (`switchToLatest`, `timeout`, `zip`, `first()`, `prefix`)
    /// is the operator's own.
    public var discardWindow: UInt64

    public init(discardWindow: UInt64 = 1_000_000) {
        self.discardWindow = discardWindow
    }

    /// Analyses a document read from a file, keeping its problems in the report.
    public func analyze(_ document: TraceDocument) -> TraceReport {
        var report = analyze(document.events)
        report.problems = document.problems
        return report
    }

    /// Analyses `events`, which must be in `seq` order as recorded.
    public func analyze(_ events: [TraceEvent]) -> TraceReport {
        let histories = SubscriptionHistory.build(from: events)
        // One pass for what the sections need from the events themselves.
        var marks: [(name: String, seq: UInt64)] = []
        var endTime: UInt64 = 0
        var dropped: UInt64 = 0
        for index in events.indices {
            let time = events[index].time
            if time > endTime { endTime = time }
            switch events[index].kind {
            case let .mark(name): marks.append((name, events[index].seq))
            case let .dropped(count): dropped += count
            default: break
            }
        }
        var report = TraceReport()
        report.eventCount = events.count
        report.subscriptionCount = histories.count
        report.markCount = marks.count
        report.endTime = endTime
        report.dropped = dropped
        report.leaked = groups(histories.filter(\.isAlive))
        report.discarded = groups(histories.filter { isDiscarded($0, marks: marks.map(\.seq)) })
        report.accumulating = accumulation(histories, marks: marks)
        report.afterCancel = afterCancel(histories)
        report.protocolViolations = protocolViolations(histories)
        report.unreleased = unreleased(events)
        report.sites = summaries(histories, endTime: report.endTime)
        return report
    }

    private func isDiscarded(_ history: SubscriptionHistory, marks: [UInt64]) -> Bool {
        if let downstream = history.downstream, !downstream.isTerminal { return false }
        guard history.ending == .cancel, history.valuesBeforeEnd == 0, !history.endsBeforeSubscribe,
              let endSeq = history.endSeq, let endTime = history.endTime,
              history.endThread == history.thread,
              endTime - history.subscribeTime <= discardWindow else { return false }
        return !marks.contains { $0 > history.subscribeSeq && $0 < endSeq }
    }

    private func groups(_ histories: [SubscriptionHistory]) -> [SubscriptionGroup] {
        var result: [SiteKey: [UInt64]] = [:]
        for history in histories { result[SiteKey(history), default: []].append(history.id) }
        return result.sorted { $0.key < $1.key }.map { SubscriptionGroup(site: $0.key.site, label: $0.key.label, subs: $0.value) }
    }

    /// Live counts per site at each occurrence of each repeated mark; a site accumulates when its
    /// count rises at every occurrence and ends at two or more (one subscription made once after
    /// the first mark is a normal long-lived one, not an accumulation).
    private func accumulation(_ histories: [SubscriptionHistory], marks: [(name: String, seq: UInt64)]) -> [Accumulation] {
        var occurrences: [String: [UInt64]] = [:]
        var names: [String] = []
        for mark in marks {
            if occurrences[mark.name] == nil { names.append(mark.name) }
            occurrences[mark.name, default: []].append(mark.seq)
        }
        let bySite = Dictionary(grouping: histories, by: SiteKey.init)
        var result: [Accumulation] = []
        for name in names.sorted() {
            guard let seqs = occurrences[name], seqs.count >= 2 else { continue }
            for (key, siteHistories) in bySite.sorted(by: { $0.key < $1.key }) {
                let counts = seqs.map { seq in siteHistories.filter { $0.isAlive(atSeq: seq) }.count }
                guard let last = counts.last, last >= 2,
                      zip(counts, counts.dropFirst()).allSatisfy({ $0 < $1 }) else { continue }
                let alive = siteHistories.filter { $0.isAlive(atSeq: seqs[seqs.count - 1]) }.map(\.id)
                result.append(Accumulation(site: key.site, label: key.label, mark: name, liveCounts: counts, subs: alive))
            }
        }
        return result
    }

    private func afterCancel(_ histories: [SubscriptionHistory]) -> [AfterCancelGroup] {
        let late = histories.filter { $0.valuesAfterCancel + $0.completionsAfterCancel > 0 }
        return Dictionary(grouping: late, by: SiteKey.init).sorted { $0.key < $1.key }.map { key, group in
            AfterCancelGroup(site: key.site, label: key.label, subs: group.map(\.id),
                             values: group.reduce(0) { $0 + $1.valuesAfterCancel },
                             completions: group.reduce(0) { $0 + $1.completionsAfterCancel })
        }
    }

    /// Per site and kind: values beyond demand, values after completion, second completions, and
    /// ends timestamped before their subscribe.
    private func protocolViolations(_ histories: [SubscriptionHistory]) -> [ProtocolViolationGroup] {
        var result: [ProtocolViolationGroup] = []
        for (key, group) in Dictionary(grouping: histories, by: SiteKey.init).sorted(by: { $0.key < $1.key }) {
            let counts: [(ProtocolViolationGroup.Kind, (SubscriptionHistory) -> Int)] = [
                (.beyondDemand, \.valuesBeyondDemand),
                (.afterCompletion, \.valuesAfterCompletion),
                (.secondCompletion, \.extraCompletions),
                (.endBeforeSubscribe, { $0.endsBeforeSubscribe ? 1 : 0 }),
            ]
            for (kind, count) in counts {
                let offending = group.filter { count($0) > 0 }
                guard !offending.isEmpty else { continue }
                result.append(ProtocolViolationGroup(site: key.site, label: key.label, kind: kind, subs: offending.map(\.id),
                                                     count: offending.reduce(0) { $0 + count($1) }))
            }
        }
        return result
    }

    private func unreleased(_ events: [TraceEvent]) -> [UnreleasedGroup] {
        var tracked: [UInt64: (type: String, label: String, site: String)] = [:]
        var expected: [UInt64] = []
        var released = Set<UInt64>()
        for event in events {
            switch event.kind {
            case let .track(object, type, label, site): tracked[object] = (type, label, site)
            case let .expectRelease(object): if !expected.contains(object) { expected.append(object) }
            case let .release(object): released.insert(object)
            default: break
            }
        }
        var result: [UnreleasedKey: [UInt64]] = [:]
        for object in expected where !released.contains(object) {
            let info = tracked[object] ?? (type: "?", label: "", site: "?")
            result[UnreleasedKey(site: info.site, label: info.label, type: info.type), default: []].append(object)
        }
        return result.sorted { $0.key < $1.key }.map {
            UnreleasedGroup(site: $0.key.site, label: $0.key.label, type: $0.key.type, objects: $0.value)
        }
    }

    private func summaries(_ histories: [SubscriptionHistory], endTime: UInt64) -> [SiteSummary] {
        Dictionary(grouping: histories, by: SiteKey.init).sorted { $0.key < $1.key }.map { key, group in
            let lifetimes = group.map { $0.lifetime(traceEnd: endTime) }.sorted()
            let middle = lifetimes.count / 2
            let median = lifetimes.count % 2 == 1
                ? lifetimes[middle]
                : (lifetimes[middle - 1] / 2 + lifetimes[middle] / 2 + (lifetimes[middle - 1] % 2 + lifetimes[middle] % 2) / 2)
            return SiteSummary(
                site: key.site, label: key.label, count: group.count,
                completed: group.filter { $0.ending == .finished || $0.ending == .failure }.count,
                cancelled: group.filter { $0.ending == .cancel }.count,
                alive: group.filter(\.isAlive).count,
                values: group.reduce(0) { $0 + $1.values },
                medianLifetime: median, longestLifetime: lifetimes.last ?? 0)
        }
    }
}

/// A call site and label: the unit findings are grouped by.
struct SiteKey: Hashable, Comparable {
    var site: String
    var label: String

    init(_ history: SubscriptionHistory) {
        site = history.site
        label = history.label
    }

    static func < (lhs: SiteKey, rhs: SiteKey) -> Bool {
        lhs.site == rhs.site ? lhs.label < rhs.label : SiteOrder.precedes(lhs.site, rhs.site)
    }
}

/// Orders call sites by file, then by line number as a number (`:9` before `:10`).
enum SiteOrder {
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        let (lFile, lLine) = split(lhs)
        let (rFile, rLine) = split(rhs)
        return lFile == rFile ? (lLine, lhs) < (rLine, rhs) : lFile < rFile
    }

    private static func split(_ site: String) -> (String, Int) {
        guard let colon = site.lastIndex(of: ":"), let line = Int(site[site.index(after: colon)...]) else {
            return (site, 0)
        }
        return (String(site[..<colon]), line)
    }
}

private struct UnreleasedKey: Hashable, Comparable {
    var site: String
    var label: String
    var type: String

    static func < (lhs: UnreleasedKey, rhs: UnreleasedKey) -> Bool {
        lhs.site == rhs.site ? (lhs.label, lhs.type) < (rhs.label, rhs.type) : SiteOrder.precedes(lhs.site, rhs.site)
    }
}
