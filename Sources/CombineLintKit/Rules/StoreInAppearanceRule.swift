/// A subscription stored in a bag from code that runs again and again (appearance and layout
/// callbacks, per-row data source methods, cell `configure`/`bind`, SwiftUI `.onAppear`): each run
/// adds one more live subscription, so every update is handled once per run so far.
public struct StoreInAppearanceRule: Rule {
    public static let description = RuleDescription(
        id: "store_in_appearance",
        name: "Subscription stored from repeated code",
        defaultSeverity: .warning,
        summary: "A subscription stored in a bag from a callback that runs again and again, so live subscriptions pile up.",
        options: [
            RuleOptionDescription(key: "appearance_methods", summary: "More callbacks that run on every appearance (paired with viewWillDisappear/viewDidDisappear)."),
            RuleOptionDescription(key: "repeated_methods", summary: "More cell method names treated like configure…/bind… (run on every reuse)."),
        ])

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        // Every finding is about one of the file's subscriptions, or a call of a project helper that
        // subscribes and hands back the cancellable.
        let helperCalls = SubscribingHelpers.returnedSubscriptions(in: context.tree, index: context.index, memo: context.memo,
                                                                   besides: context.subscriptions)
        guard !context.subscriptions.isEmpty || !helperCalls.isEmpty else { return [] }
        let tree = context.tree
        let sites = RepeatedSites(tree: tree, index: context.index,
                                  extraAppearance: context.options.strings("appearance_methods"),
                                  extraCellMethods: context.options.strings("repeated_methods"))
        let finite = FinitePublishers(index: context.index, memo: context.memo, oneShot: true)
        var findings: [Finding] = []
        // Built on first need (a local cancellable put in a bag later), once per file.
        var lookup: TreeLookup?
        let lookupOnce = { () -> TreeLookup in
            if let lookup { return lookup }
            let made = TreeLookup(tree)
            lookup = made
            return made
        }
        for subscription in context.subscriptions + helperCalls {
            guard let store = storeSite(of: subscription, in: tree, lookup: lookupOnce) else { continue }
            let chain = tree.chains[subscription.chain]
            guard let site = sites.site(of: chain.elements[subscription.element].nameToken) else { continue }
            guard !answersOnce(chain, before: subscription.element, at: site, finite: finite, in: context) else { continue }
            guard !isEmptied(store.key, before: store.first, at: site, sites: sites, in: context) else { continue }
            guard !isGuardedToRunOnce(store.first, key: store.key, site: site, in: tree, memo: context.memo) else { continue }
            // A load that finishes, kept in per-row or cell code: what goes wrong is the late answer, not a pile-up.
            let load = site.isPerRowOrCell && finishesByItself(chain, before: subscription.element, finite: finite, in: context)
            findings.append(context.finding(tokens: store.first, through: store.last,
                                            message: load ? loadMessage(site, bag: store.key) : message(site, bag: store.key),
                                            help: load ? loadHelp(site, bag: store.key) : help(site, bag: store.key)))
        }
        return findings
    }

    /// A request made on each appearance or layout pass (`api.load().sink { … }` with a `Future`, a
    /// `dataTaskPublisher`, `Just`, or a project function returning one) answers and finishes, and a
    /// finished subscription releases its closures: nothing stays subscribed, so nothing piles up.
    /// Per-row and cell code stays reported: there an unfinished load of the previous row still
    /// lands in the reused cell, unless it is over before `sink` returns (`Just(row.count).map { … }`:
    /// its value comes during the call, so nothing of it is left to land later). A limit waiting for a
    /// condition on a never-finishing source (`$items.first(where: { !$0.isEmpty })`) ends once the
    /// screen's state passes it, which its own loading brings; in per-row code it stays pending for
    /// the reused cell, and is reported.
    func answersOnce(_ chain: Chain, before subscriber: Int, at site: RepeatedSite, finite: FinitePublishers, in context: RuleContext) -> Bool {
        if SynchronousCompletion.finishesDuringSubscribe(chain, before: subscriber, in: context.tree, index: context.index) { return true }
        switch site.kind {
        case .appearance, .layout, .onAppear: break
        case .foreground:
            // As `repeated_subscription` asks of a user action: a request per return is the point;
            // only a source known never to finish piles up, and not past a plain limit
            // (`updates.first()`, `prefix(1)`), which ends at the next value whatever it is.
            // (`FinitePublishers` ends the pipeline at the limit, unless a later stage brings in a
            // publisher that may not finish: `first().combineLatest($isOnline)`.)
            if chain.elements[..<subscriber].contains(where: FinitePublishers.limitsValues),
               !NeverFinishingSources.limitWaitsForCondition(in: chain, before: subscriber, tree: context.tree, index: context.index),
               finite.finishes(chain, before: subscriber, in: context.tree) { return true }
            return !NeverFinishingSources.startsNeverFinishing(chain, before: subscriber, tree: context.tree,
                                                               index: context.index, extraNames: [])
        case .perRow, .cellProvider, .cellMethod:
            guard finishesByItself(chain, before: subscriber, finite: finite, in: context) else { return false }
            if site.kind == .perRow, !namesTheRow(chain, at: site, in: context.tree) { return true }
            return landsOnlyInItsRow(chain, before: subscriber, at: site, in: context.tree)
        }
        return finite.finishes(chain, before: subscriber, in: context.tree)
    }

    /// Whether a pipeline of per-row or cell code finishes by itself: a load (`thumbnail.sink { … }` of a
    /// `configure(with:thumbnail:)` parameter: what every caller passes decides), not a limit waiting
    /// for a condition on an endless source.
    func finishesByItself(_ chain: Chain, before subscriber: Int, finite: FinitePublishers, in context: RuleContext) -> Bool {
        (finite.finishes(chain, before: subscriber, in: context.tree)
            || CallerSuppliedSources.allFinish(chain, before: subscriber, inFunctionOf: context.tree, index: context.index, finite: finite))
            && !NeverFinishingSources.limitWaitsForCondition(in: chain, before: subscriber, tree: context.tree, index: context.index)
    }

    /// A load in per-row or cell code (which finishes) whose subscriber first checks that the reused
    /// view still shows the row it was made for (`guard self.representedID == attachment.id else
    /// { return }`): an answer for the previous row lands nowhere.
    func landsOnlyInItsRow(_ chain: Chain, before subscriber: Int, at site: RepeatedSite, in tree: SyntaxTree) -> Bool {
        guard let f = site.function, let c = RepeatingSinkClosures.valueClosures(of: chain.elements[subscriber]).first else { return false }
        return RowIdentityGuards.startsWithIdentityGuard(c, in: tree) { range in
            namesTheRow(range, function: f, at: site, in: tree, depth: 0)
        }
    }

    /// Whether a pipeline stored in a per-row method names the row: a parameter of the method other
    /// than its index path or position (`cell`, `view`, `tableView`), or a local the method declares
    /// (`let cell = …dequeue…`, `let item = items[indexPath.row]`). A request that names none of them
    /// (`willDisplay` loading the next page into `self.items` when the last row shows) delivers nothing
    /// into a reused cell: it answers, finishes and lets go, as in an appearance callback.
    func namesTheRow(_ chain: Chain, at site: RepeatedSite, in tree: SyntaxTree) -> Bool {
        guard let f = site.function else { return true }
        return namesTheRow(chain.first...chain.last, function: f, at: site, in: tree, depth: 0)
    }

    /// Whether tokens `range` of a per-row method name the row: a parameter other than its position,
    /// or a local made from any parameter (`let item = items[indexPath.row]`, a dequeued cell). A local
    /// made from the object's own state (`let nextDay = day.addingTimeInterval(86_400)`) is not the row.
    private func namesTheRow(_ range: ClosedRange<Int>, function f: Int, at site: RepeatedSite, in tree: SyntaxTree, depth: Int) -> Bool {
        let all = tree.functions[f].parameters
        let parameters = all.filter { !Catalogue.rowPositionTypes.contains($0.typeText) }.map(\.name)
        for k in range where tree.tokens[k].kind == .identifier && !(k > 0 && tree.tokens[k - 1].kind == .period) {
            let name = tree.name(k)
            if parameters.contains(name) { return true }
            // A row position names the row only through what it picks (`items[indexPath.row]`).
            if depth > 0, all.contains(where: { $0.name == name }) { return true }
            guard let v = SubscriptionFinder.localVariable(named: name, visibleAt: k, in: tree),
                  site.body.contains(tree.variables[v].nameToken), !range.contains(tree.variables[v].nameToken) else { continue }
            // A local without a value to read, or too many steps away, is taken for the row.
            guard depth < 3, let value = tree.variables[v].initializer else { return true }
            if namesTheRow(value, function: f, at: site, in: tree, depth: depth + 1) { return true }
        }
        return false
    }

    /// Where a subscription goes into a collection that grows: the reported tokens and the bag's path.
    struct StoreSite {
        var first: Int
        var last: Int
        var key: String
    }

    func storeSite(of subscription: Subscription, in tree: SyntaxTree, lookup: () -> TreeLookup) -> StoreSite? {
        let chain = tree.chains[subscription.chain]
        switch subscription.storage {
        case .bag(let owner):
            guard ownerAccumulates(owner) else { return nil }
            // A helper call that stores into the `inout` bag it is given is its own store (`bind(into: &bag) { … }`).
            let store = subscription.element + 1 < chain.elements.count ? chain.elements[subscription.element + 1] : chain.elements[subscription.element]
            guard let argument = SubscriptionFinder.bagArgument(of: store)
                    ?? (subscription.element + 1 == chain.elements.count ? store.arguments.first(where: \.isInout) : nil) else { return nil }
            // `&watchers[id, default: []]`: the entry of a keyed bag grows as a bag member does,
            // and is emptied with its dictionary (or by `watchers[id] = []`).
            let last = tree.lastTokenBeforeSubscript(first: argument.value.lowerBound, last: argument.value.upperBound)
            guard let key = BagResets.key(first: argument.value.lowerBound, last: last, in: tree) else { return nil }
            return StoreSite(first: store.nameToken, last: store.lastToken, key: key)
        case .collection(let owner):
            guard ownerAccumulates(owner) else { return nil }
            switch chain.context {
            case .assignment(let target, let compound):
                // `bag[key] = …` replaces the previous entry; only `bag += …` grows, or a key new each run
                // (`tokens[UUID()] = …`).
                let fresh = !compound && SubscriptionFinder.subscriptKeyIsNew(target, in: tree)
                guard compound || fresh,
                      let key = BagResets.key(first: target.lowerBound, last: fresh ? Int(tree.matching[target.upperBound]) - 1 : target.upperBound,
                                              in: tree) else { return nil }
                return StoreSite(first: target.lowerBound, last: target.upperBound + 1, key: key)
            case .argument(let open):
                guard let call = tree.call(openedAt: open), call.element > 0 else { return nil }
                let callChain = tree.chains[call.chain]
                let element = callChain.elements[call.element]
                guard let key = BagResets.key(first: callChain.first, last: callChain.elements[call.element - 1].lastToken, in: tree) else { return nil }
                return StoreSite(first: element.nameToken, last: element.lastToken, key: key)
            case .collectionElement(let open):
                // `bag += [ … ]` grows; `bag = [ … ]` replaces (and cancels) the old contents.
                if open > 0, tree.tokens[open - 1].kind == .operator, tree.tokenIs(open - 1, "+=") {
                    var start = open - 2
                    while start > 0, !tree.statementStarts[start] { start -= 1 }
                    guard let key = BagResets.key(first: start, last: open - 2, in: tree) else { return nil }
                    return StoreSite(first: start, last: open - 1, key: key)
                }
                let enclosing = Int(tree.enclosing[open])
                if enclosing >= 0, let call = tree.call(openedAt: enclosing), call.element > 0 {
                    let callChain = tree.chains[call.chain]
                    let element = callChain.elements[call.element]
                    guard let key = BagResets.key(first: callChain.first, last: callChain.elements[call.element - 1].lastToken, in: tree) else { return nil }
                    return StoreSite(first: element.nameToken, last: element.lastToken, key: key)
                }
                return nil
            default:
                return nil
            }
        case .local(let v):
            return storeSite(ofLocal: v, in: tree, lookup: lookup())
        default:
            return nil
        }
    }

    /// `let token = … .sink { … }` then `tokens.append(token)` (or `insert`, `token.store(in: &bag)`):
    /// the collection the local cancellable goes into later, at that call.
    private func storeSite(ofLocal v: Int, in tree: SyntaxTree, lookup: TreeLookup) -> StoreSite? {
        guard let store = SubscriptionFinder.laterBagStore(ofLocal: v, lookup: lookup), ownerAccumulates(store.owner),
              let key = BagResets.key(first: store.bag.lowerBound, last: store.bag.upperBound, in: tree) else { return nil }
        return StoreSite(first: store.call.nameToken, last: store.call.lastToken, key: key)
    }

    /// A local bag dies with the call, and a parameter bag is the caller's business.
    func ownerAccumulates(_ owner: Owner) -> Bool {
        switch owner {
        case .selfMember, .other: return true
        case .local, .parameter: return false
        }
    }

    func isEmptied(_ key: String, before token: Int, at site: RepeatedSite, sites: RepeatedSites, in context: RuleContext) -> Bool {
        let tree = context.tree
        let typeName = tree.enclosingType(of: token).map { tree.types[$0].name.lastNameComponent }
        let ownTypes = typeName.map { [$0] + context.index.allAncestors(of: $0) } ?? []
        // Anywhere in the repeated body: before the store (one live subscription after each run), or
        // after it (`if window != nil { subscribe } else { bag.removeAll() }` ends each run's).
        if empties(key, in: site.body, of: tree, types: ownTypes, sites: sites) { return true }
        switch site.kind {
        case .appearance:
            let paired = (Catalogue.appearanceOwnResets[site.name] ?? Catalogue.disappearCallbacks).union(Catalogue.lifecycleResets[site.name] ?? [])
            return emptiedInMethods(paired, key, types: ownTypes, sites: sites)
        case .foreground:
            // `sceneWillEnterForeground` paired with `sceneDidEnterBackground` (or resigning active).
            let name = site.function.map { tree.functions[$0].name } ?? site.name
            return emptiedInMethods(Catalogue.lifecycleResets[name] ?? Catalogue.foregroundCallbacks.subtracting([name]), key,
                                    types: ownTypes, sites: sites)
        case .onAppear:
            // `.onDisappear { bag.removeAll() }` on a view of the same type.
            let scope = tree.enclosingType(of: token).flatMap { t in tree.types[t].bodyOpen.map { $0..<(tree.types[t].bodyClose ?? tree.tokens.count) } } ?? 0..<tree.tokens.count
            for chain in tree.chains(in: scope.lowerBound...max(scope.lowerBound, scope.upperBound - 1)) {
                for element in chain.elements where element.name == "onDisappear" {
                    for c in element.closures where !BagResets.resets(of: key, in: tree.closures[c].open..<tree.closures[c].close, of: tree).isEmpty {
                        return true
                    }
                }
            }
            return false
        case .cellMethod(let cellType):
            return emptiedOnReuse(key, cellType: cellType, sites: sites, index: context.index, memo: context.memo)
                || emptiedByEveryOwnCaller(key, of: site, cellType: cellType, in: tree)
        case .perRow, .cellProvider:
            // `willDisplay` paired with `didEndDisplaying` of the same type emptying the bag.
            if let ending = Catalogue.endOfDisplay[site.name], !key.contains("."),
               emptiedBy(ending, key, types: ownTypes, sites: sites) { return true }
            // `cell.bag`: the cell's own bag is fine when the cell's `prepareForReuse` empties it.
            let parts = key.split(separator: ".").map(String.init)
            guard parts.count == 2 else { return false }
            let member = parts[1]
            if let cellType = localCellType(named: parts[0], near: token, in: tree, index: context.index)
                ?? registeredCellType(named: parts[0], at: site, in: tree, index: context.index) {
                return emptiedOnReuse(member, cellType: cellType, sites: sites, index: context.index, memo: context.memo)
            }
            // Type unknown: any reusable view of the project that empties a bag of that name on reuse.
            // Only a type that declares `prepareForReuse` (or a subclass of one, which reaches the same
            // body through its ancestors) can empty it there.
            return reusableViewsDeclaringPrepareForReuse(context.index).contains { type in
                emptiedOnReuse(member, cellType: type, sites: sites, index: context.index, memo: context.memo)
            }
        case .layout:
            return false
        }
    }

    /// Whether a method named in `names` of one of `types` (the type and its ancestors) empties the
    /// bag: the callback paired with the repeated one (`viewWillDisappear`, `sceneDidEnterBackground`).
    func emptiedInMethods(_ names: Set<String>, _ key: String, types: [String], sites: RepeatedSites) -> Bool {
        types.contains { type in
            sites.bodies(ofMethods: names, inType: type).contains { empties(key, in: $0.body, of: $0.tree, types: types, sites: sites) }
        }
    }

    /// Whether a method of selector `selector` of one of `types` (the type and its ancestors) empties the bag.
    func emptiedBy(_ selector: String, _ key: String, types: [String], sites: RepeatedSites) -> Bool {
        let name = String(selector.prefix { $0 != "(" })
        for type in types {
            for other in sites.trees(declaring: type) {
                for function in other.functions where function.kind == .function && function.name == name && function.selectorName == selector {
                    guard let t = function.enclosingType, other.types[t].name.lastNameComponent == type,
                          let open = function.bodyOpen, let close = function.bodyClose else { continue }
                    if empties(key, in: open..<close, of: other, types: types, sites: sites) { return true }
                }
            }
        }
        return false
    }

    /// The project's reusable views (by simple name) that declare `prepareForReuse`, in input order.
    func reusableViewsDeclaringPrepareForReuse(_ index: ProjectIndex) -> [String] {
        var seen = Set<String>()
        return index.functions["prepareForReuse"].compactMap { ref in
            let tree = index.trees[ref.tree]
            let function = tree.functions[ref.item]
            guard function.kind == .function, function.name == "prepareForReuse", let t = function.enclosingType else { return nil }
            let name = tree.types[t].name.lastNameComponent
            guard seen.insert(name).inserted,
                  Catalogue.reusableViewBases.contains(where: { index.inherits(name, from: $0) }) else { return nil }
            return name
        }
    }

    /// A private helper of the cell (`bindDownloadButton(to:)`) that only the cell's own methods call,
    /// each after emptying the bag (`configure(with:)` starting with `bag.removeAll()`): every run
    /// starts from an empty bag.
    func emptiedByEveryOwnCaller(_ bag: String, of site: RepeatedSite, cellType: String, in tree: SyntaxTree) -> Bool {
        guard let f = site.function, !bag.contains("."),
              tree.functions[f].isFilePrivate else { return false }
        let name = tree.functions[f].name
        var calls = 0
        for (g, caller) in tree.functions.enumerated() where g != f {
            guard let open = caller.bodyOpen, let close = caller.bodyClose, let t = caller.enclosingType,
                  tree.types[t].name.lastNameComponent == cellType else { continue }
            for k in tree.chainIndices(in: open...close) {
                let chain = tree.chains[k]
                let e = chain.elements.first?.name == "self" ? 1 : 0
                guard chain.elements.count > e, chain.elements[e].name == name, chain.elements[e].isCall,
                      tree.enclosingFunction(of: chain.first) == g else { continue }
                guard BagResets.empties(bag, in: (open + 1)..<chain.first, of: tree) else { return false }
                calls += 1
            }
        }
        return calls > 0
    }

    /// Whether `prepareForReuse` of the cell type or one of its known superclasses empties `bag`, or
    /// a `didEndDisplaying` callback does (directly, or through a method of the cell; see `EndDisplayingResets`).
    func emptiedOnReuse(_ bag: String, cellType: String, sites: RepeatedSites, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        let types = [cellType] + index.allAncestors(of: cellType)
        for type in types {
            for body in sites.bodies(ofMethods: ["prepareForReuse"], inType: type)
            where empties(bag, in: body.body, of: body.tree, types: types, sites: sites) {
                return true
            }
        }
        let ended = EndDisplayingResets.of(index, memo: memo)
        if ended.empties(bag, ofCellType: cellType, index: index) { return true }
        let called = ended.calledMethods(forCellType: cellType, index: index)
        guard !called.isEmpty else { return false }
        return types.contains { type in
            sites.bodies(ofMethods: called, inType: type).contains { !BagResets.resets(of: bag, in: $0.body, of: $0.tree).isEmpty }
        }
    }

    /// Whether code in `range` empties `key`, directly, in a method of `types` it calls on self
    /// (`prepareForReuse() { cancelBindings() }`), one call deep, or in the `didSet`/`willSet` of a
    /// property of `types` it assigns (`model = row` whose `didSet` starts with `bag = []`).
    func empties(_ key: String, in range: Range<Int>, of tree: SyntaxTree, types: [String], sites: RepeatedSites) -> Bool {
        if !BagResets.resets(of: key, in: range, of: tree).isEmpty { return true }
        guard !key.contains("."), !range.isEmpty else { return false }
        var called = Set<String>()
        var assigned = Set<String>()
        for chain in tree.chains(in: range.lowerBound...(range.upperBound - 1)) {
            let element = chain.elements.count == 1 ? chain.root
                : (chain.elements.count == 2 && tree.isWord(chain.root.nameToken, "self") ? chain.elements[1] : nil)
            if let element, element.isCall, element.arguments.isEmpty { called.insert(element.name) }
        }
        // `model = row`, `self.model = row`: a plain assignment to a member of self.
        for i in range where tree.tokens[i].kind == .equal {
            let start = BagResets.assignmentTargetStart(ofEqualAt: i, notBefore: range.lowerBound, in: tree)
            if start < i, let name = BagResets.key(first: start, last: i - 1, in: tree), !name.contains(".") { assigned.insert(name) }
        }
        if !called.isEmpty, types.contains(where: { type in
            sites.bodies(ofMethods: called, inType: type).contains { !BagResets.resets(of: key, in: $0.body, of: $0.tree).isEmpty }
        }) { return true }
        return !assigned.isEmpty && types.contains { type in
            sites.observerBodies(ofProperties: assigned, inType: type).contains { !BagResets.resets(of: key, in: $0.body, of: $0.tree).isEmpty }
        }
    }

    /// The reusable view type of local `name` (`let cell = … as! FeedCell`, `let cell: FeedCell = …`,
    /// `guard let cell = … as? FeedCell`), when the project declares it.
    func localCellType(named name: String, near token: Int, in tree: SyntaxTree, index: ProjectIndex) -> String? {
        guard let v = SubscriptionFinder.localVariable(named: name, visibleAt: token, in: tree) else {
            return castInBinding(named: name, before: token, in: tree).flatMap { reusableCellType($0, index: index) }
        }
        let variable = tree.variables[v]
        var candidates: [String] = []
        if !variable.typeText.isEmpty { candidates.append(variable.typeText) }
        if let initializer = variable.initializer {
            for i in initializer where tree.tokens[i].kind == .identifier { candidates.append(tree.name(i)) }
        }
        for candidate in candidates.reversed() {
            let simple = ProjectIndex.stripGenerics(candidate.filter { $0 != "?" && $0 != "!" }).lastNameComponent
            if index.type(named: simple) != nil, Catalogue.reusableViewBases.contains(where: { index.inherits(simple, from: $0) }) {
                return simple
            }
        }
        return nil
    }

    /// `guard let cell = cell as? FeedCell, let id = … else { … }` (or `if let`): a condition binding
    /// is no local of the tree, so the type is the one its `as?`/`as!` names, in the nearest
    /// binding of the name before the use in the same function.
    private func castInBinding(named name: String, before token: Int, in tree: SyntaxTree) -> String? {
        guard let value = tree.nearestBindingInFunction(of: name, before: token)?.value else { return nil }
        for k in value where k + 2 <= value.upperBound && tree.isWord(k, "as")
            && (tree.tokens[k + 1].kind == .questionMark || tree.tokens[k + 1].kind == .exclamationMark) && tree.tokens[k + 2].kind == .identifier {
            return tree.name(k + 2)
        }
        return nil
    }

    private func reusableCellType(_ candidate: String, index: ProjectIndex) -> String? {
        let simple = ProjectIndex.stripGenerics(candidate.filter { $0 != "?" && $0 != "!" }).lastNameComponent
        guard index.type(named: simple) != nil, Catalogue.reusableViewBases.contains(where: { index.inherits(simple, from: $0) }) else { return nil }
        return simple
    }

    /// `CellRegistration<FeedCell, Item> { cell, indexPath, item in … }`: the registration's first
    /// generic argument (or the annotation of the closure's first parameter) is the cell's type.
    func registeredCellType(named name: String, at site: RepeatedSite, in tree: SyntaxTree, index: ProjectIndex) -> String? {
        guard site.kind == .cellProvider, let c = site.closure, tree.closures[c].parameters.first == name,
              let call = tree.call(receiving: c) else { return nil }
        let open = tree.chains[call.chain].elements[call.element].nameToken + 1
        let first: Int
        if open + 1 < tree.tokens.count, tree.tokenIs(open, "<"), tree.tokens[open + 1].kind == .identifier {
            first = open + 1
        } else {
            // `CellRegistration { (cell: FeedCell, indexPath: IndexPath, item: Item) in … }`.
            let paren = tree.closures[c].open + 1
            guard paren + 3 < tree.closures[c].close, tree.tokens[paren].kind == .leftParen, tree.name(paren + 1) == name,
                  tree.tokens[paren + 2].kind == .colon, tree.tokens[paren + 3].kind == .identifier else { return nil }
            first = paren + 3
        }
        var last = first
        while last + 2 < tree.tokens.count, tree.tokens[last + 1].kind == .period, tree.tokens[last + 2].kind == .identifier { last += 2 }
        let simple = tree.name(last)
        guard index.type(named: simple) != nil, Catalogue.reusableViewBases.contains(where: { index.inherits(simple, from: $0) }) else { return nil }
        return simple
    }

    /// `guard !didBind else { return }` / `if cancellables.isEmpty { … }`: a run-once flag around the
    /// store; or a create-once guard of the callback (`guard tableView.tableHeaderView == nil else
    /// { return }` before `tableView.tableHeaderView = header`), which lets it through once.
    func isGuardedToRunOnce(_ token: Int, key: String, site: RepeatedSite, in tree: SyntaxTree, memo: ProjectMemo) -> Bool {
        let bagName = key.lastNameComponent
        if site.closure == nil, let f = site.function, tree.innermostClosure(of: token) == nil,
           CreateOnceGuards.namedGuardedRegions(inFunction: f, of: tree).contains(where: { guarded in
               guard guarded.region.contains(token) else { return false }
               let writes = tree.enclosingType(of: token).map { t in
                   memo.value(for: "create-once.nil-writes\u{0}" + tree.file.path + "\u{0}\(t)") { CreateOnceGuards.nilWrites(inType: t, of: tree) }
               } ?? [:]
               return !guarded.names.contains { CreateOnceGuards.isClearedKeepingBag($0, outside: guarded.region, bag: bagName, writes: writes, in: tree) }
           }) { return true }
        // `animationBag.isEmpty` of a holder whose `subscriptions` the store goes into.
        let parts = key.split(separator: ".")
        let holderName = parts.count >= 2 ? String(parts[parts.count - 2]) : nil
        let body = site.body
        // Flags the body sets: `didBind = true`.
        var flags = Set<String>()
        for i in body where tree.tokens[i].kind == .equal && i + 1 < body.upperBound && (tree.isWord(i + 1, "true") || tree.isWord(i + 1, "false")) {
            if i > 0, tree.tokens[i - 1].kind == .identifier { flags.insert(tree.name(i - 1)) }
        }
        for i in body.lowerBound..<token where tree.isWord(i, "if") || tree.isWord(i, "guard") {
            // The condition runs up to the `{` of the body (or `else` of a guard) at the same level.
            var k = i + 1
            let isGuard = tree.isWord(i, "guard")
            while k < token {
                if tree.tokens[k].kind == .leftBrace && tree.enclosing[k] == tree.enclosing[i] { break }
                if tree.isWord(k, "else") && isGuard { break }
                k += 1
            }
            let conditionEnd = k
            let condition = (i + 1)..<conditionEnd
            // A flag, a first-appearance property, or the state installing a view sets for good
            // (`guard header.superview == nil else { return }` before `addSubview(header)`).
            let mentionsFlag = condition.contains {
                tree.tokens[$0].kind == .identifier && (flags.contains(tree.name($0)) || Catalogue.firstAppearanceFlags.contains(tree.name($0))
                    || (Catalogue.viewAttachmentProperties.contains(tree.name($0)) && tree.tokens[$0 - 1].kind == .period))
            }
            let checksEmptyBag = condition.contains {
                tree.isWord($0, "isEmpty") && $0 >= 2 && (tree.name($0 - 2) == bagName || tree.name($0 - 2) == holderName)
            }
            guard mentionsFlag || checksEmptyBag else { continue }
            if isGuard { return true }
            // `if` covers the store only when the store is inside its body.
            if conditionEnd < token, tree.tokens[conditionEnd].kind == .leftBrace, Int(tree.matching[conditionEnd]) > token { return true }
        }
        return false
    }

    func message(_ site: RepeatedSite, bag: String) -> String {
        switch site.kind {
        case .appearance:
            return "Every `\(site.name)` adds a live subscription to `\(bag)`, so each update is handled once per visit so far."
        case .layout where Catalogue.representableUpdateCallbacks.contains(site.name):
            return "Every SwiftUI update runs `\(site.name)`, adding a live subscription to `\(bag)`, so each value is handled once per update so far."
        case .layout where Catalogue.stateChangeProperties.contains(String(site.name.prefix { $0 != "." })):
            let property = site.name.prefix { $0 != "." }
            return "Every change of `\(property)` runs `\(site.name)`, which adds one more live subscription to `\(bag)` each time."
        case .layout where Catalogue.stateChangeCallbacks.contains(site.name) || Catalogue.stateChangeSelectors.contains(site.name):
            return "Every call of `\(site.name)` (on each change of that state) adds a live subscription to `\(bag)`, so each update is handled once per call so far."
        case .layout:
            return "Every layout pass (`\(site.name)`) adds a live subscription to `\(bag)`, so each update is handled once per pass so far."
        case .perRow:
            return "Every \(Catalogue.perRowShownItems[site.name] ?? "row") shown runs `\(site.name)`, adding a live subscription to `\(bag)`, so each update is handled once per call so far."
        case .cellProvider:
            return "Every cell shown runs \(site.name), adding a live subscription to `\(bag)`, so each update is handled once per call so far."
        case .cellMethod(let cellType):
            return "Every reuse of `\(cellType)` runs `\(site.name)`, adding a live subscription to `\(bag)` while the old ones still update the old row."
        case .onAppear:
            return "Every `\(site.name)` adds a live subscription to `\(bag)`, so each update is handled once per appearance so far."
        case .foreground:
            return "Every `\(site.name)` adds a live subscription to `\(bag)`, so each value is handled once per return to the foreground so far."
        }
    }

    /// For a load that finishes, kept in per-row or cell code: the previous row's answer, when late, lands in the reused cell.
    func loadMessage(_ site: RepeatedSite, bag: String) -> String {
        switch site.kind {
        case .cellMethod(let cellType):
            return "Every reuse of `\(cellType)` runs `\(site.name)`, and `\(bag)` keeps the previous row's load: if it answers late, it fills the reused cell with the old row's data."
        default:
            return "Every \(Catalogue.perRowShownItems[site.name] ?? "row") shown runs `\(site.name)`, and `\(bag)` keeps the previous row's load: if it answers late, it fills the reused cell with the old row's data."
        }
    }

    func loadHelp(_ site: RepeatedSite, bag: String) -> String {
        "Cancel the previous load when the cell is reused (empty `\(bag)` in `prepareForReuse`), or check in the subscriber that the cell still shows the row the load was made for."
    }

    func help(_ site: RepeatedSite, bag: String) -> String {
        switch site.kind {
        case .appearance where Catalogue.appearanceOwnResets[site.name]?.isEmpty == true:
            // `showWindow(_:)`: nothing runs between two calls that could end the previous one.
            return "Subscribe once in `windowDidLoad` or `init`, or empty `\(bag)` first."
        case .appearance:
            return "Subscribe once in `viewDidLoad`, or empty `\(bag)` first or in `viewDidDisappear`."
        case .layout where Catalogue.representableUpdateCallbacks.contains(site.name):
            return "Subscribe once in `makeUIView`/`makeCoordinator` (or the coordinator's `init`), or empty `\(bag)` first."
        case .layout:
            return "Subscribe once in `viewDidLoad` or `init`, or empty `\(bag)` first."
        case .perRow, .cellProvider:
            return "Subscribe in the cell's configure method and empty the cell's bag in `prepareForReuse`."
        case .cellMethod:
            return "`prepareForReuse` does not empty `\(bag)`: empty it there or at the start of `\(site.name)`."
        case .onAppear:
            return "Use `.onReceive`, subscribe once in the model's `init`, or empty `\(bag)` in `.onDisappear`."
        case .foreground:
            return "Subscribe once in `init` or the launch callback, or empty `\(bag)` when the app leaves the foreground."
        }
    }

}
