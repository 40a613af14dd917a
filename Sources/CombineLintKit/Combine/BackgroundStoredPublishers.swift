/// Stored publisher properties whose value is a pipeline that delivers on a background queue:
/// `shared = levels.receive(on: sampleQueue).multicast(subject: …)`,
/// `let beats = source.receive(on: DispatchQueue.global()).share()`. A `share()`, `multicast`,
/// `makeConnectable()` or `autoconnect()` delivers on the thread its upstream delivers on, so a
/// subscriber of the property gets its values there, though its own chain shows no scheduler.
///
/// So does a computed property whose getter returns such a pipeline
/// (`var wind: AnyPublisher<…> { windSubject.receive(on: queue).eraseToAnyPublisher() }`), and a
/// property made from one of these with no scheduler step of its own (`samples.map { … }`).
///
/// Worked out once per run: the chains that hold a scheduler step (or a request) and are the
/// initial value of a property, assigned to one (`name = …`, `self.name = …`) or returned by a
/// computed property's getter are read through
/// the postings of those operators; a name counts when every value the project gives a property
/// of that name is such a pipeline ending in the background, and no property of the name is a
/// subject, a computed one returning something else, or given a value some other way.
enum BackgroundStoredPublishers {
    /// One property name's background pipeline: where the last scheduler step is written, for a message.
    struct Source: Sendable {
        var reason: String
    }

    /// The names that qualify, with the reason of one of their pipelines.
    static func table(index: ProjectIndex, memo: ProjectMemo) -> [String: Source] {
        memo.value(for: "background-stored-publishers") { compute(index: index) }
    }

    /// The names of `table`, for a file's quick check.
    static func names(index: ProjectIndex, memo: ProjectMemo) -> NameSet {
        memo.value(for: "background-stored-publisher-names") {
            NameSet(table(index: index, memo: memo).keys.sorted())
        }
    }

    private struct ChainKey: Hashable {
        var tree: Int
        var chain: Int
    }

    private static func compute(index: ProjectIndex) -> [String: Source] {
        // The chains with a step that may move delivery off the main thread.
        var seen = Set<ChainKey>()
        var candidates: [ChainKey] = []
        let stepNames = Array(Catalogue.schedulerArgumentLabels.keys) + ["subscribe", "collect"] + Array(Catalogue.finishingSourceCalls)
        for name in stepNames.sorted() {
            for reference in index.chainElements[name] {
                let key = ChainKey(tree: reference.tree, chain: reference.chain)
                if seen.insert(key).inserted { candidates.append(key) }
            }
        }
        // Background pipelines by the property name they are given to; names given any other value drop out.
        var background: [String: (reason: String, declarations: Int, chains: Set<ChainKey>)] = [:]
        var queuesByTree: [Int: DeliveryQueues] = [:]
        for key in candidates {
            let tree = index.trees[key.tree]
            let chain = tree.chains[key.chain]
            guard let (name, isDeclaration) = propertyTarget(of: chain, in: tree) else { continue }
            var queues = queuesByTree[key.tree] ?? DeliveryQueues(tree: tree, index: index, memo: nil)
            queues.followsNotifications = false
            queuesByTree[key.tree] = queues
            guard case .background(let reason) = queues.delivery(of: chain, before: chain.elements.count) else { continue }
            var entry = background[name] ?? (reason, 0, [])
            if isDeclaration { entry.declarations += 1 }
            entry.chains.insert(key)
            background[name] = entry
        }
        var result: [String: Source] = [:]
        for (name, entry) in background where qualifies(name, entry.declarations, entry.chains, index: index) {
            result[name] = Source(reason: entry.reason)
        }
        // One step further: a property given one of these with no scheduler step of its own
        // (`var climbRate { samples.map(\.climbRate).eraseToAnyPublisher() }`) delivers where it does.
        let stepSet = Set(stepNames)
        var derived: [String: (reason: String, declarations: Int, chains: Set<ChainKey>)] = [:]
        for (source, found) in result.sorted(by: { $0.key < $1.key }) {
            for reference in index.chainElements[source] {
                let tree = index.trees[reference.tree]
                let chain = tree.chains[reference.chain]
                let start = chain.elements.count > 1 && chain.elements[0].name == "self" ? 1 : 0
                guard reference.element == start, !chain.elements[start].isCall, chain.elements[start].subscripts.isEmpty,
                      !chain.elements.contains(where: { stepSet.contains($0.name) }),
                      let (name, isDeclaration) = propertyTarget(of: chain, in: tree), result[name] == nil else { continue }
                var entry = derived[name] ?? (found.reason, 0, [])
                if isDeclaration { entry.declarations += 1 }
                entry.chains.insert(ChainKey(tree: reference.tree, chain: reference.chain))
                derived[name] = entry
            }
        }
        for (name, entry) in derived where qualifies(name, entry.declarations, entry.chains, index: index) {
            result[name] = Source(reason: entry.reason)
        }
        return result
    }

    /// Whether every value the project gives a property named `name` is among `chains` (`declarations`
    /// of them initial values or getters' returns).
    private static func qualifies(_ name: String, _ declared: Int, _ chains: Set<ChainKey>, index: ProjectIndex) -> Bool {
        // A property of the name typed as something else (`let beats: BeatTracker`) is another
        // object's, which no subscriber chain starts from.
        // A test double's property of the name (a mock feed's `let wind = PassthroughSubject…`)
        // stands in for it in tests only; a protocol's requirement has no value of its own.
        let declarations = index.properties(named: name).filter { mayHoldPublisher($0) && !TestCaseCode.isTestDoubleOrRequirement($0, index: index) }
        return !declarations.isEmpty
            && declarations.allSatisfy({ !$0.hasAttribute("Published") && !isSubject($0) })
            && declarations.filter({ !$0.initializerText.isEmpty || $0.isComputed }).count <= declared
            && !isGivenOtherValues(name, besides: chains, index: index)
            && declarations.allSatisfy({ !$0.isComputed || returnsOnly(chains, property: $0, index: index) })
    }

    /// Whether every pipeline the getter of computed `property` returns is among `chains`.
    private static func returnsOnly(_ chains: Set<ChainKey>, property: IndexedProperty, index: ProjectIndex) -> Bool {
        guard let (t, returned) = index.chainsReturnedByGetter(of: property) else { return false }
        return !returned.isEmpty && returned.allSatisfy { chains.contains(ChainKey(tree: t, chain: $0)) }
    }

    /// A property with no type written, or one naming a publisher type (`AnyPublisher<…>`,
    /// `Publishers.Multicast<…>`, `Timer.TimerPublisher`).
    private static func mayHoldPublisher(_ property: IndexedProperty) -> Bool {
        property.typeText.isEmpty || property.typeText.contains("Publisher")
    }

    /// A subject property (by its type, or its initial value when no type is written): it delivers on its senders' thread.
    private static func isSubject(_ property: IndexedProperty) -> Bool {
        if !property.typeText.isEmpty { return SubjectDeclarations.subjectType(annotation: property.typeText) != nil }
        return ProjectIndex.namesSubject(property.initializerText)
    }

    /// The property a chain gives its value to: a stored property's initial value, or the value
    /// assigned to `name` or `self.name`.
    private static func propertyTarget(of chain: Chain, in tree: SyntaxTree) -> (String, Bool)? {
        switch chain.context {
        case .declaration(let v):
            let variable = tree.variables[v]
            guard !variable.isLocal, !variable.isComputed else { return nil }
            return (variable.name, true)
        case .assignment(let target, let compound):
            guard !compound, let name = simpleTarget(target, in: tree) else { return nil }
            return (name, false)
        case .returned, .implicitReturn:
            // `var wind: AnyPublisher<…> { windSubject.receive(on: queue).eraseToAnyPublisher() }`:
            // the getter of a computed property hands every subscriber that pipeline.
            guard let f = tree.enclosingFunction(of: chain.first), tree.functions[f].kind == .accessor,
                  tree.functions[f].name == "get", tree.innermostClosure(of: chain.first) == nil,
                  let v = tree.functions[f].variable, !tree.variables[v].isLocal, tree.variables[v].isComputed,
                  !tree.variables[v].isStatic else { return nil }
            return (tree.variables[v].name, true)
        default:
            return nil
        }
    }

    /// `name` or `self.name` written in `range`.
    private static func simpleTarget(_ range: ClosedRange<Int>, in tree: SyntaxTree) -> String? {
        let last = range.upperBound
        guard tree.tokens[last].kind == .identifier else { return nil }
        if range.count == 1 { return tree.name(last) }
        if range.count == 3, tree.isWord(range.lowerBound, "self"), tree.tokens[range.lowerBound + 1].kind == .period { return tree.name(last) }
        return nil
    }

    /// Whether the project assigns `name` (`name = x`, `self.name = x`) anything but the chains in `chains`.
    private static func isGivenOtherValues(_ name: String, besides chains: Set<ChainKey>, index: ProjectIndex) -> Bool {
        for reference in index.identifiers[name] {
            let tree = index.trees[reference.tree]
            let t = reference.token
            guard t + 1 < tree.tokens.count, tree.tokens[t + 1].kind == .equal else { continue }
            // A member of something other than `self` (`other.name = x`) is another object's property.
            if t >= 2, tree.tokens[t - 1].kind == .period, !tree.isWord(t - 2, "self") { continue }
            // So is a property of the name that the type around declares with a type that is no publisher.
            if let type = TypeResolver.enclosingTypeName(at: t, in: tree),
               let property = index.property(name, ofType: type), !mayHoldPublisher(property) { continue }
            // And a test double's, which stands in for the app's in tests only.
            if TestCaseCode.isTestOrDouble(t, of: tree, index: index) { continue }
            guard t + 2 < tree.tokens.count, let c = tree.chain(startingAt: t + 2),
                  chains.contains(ChainKey(tree: reference.tree, chain: c)) else { return true }
        }
        return false
    }
}
