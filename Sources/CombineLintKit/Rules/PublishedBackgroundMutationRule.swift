/// An `@Published` property assigned off the main thread: SwiftUI and `receive`-less subscribers
/// then update UI from a background queue.
public struct PublishedBackgroundMutationRule: Rule {
    public static let description = RuleDescription(
        id: "published_background_mutation",
        name: "Published mutated in background",
        defaultSeverity: .warning,
        isOptIn: true,
        summary: "An @Published property of a class that is not @MainActor assigned on a background queue, in Task.detached, or in a sink after subscribe(on:)."
    )

    public init() {}

    /// The background sources the rule knows: `DispatchQueue.global`, `Task.detached`, `subscribe(on:)`,
    /// URLSession completion handlers.
    static let requiredNames = NameSet(["global", "detached", "subscribe"] + Array(Catalogue.urlSessionCompletionTaskMethods))

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.mentions(anyOf: Self.requiredNames) else { return [] }
        let tree = context.tree
        var findings: [Finding] = []
        var reported = Set<Int>()
        var hops: MainHopSpans?
        // The closures already read: a background closure nested in one of them was read with it (the
        // first, outer one names the reason), and reading each again made nested code cubic. Found
        // through the closures around one (a few), not by a search of all read so far (quadratic in a
        // file of thousands of `DispatchQueue.global().async { }`).
        var scanned = Set<Int>()
        for chain in tree.chains {
            for (c, why, hop) in backgroundClosures(of: chain, in: tree, context: context) + completionHandlers(of: chain, context: context) {
                let closure = tree.closures[c]
                let around = tree.enclosingClosures(of: closure.open)
                if let outer = around.first(where: { scanned.contains($0) }),
                   hops.map({ hops in !around.contains { tree.closures[$0].open > tree.closures[outer].open && hops.isMainHop($0, tree: tree) } }) ?? true {
                    continue
                }
                guard let typeName = TypeResolver.enclosingTypeName(at: tree.closures[c].open, in: tree),
                      let type = context.index.type(named: typeName), type.kind == .class,
                      !isMainActor(typeName, index: context.index, tree: tree, at: tree.closures[c].open) else { continue }
                if hops == nil { hops = MainHopSpans(tree) }
                scanned.insert(c)
                for token in mutations(in: c, tree: tree, hops: hops!) where reported.insert(token).inserted {
                    let name = tree.name(token)
                    guard context.index.property(name, ofType: typeName)?.hasAttribute("Published") == true else { continue }
                    findings.append(context.finding(
                        tokens: token,
                        message: "`\(name)` is @Published and changes here \(why), so its subscribers and SwiftUI views update off the main thread.",
                        help: "\(hop), or make `\(typeName.lastNameComponent)` @MainActor."))
                }
            }
        }
        return findings.sorted { $0.offset < $1.offset }
    }

    /// Closures of this chain that run off the main thread, with a phrase saying why and the way
    /// back to the main thread that fits (the start of the help).
    private func backgroundClosures(of chain: Chain, in tree: SyntaxTree, context: RuleContext) -> [(Int, String, String)] {
        let names = chain.names
        var result: [(Int, String, String)] = []
        // DispatchQueue.global(…).async { }, .asyncAfter { }, Task.detached { }.
        for (e, element) in chain.elements.enumerated() where e > 0 {
            if Catalogue.dispatchAsyncCalls.contains(element.name), names[..<e].contains("global") {
                result += element.closures.map { ($0, "on a global queue", "Change it inside `DispatchQueue.main.async { … }`") }
            }
            if element.name == "detached", names[e - 1] == "Task" {
                result += element.closures.map { ($0, "in a detached task", "Change it inside `await MainActor.run { … }`") }
            }
        }
        // A sink after subscribe(on:) with no later receive(on:) runs on the subscribe queue.
        if let subscribeOn = names.lastIndex(of: "subscribe"), chain.elements[subscribeOn].argument("on") != nil,
           !names[subscribeOn...].contains("receive") {
            for (e, element) in chain.elements.enumerated().dropFirst(subscribeOn + 1) where element.name == "sink" {
                if isMainActorDeliveryRulesSink(chain, sink: e, in: tree, context: context) { continue }
                result += element.closures.map { ($0, "in a sink after subscribe(on:) without receive(on:)", "Add `.receive(on: DispatchQueue.main)` before the `sink`") }
            }
        }
        return result
    }

    /// A sink of a type SwiftUI views observe on a source that `subscribe(on:)` moves to a background
    /// queue (`Just(cache).subscribe(on: DispatchQueue.global())`): `main_actor_background_delivery`,
    /// on by default, reports its writes to the type's `@Published` properties.
    private func isMainActorDeliveryRulesSink(_ chain: Chain, sink e: Int, in tree: SyntaxTree, context: RuleContext) -> Bool {
        guard let t = tree.enclosingType(of: chain.first), let treeIndex = context.index.treeIndexByPath[context.file.path],
              ViewObservedTypes.of(context.index, memo: context.memo).observe(typeAt: t, inTree: treeIndex, index: context.index),
              case .background = DeliveryQueues(tree: tree, index: context.index, memo: context.memo).delivery(of: chain, before: e) else { return false }
        return true
    }

    /// `session.dataTask(with: url) { data, _, _ in … }` (also `uploadTask`, `downloadTask`) on
    /// `URLSession.shared` or on a session property made without a delegate queue: the completion
    /// handler runs on the session's own background queue. A session made with `delegateQueue:`
    /// (which may be `.main`), or one the code does not show, is left alone.
    private func completionHandlers(of chain: Chain, context: RuleContext) -> [(Int, String, String)] {
        var result: [(Int, String, String)] = []
        for e in chain.elements.indices
            where URLSessionCompletionQueues.runsHandlerOffMain(chain, taskCall: e, tree: context.tree, index: context.index) {
            result += chain.elements[e].closures.map { ($0, "in a URLSession completion handler (the session's background queue)", "Change it inside `DispatchQueue.main.async { … }`") }
        }
        return result
    }

    private func isMainActor(_ typeName: String, index: ProjectIndex, tree: SyntaxTree, at token: Int) -> Bool {
        if let type = index.type(named: typeName), type.attributes.contains("@MainActor") { return true }
        for ancestor in index.allAncestors(of: typeName) where index.type(named: ancestor)?.attributes.contains("@MainActor") == true { return true }
        return false
    }

    /// Assignments `self.x = …`, `x = …`, `self?.x = …`, `x += …`, `x.append(…)` in closure c,
    /// outside nested closures that hop back to the main queue.
    private func mutations(in c: Int, tree: SyntaxTree, hops: MainHopSpans) -> [Int] {
        let closure = tree.closures[c]
        var result: [Int] = []
        guard closure.bodyStart < closure.close else { return [] }
        // Nested closures that hop back to the main queue, by their opening token: skipped whole.
        // (The file's closures are in the order of their opening brace.)
        var mainHopEnds: [Int: Int] = [:]
        var low = c + 1, high = tree.closures.count
        while low < high {
            let mid = (low + high) / 2
            if tree.closures[mid].open <= closure.open { low = mid + 1 } else { high = mid }
        }
        var d = low
        while d < tree.closures.count, tree.closures[d].open < closure.close {
            if hops.isMainHop(d, tree: tree) { mainHopEnds[tree.closures[d].open] = tree.closures[d].close }
            d += 1
        }
        var i = closure.bodyStart
        while i < closure.close {
            defer { i += 1 }
            if let end = mainHopEnds[i] {
                i = end
                continue
            }
            guard tree.tokens[i].kind == .identifier, NameWrites.isChanged(at: i, in: tree) else { continue }
            if i > 0, tree.tokens[i - 1].kind == .period {
                // Only `self.x` / `self?.x`.
                var owner = i - 2
                if owner >= 0, tree.tokens[owner].kind == .questionMark { owner -= 1 }
                guard owner >= 0, tree.isWord(owner, "self"), !(owner > 0 && tree.tokens[owner - 1].kind == .period) else { continue }
            } else {
                let name = tree.name(i)
                if closure.parameters.contains(name) || SubscriptionFinder.localVariable(named: name, visibleAt: i, in: tree) != nil { continue }
                if tree.statementStarts[i] == false, i > 0, tree.tokens[i - 1].kind != .semicolon, !tree.lineBreakBefore[i] { continue }
            }
            result.append(i)
        }
        return result
    }
}
