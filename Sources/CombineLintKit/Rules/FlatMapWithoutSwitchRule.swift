/// `flatMap` without `maxPublishers:` after `debounce`, `throttle` or `removeDuplicates`, or directly on a
/// `$property`, a subject or a text-change notification: input that drives requests, where every
/// request stays alive and an older, slower response can overwrite a newer one.
public struct FlatMapWithoutSwitchRule: Rule {
    public static let description = RuleDescription(
        id: "flatmap_without_switch", name: "flatMap without switchToLatest", defaultSeverity: .warning,
        summary: "flatMap on typing-like input ($property, subject, debounce/throttle/removeDuplicates) keeps every request alive, so an older response can overwrite a newer one.")

    /// `maxPublishers: .max(1)` asks upstream for one value at a time: what arrives meanwhile is
    /// dropped (subjects and `debounce` drop values nobody asked for), never queued.
    static let help = "Use `map { … }.switchToLatest()` to cancel the previous request; `flatMap(maxPublishers: .max(1))` instead drops the values that arrive while a request runs."

    public init() {}

    /// A file that never names `flatMap` has no finding.
    static let requiredNames = NameSet(["flatMap"])

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.mentions(anyOf: Self.requiredNames) else { return [] }
        let tree = context.tree
        var findings: [Finding] = []
        for chain in tree.chains {
            for (f, element) in chain.elements.enumerated() where element.name == "flatMap" && element.kind == .member && element.isCall {
                guard element.argument("maxPublishers") == nil, !element.closures.isEmpty || passesFunctionReference(element, tree: tree) else { continue }
                let message: String
                if let shaper = shaper(before: f, in: chain, context: context) {
                    guard isCombine(chain, shaper: shaper, context: context),
                          !(startsFromSubject(chain, before: shaper, context: context) && gathersResults(chain, after: f, tree: tree)) else { continue }
                    message = "`flatMap` after `\(chain.elements[shaper].name)` keeps every request running, so an older, slower response can overwrite a newer one."
                } else if let (local, shaper) = shapedLocal(at: chain, context: context) {
                    message = "`flatMap` after `\(shaper)` (in `\(local)`) keeps every request running, so an older, slower response can overwrite a newer one."
                } else if let (source, isSubject) = directSource(of: chain, before: f, context: context) {
                    // A subject may carry events that each matter (messages, uploads): only where the
                    // results replace one another can an older one overwrite a newer one.
                    if isSubject, !replacesState(chain, after: f, tree: tree) { continue }
                    message = "`flatMap` on \(source) keeps every inner publisher running, so an older, slower response can overwrite a newer one."
                } else {
                    continue
                }
                // A `switchToLatest` or `maxPublishers` later on means the author chose the concurrency on purpose.
                if chain.elements[(f + 1)...].contains(where: { $0.name == "switchToLatest" }) { continue }
                // Results nobody reads (`sink { _ in }`), or each kept under its own key, overwrite nothing.
                if ignoresResults(chain, after: f, tree: tree) && !makesEndlessInnerPublishers(element, context: context) { continue }
                if storesResultsByKey(chain, after: f, tree: tree) { continue }
                if makesOnlyImmediatePublishers(element, context: context) { continue }
                if forwardsOnlyChangeSignals(element, tree: tree) { continue }
                findings.append(context.finding(tokens: element.nameToken, message: message, fix: fix(element, context: context),
                                                help: Self.help))
            }
        }
        return findings
    }

    /// The last shaping operator (`debounce`, `throttle`, `removeDuplicates`) before element `f` whose
    /// values reach it: one before a `switchToLatest` or another `flatMap` shaped the outer values,
    /// not the inner publishers' values that arrive here (`$interval.removeDuplicates().map { Timer… }
    /// .switchToLatest().flatMap { … }` takes ticks).
    /// The project's own shaping operator (`userInput()` whose body debounces) counts as one.
    private func shaper(before f: Int, in chain: Chain, context: RuleContext) -> Int? {
        let elements = chain.elements
        let flattened = elements[..<f].lastIndex { $0.kind == .member && ($0.name == "switchToLatest" || Catalogue.publisherMakingClosureOperators.contains($0.name)) }
        let start = flattened.map { $0 + 1 } ?? 0
        return elements[start..<f].lastIndex(where: { element in
            guard element.kind == .member, element.isCall else { return false }
            return Catalogue.inputShapers.contains(element.name)
                || !Catalogue.isPipelineOperator(element) && ProjectInputShapers.shaper(of: element.name, index: context.index, memo: context.memo) != nil
        })
    }

    /// Whether the chain's source before element `end` is a subject of values: events that each
    /// matter (a scanned code), even de-duplicated, unlike the states of a `$property`, a scroll
    /// position or a `Void` trigger.
    private func startsFromSubject(_ chain: Chain, before end: Int, context: RuleContext) -> Bool {
        guard let e = NeverFinishingSources.evidence(in: chain, before: end, tree: context.tree, index: context.index, extraNames: []),
              !chain.elements[e].isCall else { return false }
        // A `Void` trigger (`reachedBottom`) is a scroll signal: pages appended per trigger still
        // come out of order.
        switch declaredSubject(e, of: chain, context: context) {
        case .input: return true
        case .trigger: return false
        case nil: return chain.elements[e].name.hasSuffix("Subject")
        }
    }

    /// Whether the results after the `flatMap` at `f` are gathered, each in a slot of its own
    /// (`collect`, `scan`, `append`, `+=`, `results[key] = …`): none overwrites another
    /// (`scans.removeDuplicates().flatMap(lookup).sink { self.lookups.append($0) }`). Only for a
    /// subject's events: pages appended in the order a scroll asked for them still come out of order.
    private func gathersResults(_ chain: Chain, after f: Int, tree: SyntaxTree) -> Bool {
        let later = chain.elements[(f + 1)...]
        if later.contains(where: { Catalogue.accumulatingOperators.contains($0.name) || $0.name == "collect" }) { return true }
        guard let sink = later.first(where: { $0.name == "sink" && $0.isCall }), let c = sink.closures.last else { return false }
        let use = AnswerUse(closure: c, in: tree)
        // `results.removeAll(); results.append(contentsOf: $0)` replaces the list: the last answer wins.
        return !use.empties && (use.keyedWrites || use.compoundAdds || use.additions)
    }

    /// The value closure of the `sink` that ends the pipeline after the `flatMap` at `f`, if any.
    private func sinkValueClosure(_ chain: Chain, after f: Int) -> Int? {
        let later = chain.elements[(f + 1)...]
        guard !later.contains(where: { $0.name == "assign" && $0.isCall }),
              let sink = later.first(where: { $0.name == "sink" && $0.isCall }) else { return nil }
        if let value = sink.argument("receiveValue") { return value.closure }
        return sink.argument("receiveCompletion") == nil ? sink.closures.last : nil
    }

    /// Whether the sink after the `flatMap` at `f` ignores every value (`sink { _ in }`,
    /// `receiveValue: { _ in … }`): fire-and-forget requests whose answers replace nothing.
    private func ignoresResults(_ chain: Chain, after f: Int, tree: SyntaxTree) -> Bool {
        // `handleEvents(receiveOutput:)` may write each answer where the next one lands.
        guard !chain.elements[(f + 1)...].contains(where: { $0.name == "handleEvents" }),
              let c = sinkValueClosure(chain, after: f) else { return false }
        let closure = tree.closures[c]
        guard closure.parameters.allSatisfy({ $0 == "_" }) else { return false }
        return closure.bodyStart >= closure.close || !(closure.bodyStart..<closure.close).contains { tree.text($0).hasPrefix("$") && tree.text($0).dropFirst().allSatisfy(\.isNumber) }
    }

    /// Whether the `flatMap` closure returns a publisher that never finishes (an item's KVO
    /// `publisher(for: \.status)`): kept running for every outer value, it keeps acting however
    /// little the sink reads.
    private func makesEndlessInnerPublishers(_ element: ChainElement, context: RuleContext) -> Bool {
        element.closures.contains { c in
            context.tree.chainsReturned(byClosure: c).contains {
                NeverFinishingSources.evidence(in: $0, before: $0.elements.count, tree: context.tree, index: context.index, extraNames: []) != nil
            }
        }
    }

    /// Whether the sink after the `flatMap` at `f` stores each result under its own key
    /// (`self?.tagCache[url] = tags`): an answer lands in its key's slot, whatever the source.
    private func storesResultsByKey(_ chain: Chain, after f: Int, tree: SyntaxTree) -> Bool {
        guard let c = sinkValueClosure(chain, after: f) else { return false }
        let use = AnswerUse(closure: c, in: tree)
        return use.keyedWrites && !use.plainWrites
    }

    /// Combine's `debounce(for:scheduler:)` / `throttle(for:scheduler:latest:)` have a `for:` label (RxSwift's and
    /// ReactiveSwift's do not); `removeDuplicates()` also exists on sequences, so it needs a publisher-only operator in the chain.
    private func isCombine(_ chain: Chain, shaper: Int, context: RuleContext) -> Bool {
        let element = chain.elements[shaper]
        // The project's operator declared in an extension of a publisher type.
        if !Catalogue.inputShapers.contains(element.name) { return true }
        if element.name != "removeDuplicates" { return element.argument("for") != nil }
        if chain.elements.contains(where: { Catalogue.publisherOnlyOperators.contains($0.name) && $0.kind == .member }) { return true }
        return NeverFinishingSources.evidence(in: chain, before: shaper, tree: context.tree, index: context.index, extraNames: []) != nil
    }

    /// A chain that starts from a local whose value is a shaped pipeline (`let typed = $text.debounce(for: …)`,
    /// or `let query = queryInput.searchInput()` with the project's shaping operator, then
    /// `typed.filter { … }.flatMap { … }`): the name of the local and of its shaping operator.
    private func shapedLocal(at chain: Chain, context: RuleContext) -> (String, String)? {
        let tree = context.tree
        guard let root = chain.elements.first, root.kind == .root, !root.isCall,
              let v = SubscriptionFinder.localVariable(named: root.name, visibleAt: root.nameToken, in: tree),
              let value = tree.valueChain(ofVariable: v),
              // The project's own shaping operator too (`let query = queryInput.searchInput()`, its body debouncing).
              let shaper = shaper(before: value.elements.count, in: value, context: context),
              isCombine(value, shaper: shaper, context: context) else { return nil }
        return (root.name, value.elements[shaper].name)
    }

    /// The source a `flatMap` at element `f` takes every value of, named for the message, when it is a
    /// `$property`, a KVO `publisher(for: \.keyPath)`, a subject or a text-change notification with only value-passing steps between:
    /// every edit of the text makes one more inner publisher.
    private func directSource(of chain: Chain, before f: Int, context: RuleContext) -> (String, isSubject: Bool)? {
        let tree = context.tree
        guard let e = NeverFinishingSources.evidence(in: chain, before: f, tree: tree, index: context.index, extraNames: []),
              chain.elements[(e + 1)..<f].allSatisfy({ Catalogue.valuePassingSteps.contains($0.name) }) else { return nil }
        let source = chain.elements[e]
        let written = "`" + tree.text(chain.first, source.lastToken) + "`"
        if Catalogue.isProjected(source.name) {
            // `$history.flatMap { $0.$samples }` with `history` set only by the initializer: one value, one inner publisher.
            if InitializerOnlyProperties.isSetOnlyByInitializers(String(source.name.dropFirst()), index: context.index, memo: context.memo) { return nil }
            return (written, false)
        }
        if source.name == "publisher", let name = source.argument("for") {
            // KVO's `publisher(for: \.currentItem)` is an object's state, as a `$property` is.
            if tree.tokens[name.value.lowerBound].kind == .backslash { return (written, false) }
            let isTextChange = Catalogue.textChangeNotificationMarkers.contains { tree.sourceContains(name.value, $0) }
            return isTextChange ? ("a text-change notification", false) : nil
        }
        guard !source.isCall, !Catalogue.neverFinishingMembers.contains(source.name) else { return nil }
        // `acknowledgeTapped.flatMap { commands.acknowledge(alarmID: $0) }`: each command must run to its
        // end (`switchToLatest` would cancel the earlier ones), and none supersedes another.
        if Catalogue.camelCaseWords(source.name).contains(where: Catalogue.commandWords.contains) { return nil }
        switch declaredSubject(e, of: chain, context: context) {
        case .trigger: return nil
        case .input: return (written, true)
        case nil: return source.name.hasSuffix("Subject") ? (written, true) : nil
        }
    }

    /// Whether the pipeline after the `flatMap` at `f` keeps only the latest result: it ends in
    /// `assign`, or in a `sink` whose value closure assigns (`self.results = $0`) and adds to no
    /// collection. Returned, accumulated (`scan`, `collect`, `append`) or otherwise handled results
    /// may each matter, and so do results stored under a key (`self.lastRun[id] = Date()`): each
    /// lands in its own slot, and none overwrites another's.
    private func replacesState(_ chain: Chain, after f: Int, tree: SyntaxTree) -> Bool {
        let later = chain.elements[(f + 1)...]
        if later.contains(where: { Catalogue.accumulatingOperators.contains($0.name) || $0.name == "collect" }) { return false }
        if later.contains(where: { $0.name == "assign" && $0.isCall }) { return true }
        guard let sink = later.first(where: { $0.name == "sink" && $0.isCall }), let c = sink.closures.last else { return false }
        let use = AnswerUse(closure: c, in: tree)
        return use.plainWrites && !use.keyedWrites && !use.mutations && !use.compoundAdds
    }

    /// What a subject carries: `Void` values are a trigger (a tap, a refresh, a heartbeat), where
    /// one inner publisher per event is the intent and no newer input can be overwritten.
    private enum SubjectKind { case trigger, input }

    /// Element `e` names a variable declared as a subject: a local, or a property of the type that
    /// owns it (`codes`, `self.codes`, `model.codes`); not any property of that name in the project.
    /// `nil` when it is not declared as one.
    private func declaredSubject(_ e: Int, of chain: Chain, context: RuleContext) -> SubjectKind? {
        let tree = context.tree
        let element = chain.elements[e]
        if e == 0, let v = SubscriptionFinder.localVariable(named: element.name, visibleAt: element.nameToken, in: tree) {
            guard SubjectDeclarations.subjectType(ofVariable: v, in: tree) != nil else { return nil }
            let variable = tree.variables[v]
            let initializer = variable.initializer.map { tree.text($0.lowerBound, $0.upperBound) } ?? ""
            return SubjectDeclarations.isVoidSubject(typeText: variable.typeText, initializerText: initializer) ? .trigger : .input
        }
        guard let owner = TypeResolver.ownerType(ofElement: e, in: chain, tree: tree, index: context.index),
              let property = context.index.property(element.name, ofType: owner), ProjectIndex.isSubjectType(property) else { return nil }
        return SubjectDeclarations.isVoidSubject(typeText: property.typeText, initializerText: property.initializerText) ? .trigger : .input
    }

    /// `flatMap(api.search)`, `flatMap(search)`: a function passed by name makes the inner publishers.
    private func passesFunctionReference(_ element: ChainElement, tree: SyntaxTree) -> Bool {
        guard element.arguments.count == 1, element.trailingClosures.isEmpty, let argument = element.arguments.first,
              argument.label == nil else { return false }
        let value = argument.value
        for k in value {
            let kind = tree.tokens[k].kind
            let expected: Bool = (k - value.lowerBound) % 2 == 0 ? (kind == .identifier || (kind == .keyword && tree.isWord(k, "self"))) : kind == .period
            if !expected { return false }
        }
        // Ends on a name, and that name is not a type (`flatMap(Just.init)` is not a reference we can judge).
        let last = value.upperBound
        guard tree.tokens[last].kind == .identifier, let first = tree.name(last).first else { return false }
        return first.isLowercase
    }

    /// Steps that bring another publisher into a pipeline (`flatMap`, `catch`, `merge`, `combineLatest`,
    /// `switchToLatest`…): after one, what finished at once may no longer.
    private static let publisherJoiningSteps = Catalogue.inputSubscribingCombiners.union(Catalogue.publisherMakingClosureOperators).union(["switchToLatest"])

    /// `flatMap { Just($0) }`-style closures (and futures fulfilled in their own closure) make publishers
    /// that finish at once: nothing can arrive out of order.
    private func makesOnlyImmediatePublishers(_ element: ChainElement, context: RuleContext) -> Bool {
        guard let c = element.closures.last else { return false }
        // `flatMap { url -> Just<URL?> in exists(url) ? Just(url) : Just(nil) }`: the declared result
        // type says what every path returns.
        if declaresImmediateResult(closure: c, in: context.tree) { return true }
        let futures = SynchronousFutures(index: context.index, memo: context.memo)
        return returnsOnlyImmediatePublishers(closure: c, futures: futures, context: context, depth: 0)
    }

    /// The closure's signature declares a result type that answers as it is subscribed:
    /// `-> Just<…>`, `-> Empty<…>` or `-> Fail<…>` (`Combine.` written or not).
    private func declaresImmediateResult(closure c: Int, in tree: SyntaxTree) -> Bool {
        guard let inToken = tree.closures[c].inToken else { return false }
        var k = tree.closures[c].open + 1
        while k < inToken, tree.tokens[k].kind != .arrow { k += 1 }
        guard k < inToken else { return false }
        var t = k + 1
        if t + 1 < inToken, tree.isWord(t, "Combine"), tree.tokens[t + 1].kind == .period { t += 2 }
        guard t < inToken, ["Just", "Empty", "Fail"].contains(where: { tree.isWord(t, $0) }) else { return false }
        return t + 1 == inToken || tree.tokenIs(t + 1, "<")
    }

    /// Whether every chain closure `c` returns finishes at once (see `isImmediate`), both branches of
    /// a returned ternary included (its condition is no value).
    private func returnsOnlyImmediatePublishers(closure c: Int, futures: SynchronousFutures, context: RuleContext, depth: Int) -> Bool {
        let returned = context.tree.valuesReturned(byClosure: c) ?? context.tree.chainsReturned(byClosure: c)
        return !returned.isEmpty && returned.allSatisfy { isImmediate($0, futures: futures, context: context, depth: depth) }
    }

    /// Whether a publisher finishes while it is subscribed. A step after a `Just` that brings in
    /// another publisher (`Just(id).tryMap { … }.flatMap { client.fetch($0) }`) may answer late,
    /// unless its closure, too, makes only such publishers (`.catch { _ in Empty() }`).
    private func isImmediate(_ chain: Chain, futures: SynchronousFutures, context: RuleContext, depth: Int) -> Bool {
        let joinedImmediately = chain.elements.dropFirst().allSatisfy { element in
            guard Self.publisherJoiningSteps.contains(element.name) else { return true }
            guard depth < 2, let c = element.closures.last, element.arguments.allSatisfy({ $0.label == "maxPublishers" }) else { return false }
            return returnsOnlyImmediatePublishers(closure: c, futures: futures, context: context, depth: depth + 1)
        }
        if Catalogue.finiteRoots.contains(chain.root.name) || chain.root.kind == .literal && chain.elements.count > 1 && chain.elements[1].name == "publisher" {
            return joinedImmediately
        }
        // `tag.map { Just($0).eraseToAnyPublisher() }` of an optional value, beside `?? Empty()`: the
        // closure's publisher or none.
        if chain.elements.count == 2, chain.root.kind == .root, !chain.root.isCall, chain.root.subscripts.isEmpty,
           case let map = chain.elements[1], map.name == "map", map.isCall, map.closures.count == 1, let c = map.closures.first, depth < 2 {
            return returnsOnlyImmediatePublishers(closure: c, futures: futures, context: context, depth: depth + 1)
        }
        return isSequencePublisher(chain, index: context.index)
            // `Publishers.Sequence(sequence: urls).setFailureType(to: Error.self)`: delivered and finished during `subscribe`.
            || chain.root.name == "Publishers" && SynchronousCompletion.finishesDuringSubscribe(chain, before: chain.elements.count, in: context.tree)
            // `Future { promise in …; promise(.success(())) }`: answered while it is subscribed.
            || futures.deliversDuringSubscribe(chain, before: chain.elements.count, in: context.tree)
            || callsOnlyImmediateFunctions(chain, index: context.index)
    }

    /// `validator.validate($0)` where every function the call may run returns only publishers that
    /// answer and finish while they are subscribed (`Just(check(text)).eraseToAnyPublisher()`).
    private func callsOnlyImmediateFunctions(_ chain: Chain, index: ProjectIndex) -> Bool {
        guard let c = ProjectFunctionCalls.sourceCall(of: chain, followedOnlyBy: Catalogue.sameThreadOperators) else { return false }
        let callable = ProjectFunctionCalls.callable(at: c, of: chain, index: index)
        return !callable.isEmpty && callable.allSatisfy { reference in
            let tree = index.trees[reference.tree]
            guard let returned = tree.chainsReturned(byFunction: reference.item), !returned.isEmpty else { return false }
            return returned.allSatisfy { SynchronousCompletion.finishesDuringSubscribe($0, before: $0.elements.count, in: tree) }
        }
    }

    /// `tags.publisher.collect()`, `$0.publisher`, `ids.compactMap(photo).flatMap(\.tags).publisher`:
    /// Combine's `.publisher` of a sequence (an `Optional`'s, a `Result`'s) delivers its elements and
    /// finishes while it is subscribed, so nothing arrives late. Only where no later step brings in
    /// another publisher (`merge`, `flatMap`, `combineLatest` …), and where the `.publisher` cannot
    /// be a project property of that name (which could be a subject): none is declared, or it is read
    /// off what a sequence method returned (`compactMap(…)`, `sorted()`).
    private func isSequencePublisher(_ chain: Chain, index: ProjectIndex) -> Bool {
        let elements = chain.elements
        guard let p = elements.indices.first(where: { $0 >= 1 && elements[$0].name == "publisher" }),
              elements[p].kind == .member, !elements[p].isCall, elements[0].kind == .root,
              !(p == 1 && elements[0].name == "self") else { return false }
        guard !elements[(p + 1)...].contains(where: { Self.publisherJoiningSteps.contains($0.name) }) else { return false }
        if p >= 2, elements[p - 1].isCall, elements[p - 1].kind == .member,
           Catalogue.synchronousElementClosureMethods.contains(elements[p - 1].name) { return true }
        return index.properties(named: "publisher").isEmpty
    }

    /// `$child.flatMap { $0.objectWillChange }`, the forwarding `nested_observable_object` accepts:
    /// a change signal carries no value, so no older answer can overwrite a newer one.
    private func forwardsOnlyChangeSignals(_ element: ChainElement, tree: SyntaxTree) -> Bool {
        guard let c = element.closures.last else { return false }
        let returned = tree.chainsReturned(byClosure: c)
        return !returned.isEmpty && returned.allSatisfy { $0.elements.last.map { $0.name == "objectWillChange" && !$0.isCall } ?? false }
    }

    /// `flatMap { … }` → `map { … }.switchToLatest()`.
    private func fix(_ element: ChainElement, context: RuleContext) -> Fix {
        let tokens = context.tree.tokens
        let name = tokens[element.nameToken]
        let end = tokens[element.lastToken].endOffset
        return Fix(title: "Use map + switchToLatest", edits: [
            context.edit(name.startOffset..<name.endOffset, "map"),
            context.edit(end..<end, ".switchToLatest()"),
        ])
    }
}
