/// `tryMap`, `tryFilter`, `tryCompactMap`, `tryScan`, `tryReduce` or `decode` on the outer level of a
/// publisher that never finishes: the first thrown error ends the stream for good. Test code (a
/// test case, or a file in a test target's folder) is not reported: it drives its own subjects,
/// and often checks that very ending.
public struct ThrowingOperatorOnEndlessSourceRule: Rule {
    public static let description = RuleDescription(
        id: "throwing_operator_on_endless_source", name: "Throwing operator on endless source", defaultSeverity: .warning,
        summary: "tryMap/tryFilter/tryCompactMap/tryScan/tryReduce/decode on a never-finishing publisher: the first thrown error ends the stream.",
        options: [RuleOptionDescription(key: "infinite_publishers", summary: "Extra names of publishers that never finish (properties or members), as sources of a pipeline.")])

    public init() {}

    /// The project's own publishers that never finish, which every file's check asks for.
    public func preparations(index: ProjectIndex, memo: ProjectMemo) -> [Preparation] {
        [CustomPublisherCompletions.preparation(index, memo: memo)]
    }

    /// A file that names no throwing operator has no finding.
    static let requiredNames = NameSet(Catalogue.throwingOperators)

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.mentions(anyOf: Self.requiredNames) else { return [] }
        let tree = context.tree
        // A test drives its subjects itself, and a stream that ends at the first throw is often what it checks.
        if TestCaseCode.isInTestFolder(tree.file.path) { return [] }
        let extra = Set(context.options.strings("infinite_publishers")).union(Catalogue.controlEventPublisherMembers)
            .union(CustomPublisherCompletions.neverFinishingTypeNames(index: context.index, memo: context.memo))
        let finite = FinitePublishers(index: context.index, memo: context.memo)
        var findings: [Finding] = []
        for chain in tree.chains where !isInnerPublisher(chain, tree: tree) {
            for (e, element) in chain.elements.enumerated() where e > 0 && isThrowingStep(element, tree: tree) {
                // The source must be one that never finishes, and no `first()`/`prefix(n)` before the
                // step may end the stream earlier anyway.
                // The source may also be a parameter whose callers pass such a publisher
                // (`func start(recording source: AnyPublisher<Data, Never>)` given a socket's subject).
                guard NeverFinishingSources.startsNeverFinishing(chain, before: e, tree: tree, index: context.index, extraNames: extra)
                        || CallerSuppliedSources.neverFinish(chain, before: e, inFunctionOf: tree, index: context.index),
                      !finite.finishes(chain, before: e, in: tree) else { continue }
                // A `retry` after the step subscribes to the source again after a throw.
                if chain.elements[(e + 1)...].contains(where: { $0.name == "retry" && $0.isCall }) { break }
                if TestCaseCode.contains(element.nameToken, of: tree, index: context.index) { break }
                let later = chain.elements[(e + 1)...].first { Catalogue.errorHandlers.contains($0.name) && $0.isCall }?.name
                findings.append(context.finding(tokens: element.nameToken, through: element.lastToken,
                                                message: message(element.name, handler: later),
                                                help: help(element.name)))
                break
            }
        }
        return findings
    }

    /// Whether the chain is an inner publisher: returned by a `flatMap` (`catch`, …) closure, or by the
    /// `map` closure before `switchToLatest`. A throw there ends that inner subscription only; the
    /// next outer value makes a new one (`currentItem` → `item.publisher(for: \.status).tryFilter { … }`).
    private func isInnerPublisher(_ chain: Chain, tree: SyntaxTree) -> Bool {
        guard let c = tree.innermostClosure(of: chain.first), let call = tree.call(receiving: c) else { return false }
        let outer = tree.chains[call.chain]
        let element = outer.elements[call.element]
        let flattens = Catalogue.publisherMakingClosureOperators.contains(element.name)
            || (Catalogue.mappers.contains(element.name) && call.element + 1 < outer.elements.count
                && outer.elements[call.element + 1].name == "switchToLatest")
        return flattens && tree.chainsReturned(byClosure: c).contains { $0.first == chain.first }
    }

    /// A call of a throwing operator that can throw: Combine's `decode(type:decoder:)` (not a
    /// decoder's own `decode(_:from:)`), or a `try…` operator whose closure has a `try` or a `throw`
    /// (or that is given a function by name, which may throw).
    private func isThrowingStep(_ element: ChainElement, tree: SyntaxTree) -> Bool {
        guard element.kind == .member, element.isCall, Catalogue.throwingOperators.contains(element.name) else { return false }
        if element.name == "decode" {
            return element.argument("type") != nil && element.argument("decoder") != nil
        }
        let closures = element.closures
        guard !closures.isEmpty else { return true }
        return closures.contains { mayThrow(closure: $0, tree: tree) }
    }

    /// Whether the body of closure `c` has a `throw` or a `try` that is not `try?` or `try!`, outside
    /// a `do` block whose last `catch` catches every error.
    private func mayThrow(closure c: Int, tree: SyntaxTree) -> Bool {
        let closure = tree.closures[c]
        guard closure.bodyStart < closure.close else { return false }
        var i = closure.bodyStart
        while i < closure.close {
            defer { i += 1 }
            if let end = caughtBlockEnd(at: i, tree: tree) {
                // The `do` block's errors end in its catch-all; its `catch` bodies may still throw.
                i = end
                continue
            }
            if tree.isWord(i, "throw") { return true }
            if tree.isWord(i, "try") {
                // `try?` and `try!` are written together; `try !valid()` is a `try` of a negation.
                let next = i + 1 < tree.tokens.count ? tree.text(i + 1) : ""
                let attached = i + 1 < tree.tokens.count && !tree.tokens[i + 1].flags.contains(.spaceBefore)
                if !(attached && (next.hasPrefix("?") || next.hasPrefix("!"))) { return true }
            }
        }
        return false
    }

    /// For a `do` at token `i` whose last `catch` has no pattern (`catch {`): the `}` that closes the
    /// `do` block, so that the scan goes on with its `catch` clauses. `nil` for anything else.
    private func caughtBlockEnd(at i: Int, tree: SyntaxTree) -> Int? {
        guard tree.isWord(i, "do"), i + 1 < tree.tokens.count, tree.tokens[i + 1].kind == .leftBrace else { return nil }
        let blockClose = Int(tree.matching[i + 1])
        guard blockClose > i + 1 else { return nil }
        var close = blockClose
        var catchesAll = false
        while close + 1 < tree.tokens.count, tree.isWord(close + 1, "catch") {
            // The clause's body opens at the first `{` after `catch` (patterns hold none).
            var b = close + 2
            while b < tree.tokens.count, tree.tokens[b].kind != .leftBrace { b += 1 }
            guard b < tree.tokens.count, tree.matching[b] > Int32(b) else { return nil }
            catchesAll = b == close + 2
            close = Int(tree.matching[b])
        }
        return catchesAll ? blockClose : nil
    }

    private func message(_ name: String, handler: String?) -> String {
        let tail = handler.map { "; the `\($0)` after it only sends one last value" } ?? ""
        return "`\(name)` on a never-finishing publisher: its first thrown error ends the stream\(tail)."
    }

    private func help(_ name: String) -> String {
        "Throw per value inside `flatMap` and handle the error there: `.flatMap { value in Just(value).\(name == "decode" ? "decode(type: …, decoder: …)" : "\(name) { … }").replaceError(with: …) }`, or use a non-throwing operator that maps failures to values."
    }
}
