/// `replaceError`, `catch` or `assertNoFailure` after `flatMap`/`switchToLatest` on a pipeline whose
/// source never finishes: the first failed inner publisher ends the whole pipeline.
public struct ErrorHandlingOutsideFlatMapRule: Rule {
    public static let description = RuleDescription(
        id: "error_handling_outside_flatmap", name: "Error handling outside flatMap", defaultSeverity: .warning,
        summary: "replaceError/catch after flatMap or switchToLatest on a never-finishing publisher ends the stream at the first inner error.",
        options: [RuleOptionDescription(key: "infinite_publishers", summary: "Extra names of publishers that never finish (properties or members), as sources of a pipeline.")])

    public init() {}

    /// The project's own publishers that never finish, which every file's check asks for.
    public func preparations(index: ProjectIndex, memo: ProjectMemo) -> [Preparation] {
        [CustomPublisherCompletions.preparation(index, memo: memo)]
    }

    /// A file that names no flattening operator has no finding.
    static let requiredNames = NameSet(Catalogue.flatteningOperators)

    public func check(_ context: RuleContext) -> [Finding] {
        // Or one of the project's own flattening operators (`flatMapLatest`).
        let projectFlatteners = ProjectFlatteningOperators.names(index: context.index, memo: context.memo)
        guard context.mentions(anyOf: Self.requiredNames) || context.mentions(anyOf: projectFlatteners) else { return [] }
        let tree = context.tree
        let extra = Set(context.options.strings("infinite_publishers"))
            .union(CustomPublisherCompletions.neverFinishingTypeNames(index: context.index, memo: context.memo))
        var findings: [Finding] = []
        let isFlattening = { (element: ChainElement) -> Bool in
            element.kind == .member && element.isCall && (Catalogue.flatteningOperators.contains(element.name)
                || (projectFlatteners.names.contains(element.name) && ProjectFlatteningOperators.flattens(element.name, index: context.index, memo: context.memo)))
        }
        for chain in tree.chains {
            guard let flat = chain.elements.firstIndex(where: isFlattening) else { continue }
            // An error handler, or an operator of the project's own that applies one (`.ignoreFailure()`).
            guard let handler = chain.elements[(flat + 1)...].firstIndex(where: { element in
                element.kind == .member && element.isCall && isErrorHandler(element, index: context.index, memo: context.memo)
            }) else { continue }
            // `$selectedID.compactMap { $0 }.first().flatMap { load($0) }`: one inner publisher, and the
            // pipeline ends with it anyway.
            guard NeverFinishingSources.startsNeverFinishing(chain, before: flat, tree: tree, index: context.index, extraNames: extra)
                    || CallerSuppliedSources.neverFinish(chain, before: flat, inFunctionOf: tree, index: context.index),
                  !NeverFinishingSources.isLimited(chain, before: flat) else { continue }
            // Inner publishers that already handle their errors cannot end the outer pipeline.
            let flatteningSteps = chain.elements[flat..<handler].indices.filter { isFlattening(chain.elements[$0]) }
            if flatteningSteps.allSatisfy({ innerHandlesErrors(chain, flattener: $0, tree: tree, index: context.index, memo: context.memo) }) { continue }
            let element = chain.elements[handler]
            let name = element.name
            let flattener = chain.elements[flat].name
            let message = "`\(name)` after `\(flattener)` comes too late: the first failed inner publisher ends this never-finishing pipeline for good."
            findings.append(context.finding(tokens: element.nameToken, through: element.lastToken, message: message,
                                            help: help(handler: name, flattener: flattener)))
        }
        return findings
    }

    /// `catch`, `replaceError`, `assertNoFailure`, or an operator of the project's own that applies one.
    private func isErrorHandler(_ element: ChainElement, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        Catalogue.errorHandlers.contains(element.name) || ProjectErrorHandlers.handlesErrors(element.name, index: index, memo: memo)
    }

    /// Where the error belongs: on the inner publisher, which `flatMap`'s closure makes, and which for
    /// `switchToLatest` (it takes no closure) the `map` before it makes.
    private func help(handler: String, flattener: String) -> String {
        let inner = handler == "catch" || handler == "tryCatch" ? "catch { … }"
            : Catalogue.errorHandlers.contains(handler) ? "replaceError(with: …)" : "\(handler)(…)"
        if flattener == "switchToLatest" {
            return "Handle the error in the `map` that builds each inner publisher: `.map { request($0).\(inner) }.switchToLatest()`."
        }
        return "Handle the error inside the `\(flattener)` closure, on the inner publisher: `request(…).\(inner)`."
    }

    /// Whether the inner publisher made for the flattening step at `f` already handles its errors:
    /// the `flatMap` closure (or, for `switchToLatest`, the `map` closure before it) returns a chain that
    /// handles errors or a publisher that cannot fail.
    private func innerHandlesErrors(_ chain: Chain, flattener f: Int, tree: SyntaxTree, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        var closures = chain.elements[f].closures
        if chain.elements[f].name == "switchToLatest", f > 0, Catalogue.mappers.contains(chain.elements[f - 1].name) {
            closures = chain.elements[f - 1].closures
        }
        guard let c = closures.last else { return false }
        let returned = tree.chainsReturned(byClosure: c)
        guard !returned.isEmpty else { return false }
        return returned.allSatisfy { inner in handlesErrors(inner, tree: tree, index: index, memo: memo) || callsNeverFailingFunctions(inner, index: index) }
    }

    /// `validator.suggestions(for: $0)` with every function it may run declared to return a publisher
    /// that cannot fail (`-> AnyPublisher<[String], Never>`), followed by operators that cannot either.
    private func callsNeverFailingFunctions(_ inner: Chain, index: ProjectIndex) -> Bool {
        guard let c = ProjectFunctionCalls.sourceCall(of: inner, followedOnlyBy: Catalogue.nonFailingOperators) else { return false }
        let callable = ProjectFunctionCalls.callable(at: c, of: inner, index: index)
        return !callable.isEmpty && callable.allSatisfy {
            ProjectFunctionCalls.declaresNeverFailing(index.trees[$0.tree].functions[$0.item].returnType)
        }
    }

    /// A returned inner publisher that cannot end the outer pipeline with an error: it handles its errors
    /// (also inside an argument, `Just(.loading).append(request.catch { … })`), or it is `Just`/`Empty`
    /// with operators that cannot fail.
    private func handlesErrors(_ inner: Chain, tree: SyntaxTree, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        if inner.elements.contains(where: { Catalogue.errorHandlers.contains($0.name) }) { return true }
        if inner.elements.contains(where: { $0.kind == .member && $0.isCall && isErrorHandler($0, index: index, memo: memo) }) { return true }
        // `item.publisher(for: \.status)`, `model.$state`, a notification: a source that cannot fail,
        // with operators that cannot either (an error after the flattening step comes from a
        // throwing operator there, `throwing_operator_on_endless_source`'s finding).
        if let source = neverFailingSourceEnd(inner, tree: tree),
           inner.elements[(source + 1)...].allSatisfy({ Catalogue.nonFailingOperators.contains($0.name) }) { return true }
        if inner.root.name != "Fail", Catalogue.finiteRoots.contains(inner.root.name) {
            if inner.elements.dropFirst().allSatisfy({ Catalogue.nonFailingOperators.contains($0.name) }) { return true }
            return tree.chains(in: inner.first...inner.last).contains { nested in
                nested.elements.contains { Catalogue.errorHandlers.contains($0.name) }
            }
        }
        return false
    }

    /// The last element of a source whose failure type is `Never`: a `$property`, KVO's
    /// `publisher(for: \.keyPath)`, a notification's `publisher(for:)`; `nil` for any other.
    private func neverFailingSourceEnd(_ inner: Chain, tree: SyntaxTree) -> Int? {
        for (e, element) in inner.elements.enumerated() {
            if Catalogue.isProjected(element.name) { return e }
            if element.name == "publisher", element.isCall, element.argument("for") != nil {
                let receiver = e > 0 ? inner.elements[e - 1].name : ""
                let keyPath = element.argument("for").map { tree.tokens[$0.value.lowerBound].kind == .backslash } ?? false
                return keyPath || receiver == "default" || receiver == "NotificationCenter" ? e : nil
            }
            if e > 0, Catalogue.pipelineOperators.contains(element.name) { return nil }
        }
        return nil
    }
}
