/// Futures that are fulfilled while they are subscribed: `Future { promise in promise(.success(x)) }`
/// (or `Future { $0(.success(x)) }`)
/// runs its closure at once and calls `promise` right there, so a subscriber gets the value and
/// the completion before `sink` returns, just as with `Just`. Also `Deferred { Future { … } }`
/// (the closure runs on subscription) and a call of a project function whose every `return` is
/// such a future (or another publisher that delivers while subscribed, `Just(x).eraseToAnyPublisher()`),
/// followed only by operators that deliver on the same thread (`eraseToAnyPublisher`).
/// A `promise` called from a nested closure (`queue.async { promise(…) }`, a completion handler,
/// a `Task`) answers later: that future is not one of these.
public struct SynchronousFutures {
    private let index: ProjectIndex
    private let memo: ProjectMemo
    private static let maximumDepth = 3

    public init(index: ProjectIndex, memo: ProjectMemo) {
        self.index = index
        self.memo = memo
    }

    /// Whether `chain` of `tree`, before element `end`, starts with such a future (written there or
    /// returned by the project function the chain calls) and then has only same-thread operators.
    public func deliversDuringSubscribe(_ chain: Chain, before end: Int, in tree: SyntaxTree) -> Bool {
        deliversDuringSubscribe(chain, before: end, in: tree, depth: 0)
    }

    private func deliversDuringSubscribe(_ chain: Chain, before end: Int, in tree: SyntaxTree, depth: Int) -> Bool {
        let elements = chain.elements
        guard end > 0, end <= elements.count, depth < SynchronousFutures.maximumDepth,
              let source = sourceEnd(chain, before: end, in: tree, depth: depth) else { return false }
        return elements[(source + 1)..<end].allSatisfy(SynchronousFutures.deliversOnTheSameThread)
    }

    /// The last element of the chain's source when it is such a future, else `nil`.
    private func sourceEnd(_ chain: Chain, before end: Int, in tree: SyntaxTree, depth: Int) -> Int? {
        let root = chain.elements[0]
        if root.kind == .root, root.isCall, root.name == "Future" {
            return root.closures.count == 1 && SynchronousFutures.fulfillsAtOnce(root.closures[0], in: tree) ? 0 : nil
        }
        if root.kind == .root, root.isCall, root.name == "Deferred" {
            guard root.closures.count == 1 else { return nil }
            let returned = tree.chainsReturned(byClosure: root.closures[0])
            return !returned.isEmpty && returned.allSatisfy { deliversDuringSubscribe($0, before: $0.elements.count, in: tree, depth: depth + 1) } ? 0 : nil
        }
        // `service.convert(…)`, `self.load()`, `make()`: the first call, after plain names only.
        guard let call = chain.elements[..<end].firstIndex(where: \.isCall),
              chain.elements[..<call].allSatisfy({ $0.kind != .literal }),
              returnsSuchFutures(chain.elements[call], depth: depth) else { return nil }
        return call
    }

    /// Every project function the call may run (by full selector, else by name; test doubles aside
    /// when the app has its own) returns only such futures. Remembered per selector for the run.
    private func returnsSuchFutures(_ call: ChainElement, depth: Int) -> Bool {
        let selector = MethodCallGraph.selector(of: call)
        return memo.value(for: "synchronous-futures \(selector) \(depth)") {
            let named = ProjectFunctionCalls.declarations(runBy: call, matching: .selectorElseName, requireBody: true, publisherResults: false, index: index)
            let candidates = TestCaseCode.preferringApp(named, index: index)
            return !candidates.isEmpty && candidates.allSatisfy { returnsOnlySuchFutures(function: $0.item, in: index.trees[$0.tree], depth: depth) }
        }
    }

    /// The chains function `f` returns (one per `return`, or its single expression) are all such futures.
    private func returnsOnlySuchFutures(function f: Int, in tree: SyntaxTree, depth: Int) -> Bool {
        guard let returned = tree.chainsReturned(byFunction: f) else { return false }
        // Or another publisher that delivers while it is subscribed: `Just(rows).map { … }.eraseToAnyPublisher()`.
        return returned.allSatisfy {
            deliversDuringSubscribe($0, before: $0.elements.count, in: tree, depth: depth + 1)
                || SynchronousCompletion.finishesDuringSubscribe($0, before: $0.elements.count, in: tree, index: index)
        }
    }

    /// The future's closure `c` calls its promise parameter, and every call of it stands in `c`'s own
    /// body (not in a closure inside it, which may run later).
    static func fulfillsAtOnce(_ c: Int, in tree: SyntaxTree) -> Bool {
        let closure = tree.closures[c]
        // `Future { promise in promise(…) }`, or `Future { $0(.success(42)) }`.
        let promise = closure.parameters.first ?? "$0"
        guard promise != "_", closure.bodyStart < closure.close else { return false }
        var calls = 0
        for k in closure.bodyStart..<closure.close
        where (tree.tokens[k].kind == .identifier || tree.tokens[k].kind == .dollarIdentifier) && tree.text(k) == promise {
            // A use that is not a call (`handler = promise`) hands it on: it may run any time.
            guard k + 1 < closure.close, tree.tokens[k + 1].kind == .leftParen, tree.innermostClosure(of: k) == c else { return false }
            calls += 1
        }
        return calls > 0
    }

    /// An operator that passes values on during the upstream's own delivery (`map`, `eraseToAnyPublisher`;
    /// not `receive(on:)`, `delay`, a flattening, combining or sharing operator).
    static func deliversOnTheSameThread(_ element: ChainElement) -> Bool {
        element.isCall && Catalogue.sameThreadOperators.contains(element.name)
            && element.argument("on") == nil && element.argument("scheduler") == nil
            && !Catalogue.flatteningOperators.contains(element.name) && !Catalogue.publisherMakingClosureOperators.contains(element.name)
            && !Catalogue.inputSubscribingCombiners.contains(element.name) && !Catalogue.sharingOperators.contains(element.name)
    }
}
