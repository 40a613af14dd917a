/// A subscriber call (`sink`, `assign`) found for instrumenting, and what is done with it.
public struct SubscriberSite: Sendable, Hashable {
    public enum Outcome: Sendable, Hashable {
        /// `.trace(…)` goes at this byte offset: the `.` of the subscriber's member access.
        case insert(offset: Int)
        /// The subscriber is already preceded by a marked `.trace(…)` (instrumented before).
        case alreadyInstrumented
        /// Left alone, for this reason.
        case skipped(SkipReason)
    }

    public enum SkipReason: String, Sendable, Hashable, CaseIterable {
        /// `sink { … }` called on implicit `self` (inside an extension of `Publisher`): there is
        /// no chain to put `.trace` on.
        case implicitSelf = "on implicit self"
        /// A hand-written `.trace(…)` already precedes the subscriber.
        case tracedByHand = "traced by hand"
    }

    /// `sink` or `assign`.
    public var subscriber: String
    /// Token index (in `SyntaxTree.tokens`) of the subscriber's name.
    public var nameToken: Int
    /// 1-based line of the subscriber's name.
    public var line: Int
    public var outcome: Outcome
}

/// Finds the subscriber calls of a file in its syntax tree (never in strings or comments, which
/// hold no chains): the last element of a chain that is Combine's `sink` (as
/// `SubscriptionFinder.isSinkCall` tells), `assign(to:on:)` or `assign(to: &$p)`, followed by
/// nothing but `.store(in:)`. `connect()` is a subscriber too, but it is called on the
/// connectable publisher itself: `.trace` before it would hide `connect()`, so it is not one here.
public enum SubscriberSites {
    public static func find(in tree: SyntaxTree) -> [SubscriberSite] {
        var sites: [SubscriberSite] = []
        for chain in tree.chains {
            guard let e = subscriberIndex(in: chain, tree: tree) else { continue }
            let element = chain.elements[e]
            let outcome: SubscriberSite.Outcome
            let period = element.nameToken - 1
            if e == 0 || period < 0 || tree.tokens[period].kind != .period {
                outcome = .skipped(.implicitSelf)
            } else if chain.elements[e - 1].name == "trace", chain.elements[e - 1].isCall {
                outcome = isMarked(chain.elements[e - 1], in: tree) ? .alreadyInstrumented : .skipped(.tracedByHand)
            } else {
                outcome = .insert(offset: tree.tokens[period].startOffset)
            }
            sites.append(SubscriberSite(subscriber: element.name, nameToken: element.nameToken,
                                        line: tree.line(of: element.nameToken), outcome: outcome))
        }
        return sites
    }

    /// The subscriber element of a chain: its last element, or the one before a final `.store(in:)`.
    static func subscriberIndex(in chain: Chain, tree: SyntaxTree) -> Int? {
        var e = chain.elements.count - 1
        if e > 0, chain.elements[e].name == "store", chain.elements[e].argument("in") != nil { e -= 1 }
        guard e >= 0 else { return nil }
        let element = chain.elements[e]
        // The root is a subscriber only as a plain call on implicit self: `sink { … }`.
        guard element.kind == .member || (element.kind == .root && e == 0) else { return nil }
        if isSubscriberCall(element) { return e }
        // `.sink` with its closure on the next line, which Swift takes as a trailing closure: the
        // chain parser ends the chain at the name.
        let next = element.lastToken + 1
        if element.name == "sink", element.kind == .member, !element.isCall, e == chain.elements.count - 1,
           next < tree.tokens.count, tree.tokens[next].kind == .leftBrace, tree.lineBreakBefore[next],
           tree.closure(openedAt: next) != nil {
            return e
        }
        return nil
    }

    /// `sink` as Combine's, `assign(to:on:)`, or `assign(to: &$p)` (one inout argument).
    static func isSubscriberCall(_ element: ChainElement) -> Bool {
        switch element.name {
        case "sink":
            return SubscriptionFinder.isSinkCall(element)
        case "assign":
            guard element.hasParentheses, element.trailingClosures.isEmpty, let to = element.argument("to") else { return false }
            if element.arguments.count == 2 { return element.argument("on") != nil && element.arguments[0].label == "to" }
            return element.arguments.count == 1 && to.isInout
        default:
            return false
        }
    }

    /// Whether the marker comment is inside this `trace(…)` call's parentheses.
    static func isMarked(_ trace: ChainElement, in tree: SyntaxTree) -> Bool {
        guard let open = trace.openParen, let close = trace.closeParen else { return false }
        let range = tree.tokens[open].endOffset..<tree.tokens[close].startOffset
        let marker = Array(TraceMarker.comment.utf8)
        // Comments are in source order: the first one at or after `(` decides.
        var low = 0, high = tree.comments.count
        while low < high {
            let mid = (low + high) / 2
            if tree.comments[mid].startOffset < range.lowerBound { low = mid + 1 } else { high = mid }
        }
        var c = low
        while c < tree.comments.count, tree.comments[c].startOffset < range.upperBound {
            if tree.file.bytes[tree.comments[c].range].elementsEqual(marker) { return true }
            c += 1
        }
        return false
    }
}
