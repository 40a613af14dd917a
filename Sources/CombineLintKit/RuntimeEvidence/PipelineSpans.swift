/// One subscription's pipeline in a file as the join sees it: where it lies (bytes and lines)
/// and the type that holds it. The parts are those of `SubscriptionPipeline`, the subscribed
/// statement taken whole (from its start, an assignment's target included, to the last element
/// of the chain, a `.store(in:)` included) so that findings on any of it belong to the pipeline.
public struct PipelineSpan: Sendable, Hashable {
    /// The file's path, as in `SourceFile.path` and `Finding.file`.
    public var file: String
    /// Byte ranges of the parts, the subscribed statement first.
    public var byteRanges: [Range<Int>]
    /// 1-based line ranges of the same parts.
    public var lineRanges: [ClosedRange<Int>]
    /// The simple name of the type whose body holds the subscription (`FeedScreen`), if any.
    public var enclosingType: String?

    /// Whether line `line` lies in one of the parts.
    public func contains(line: Int) -> Bool { lineRanges.contains { $0.contains(line) } }

    /// Whether UTF-8 offset `offset` lies in one of the parts.
    public func contains(offset: Int) -> Bool { byteRanges.contains { $0.contains(offset) } }

    /// The subscribed statement's lines (the first part), for excerpts.
    public var statementLines: ClosedRange<Int> { lineRanges[0] }

    /// Whether this pipeline's statement lies inside `other`'s, and is not the same.
    func isNested(in other: PipelineSpan) -> Bool {
        let inner = byteRanges[0], outer = other.byteRanges[0]
        return inner != outer && outer.lowerBound <= inner.lowerBound && inner.upperBound <= outer.upperBound
    }
}

/// The pipelines of a file's subscriptions.
public enum PipelineSpans {
    /// Every subscription's pipeline in `file`, in source order.
    public static func spans(in file: SourceFile) -> [PipelineSpan] {
        spans(in: SyntaxTree(file: file))
    }

    public static func spans(in tree: SyntaxTree) -> [PipelineSpan] {
        let lookup = TreeLookup(tree)
        let file = tree.file
        return SubscriptionFinder.subscriptions(in: tree).map { subscription in
            let chain = tree.chains[subscription.chain]
            let pipeline = SubscriptionPipeline(chain: subscription.chain, subscriber: subscription.element, lookup: lookup)
            let start = min(chain.statementStart, chain.first)
            let statement = start...max(chain.elements[chain.elements.count - 1].lastToken, pipeline.ranges[0].upperBound)
            let tokenRanges = [statement] + pipeline.ranges.dropFirst()
            let bytes = tokenRanges.map { tree.tokens[$0.lowerBound].startOffset..<tree.tokens[$0.upperBound].endOffset }
            let lines = bytes.map { file.location(ofOffset: $0.lowerBound).line...file.location(ofOffset: max($0.lowerBound, $0.upperBound - 1)).line }
            let type = tree.enclosingType(of: chain.first).map { simpleName(tree.types[$0].name) }
            return PipelineSpan(file: file.path, byteRanges: bytes, lineRanges: lines, enclosingType: type)
        }
    }

    /// The innermost of `spans` whose parts satisfy `holds`: a pipeline nested in the closure
    /// of another (a sink inside a sink) is chosen over the outer one. Several when they share
    /// the part that holds (a local publisher two subscriptions read).
    public static func innermost(_ spans: [PipelineSpan], where holds: (PipelineSpan) -> Bool) -> [PipelineSpan] {
        let candidates = spans.filter(holds)
        return candidates.filter { outer in !candidates.contains { $0.isNested(in: outer) } }
    }

    /// `Outer.Inner` → `Inner`; `Box<T>` → `Box`.
    static func simpleName(_ name: String) -> String {
        let base = name.split(separator: "<", maxSplits: 1).first.map(String.init) ?? name
        return base.split(separator: ".").last.map(String.init) ?? base
    }
}
