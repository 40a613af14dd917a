/// Pipelines that deliver one value at most, whatever their source does: `Just`, `Future`, a
/// `first()`, `last()`, `collect()`, `reduce` or `prefix(1)` in the chain, or a call of a project
/// function whose every declaration returns only such pipelines (`store.load()` ending in
/// `.collect()`). Code that runs per value of one runs once.
public enum SingleValuePipelines {
    /// Whether `chain` (its elements before `end`) has a step that delivers one value at most.
    public static func emitsAtMostOneValue(_ chain: Chain, before end: Int? = nil, in tree: SyntaxTree) -> Bool {
        chain.elements[..<(end ?? chain.elements.count)].contains { limitsToOneValue($0, in: tree) }
    }

    /// Whether a step before element `end` lets one value through (`first()`, `prefix(1)`) and no
    /// step after it makes several of it (`flatMap`): `$remaining.filter { … }.first().sink { … }`
    /// runs its closure once, however long `$remaining` lives.
    public static func deliversAtMostOneValue(_ chain: Chain, before end: Int, in tree: SyntaxTree) -> Bool {
        guard let limit = chain.elements[..<end].lastIndex(where: { limitsToOneValue($0, in: tree) }) else { return false }
        return !chain.elements[(limit + 1)..<end].contains { Catalogue.valueMultiplyingNames.contains($0.name) }
    }

    /// Whether the source of `chain` (before element `end`) is a call of project functions that each
    /// return only pipelines with such a step (`env.store.load()` in `env.store.load().replaceError(…)`).
    public static func startsFromOneValueFunction(_ chain: Chain, before end: Int, in tree: SyntaxTree,
                                                  index: ProjectIndex, memo: ProjectMemo) -> Bool {
        let source = Catalogue.firstPipelineOperator(in: chain.elements, before: end) - 1
        guard source >= 0, case let call = chain.elements[source], call.isCall,
              call.name.first?.isLowercase == true else { return false }
        return returnsOneValue(call, index: index, memo: memo)
    }

    /// Whether the value closure of the `sink` at element `e` runs once per subscription (so once
    /// per run of the code that subscribes): an outer pipeline that answers once (a request, a
    /// `Future`, a project function returning one, or one `once` cannot show to go on) and makes no
    /// more values of that answer; a call of a function whose pipelines end in `collect()`; or a
    /// sequence whose values all pass, and which finishes, while `sink` runs
    /// (`Section.allCases.publisher`: the subscriptions made in its closure are a fixed set).
    public static func runsValueClosureOnce(_ chain: Chain, sinkAt e: Int, in tree: SyntaxTree, once: FinitePublishers,
                                            index: ProjectIndex, memo: ProjectMemo) -> Bool {
        if emitsAtMostOneValue(chain, in: tree) { return true }
        if once.finishes(chain, before: e, in: tree) || NeverFinishingSources.startsFromUndecidedCall(chain, before: e, tree: tree, index: index),
           !multipliesValues(chain, before: e, in: tree) { return true }
        if startsFromOneValueFunction(chain, before: e, in: tree, index: index, memo: memo), !multipliesValues(chain, before: e, in: tree) { return true }
        return SynchronousCompletion.finishesDuringSubscribe(chain, before: e, in: tree)
    }

    /// Whether elements `0..<end` can make one answer into several values (`Catalogue.valueMultiplyingNames`);
    /// a zip only when one of its inputs can (`Publishers.Zip(api.customer(), api.manifest())` answers once).
    static func multipliesValues(_ chain: Chain, before end: Int, in tree: SyntaxTree) -> Bool {
        chain.elements[..<end].contains { element in
            guard Catalogue.valueMultiplyingNames.contains(element.name) else { return false }
            guard Catalogue.zippingCombiners.contains(element.name) else { return true }
            return element.arguments.contains { argument in
                guard argument.closure == nil else { return false }
                guard let c = tree.chain(spanning: argument.value) else { return true }
                return multipliesValues(tree.chains[c], before: tree.chains[c].elements.count, in: tree)
            }
        }
    }

    /// `Just`, `Future`, `first()`, `last()`, `collect()`, `reduce`, `prefix(1)`.
    static func limitsToOneValue(_ element: ChainElement, in tree: SyntaxTree) -> Bool {
        guard element.isCall else { return false }
        switch element.name {
        case let name where Catalogue.singleValueRoots.contains(name) || Catalogue.singleValueOperators.contains(name):
            return true
        case "collect":
            return element.arguments.isEmpty
        case "prefix":
            guard let argument = element.arguments.first, argument.label == nil else { return false }
            return argument.value.lowerBound == argument.value.upperBound && tree.tokenIs(argument.value.lowerBound, "1")
        default:
            return false
        }
    }

    /// Whether every project function the call may run (by its selector) returns only pipelines that
    /// deliver one value at most, read in the function's own chains (one level: no calls followed).
    static func returnsOneValue(_ call: ChainElement, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        let selector = MethodCallGraph.selector(of: call)
        return memo.value(for: "single-value-function\u{0}" + selector) {
            let candidates = FinitePublishers.candidates(of: call, unwrapped: false, index: index).functions
            guard !candidates.isEmpty else { return false }
            return candidates.allSatisfy { ref in
                let tree = index.trees[ref.tree]
                guard let returned = tree.chainsReturned(byFunction: ref.item), !returned.isEmpty else { return false }
                return returned.allSatisfy { emitsAtMostOneValue($0, in: tree) }
            }
        }
    }
}
