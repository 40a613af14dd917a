/// Combine's `.print()` operator left in a pipeline: it writes every event to standard output in release builds.
public struct PrintOperatorRule: Rule {
    public static let description = RuleDescription(
        id: "print_operator", name: "print() operator", defaultSeverity: .warning, isOptIn: true,
        summary: "A Combine .print() operator left in a pipeline writes every event to stdout in release builds.")

    public init() {}

    /// A file that never names `print` has no `.print()` operator.
    static let requiredNames = NameSet(["print"])

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.mentions(anyOf: Self.requiredNames) else { return [] }
        let tree = context.tree
        var findings: [Finding] = []
        var debugRanges: [Range<Int>]?
        for chain in tree.chains {
            for (e, element) in chain.elements.enumerated() where e > 0 && element.name == "print" && element.kind == .member && element.hasParentheses {
                guard element.trailingClosures.isEmpty, hasCombineSignature(element), chain.elements[e - 1].name != "Swift",
                      isPublisherChain(chain, print: e, context: context) else { continue }
                // Inside `#if DEBUG` the operator is not compiled into release builds: the run-time cost is gone.
                if debugRanges == nil { debugRanges = ConditionalCompilation.debugOnlyRanges(in: context.file) }
                let offset = tree.tokens[element.nameToken].startOffset
                if debugRanges!.contains(where: { $0.contains(offset) }) { continue }
                let fix = tree.removalRange(ofElement: e, in: chain).map { Fix(title: "Remove the print() operator", edits: [context.edit($0, "")]) }
                // The call as written (`.print("search")`) names which one, unless it is long.
                let written = tree.sourceText(element.nameToken, element.lastToken)
                let call = written.count <= 40 && !written.contains("\n") ? written : "print(…)"
                let message = "`.\(call)` writes every subscription event of this pipeline to standard output, in release builds too."
                findings.append(context.finding(tokens: element.nameToken, through: element.lastToken, message: message, fix: fix,
                                                help: "Log through `handleEvents(…)` with a `Logger`, or put the operator under `#if DEBUG`."))
            }
        }
        return findings
    }

    /// Combine's `print(_ prefix: String = "", to stream: TextOutputStream? = nil)`.
    private func hasCombineSignature(_ element: ChainElement) -> Bool {
        guard element.arguments.count <= 2 else { return false }
        for (i, argument) in element.arguments.enumerated() {
            if argument.closure != nil { return false }
            if argument.label == nil ? i != 0 : argument.label != "to" { return false }
        }
        return true
    }

    private func isPublisherChain(_ chain: Chain, print e: Int, context: RuleContext) -> Bool {
        for (i, element) in chain.elements.enumerated() where i != e && i > 0 && Catalogue.publisherOnlyOperators.contains(element.name) {
            if element.name == "receive" && element.argument("on") == nil && element.argument("subscriber") == nil { continue }
            return true
        }
        let receiver = chain.elements[e - 1].name
        if Catalogue.publisherNames.contains(receiver) || receiver.hasSuffix("Publisher") || receiver.hasSuffix("Subject") { return true }
        return NeverFinishingSources.evidence(in: chain, before: e, tree: context.tree, index: context.index, extraNames: []) != nil
    }
}
