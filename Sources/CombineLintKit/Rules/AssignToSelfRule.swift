/// Reports `assign(to:on:)` whose target is `self`: the subscription holds `self` strongly and
/// `self` usually holds the subscription, a cycle that lasts until the publisher completes.
public struct AssignToSelfRule: Rule {
    public static let description = RuleDescription(
        id: "assign_to_self",
        name: "Assign to self",
        defaultSeverity: .warning,
        summary: "`assign(to:on: self)` retains `self`; with the cancellable kept by `self`, neither is freed until the publisher completes.")

    public init() {}

    /// A file that never names `assign` has no `assign(to:on:)` to report.
    static let requiredNames = NameSet(["assign"])

    public func check(_ context: RuleContext) -> [Finding] {
        let helperFindings = assignOperatorFindings(context)
        // Every other finding is about one of the file's subscriptions.
        guard !context.subscriptions.isEmpty else { return helperFindings }
        guard context.mentions(anyOf: Self.requiredNames) else { return helperFindings }
        let tree = context.tree
        let finite = FinitePublishers(index: context.index, memo: context.memo, oneShot: true)
        var result: [Finding] = helperFindings
        for subscription in context.subscriptions where subscription.subscriber == .assignOnObject {
            let chain = tree.chains[subscription.chain]
            let element = chain.elements[subscription.element]
            guard let target = element.argument("on"), target.value.lowerBound == target.value.upperBound else { continue }
            // CombineExt's `assign(to: \.x, on: self, ownership: .weak)` holds `self` weakly.
            if let ownership = element.argument(Catalogue.assignOwnershipLabel),
               Catalogue.weakAssignOwnerships.contains(tree.text(ownership.value.lowerBound, ownership.value.upperBound).filter { $0 != " " }) { continue }
            let targetToken = target.value.lowerBound
            guard isSelf(targetToken, in: tree),
                  keepsCycle(subscription, chain: chain, target: targetToken, finite: finite, context) else { continue }
            let property = publishedProperty(assignedBy: element, at: targetToken, in: context)
            let fix = property.flatMap { makeFix(subscription, chain: chain, property: $0, targetToken: targetToken, context: context) }
            let help = property.map { "Write `.assign(to: &$\($0))`, which keeps no cancellable." }
                ?? "Use `sink` with `[weak self]` instead."
            let last = element.closeParen ?? element.lastToken
            let kept = keeper(of: subscription) ?? returnedTokenKeeper(subscription, chain: chain, context).flatMap { $0 }
            result.append(context.finding(tokens: element.nameToken, through: last, message: message(kept),
                                          fix: fix, help: help))
        }
        return result
    }

    /// `viewModel.$summary.bind(to: \.title, on: self).store(in: &bindings)`: the project's own
    /// operator that ends in `assign(to:on:)` on the root it is given (`ProjectAssignOperators`),
    /// given `self`, with the same conditions as the `assign(to:on:)` written out.
    private func assignOperatorFindings(_ context: RuleContext) -> [Finding] {
        let names = ProjectAssignOperators.candidateNames(index: context.index, memo: context.memo)
        guard context.mentions(anyOf: names) else { return [] }
        let tree = context.tree
        let finite = FinitePublishers(index: context.index, memo: context.memo, oneShot: true)
        var result: [Finding] = []
        for (c, chain) in tree.chains.enumerated() {
            // The operator is what the chain ends with, or what it stores (`….bind(to:on:).store(in: &bag)`).
            var e = chain.elements.count - 1
            if e >= 1, SubscriptionFinder.bagArgument(of: chain.elements[e]) != nil { e -= 1 }
            guard e >= 1, case let element = chain.elements[e], element.kind == .member, element.isCall,
                  !Catalogue.isPipelineOperator(element),
                  let p = ProjectAssignOperators.rootParameter(of: element.name, index: context.index, memo: context.memo),
                  let root = argument(of: element, forParameterAt: p, context: context),
                  root.value.lowerBound == root.value.upperBound, case let targetToken = root.value.lowerBound,
                  isSelf(targetToken, in: tree) else { continue }
            let subscription = Subscription(chain: c, element: e, subscriber: .assignOnObject,
                                            storage: SubscriptionFinder.storage(of: chain, subscriberAt: e, in: tree))
            guard keepsCycle(subscription, chain: chain, target: targetToken, finite: finite, context) else { continue }
            let kept = keeper(of: subscription).map { "keeps its cancellable in `\($0)`" } ?? "keeps its cancellable"
            let message = "`\(element.name)(…)` ends in `assign(to:on:)`, which retains `self` while `self` \(kept): neither is freed until the publisher completes."
            result.append(context.finding(tokens: element.nameToken, through: element.closeParen ?? element.lastToken, message: message,
                                          help: "Use `sink` with `[weak self]` instead, or a variant of `\(element.name)` that holds its root weakly."))
        }
        return result
    }

    /// Whether the subscription ending in an assignment onto `self` (at `target`) keeps a cycle that
    /// outlives its screen: `self` is an object of a class, the subscription is kept, its source is not
    /// shown to finish, the object does not live for the run anyway, nothing releases the subscription
    /// when the screen goes, and the code is the app's, not a preview's.
    private func keepsCycle(_ subscription: Subscription, chain: Chain, target: Int, finite: FinitePublishers, _ context: RuleContext) -> Bool {
        let tree = context.tree
        let e = subscription.element
        guard SelfCapture.isInReferenceType(target, of: tree, index: context.index),
              !isInStaticContext(target, in: tree),
              keepsSubscription(subscription, chain: chain, in: tree),
              returnedTokenKeeper(subscription, chain: chain, context) != .some(nil),
              !finite.finishes(chain, before: e, in: tree),
              // A request through a dependency the project cannot follow most often answers once
              // and lets go of `self`: only a source shown endless keeps the cycle.
              !NeverFinishingSources.startsFromUndecidedCall(chain, before: e, tree: tree, index: context.index),
              !LongLivedObjects.liveForTheRun(around: target, in: tree, index: context.index, memo: context.memo) else { return false }
        guard let treeIndex = context.index.treeIndexByPath[context.file.path] else { return true }
        // Released each time the screen goes (`viewWillDisappear`, `.onDisappear { model.stopClock() }`),
        // or by the owner's teardown before it drops `self`: the cycle never outlives the screen.
        if let kept = keeper(of: subscription), let t = tree.enclosingType(of: target),
           OwnerTeardowns.releasedWhenLeaving(kept, ofType: t, inTree: treeIndex, index: context.index, memo: context.memo) { return false }
        // Preview code, or a type only previews make, runs in Xcode's canvas, never in the app.
        return !PreviewCode.contains(target, inTree: treeIndex, index: context.index, memo: context.memo)
    }

    /// The argument a call passes for parameter `p` of the project's operator of its name (matched
    /// by the label of the first declaration; unlabelled parameters by position).
    private func argument(of element: ChainElement, forParameterAt p: Int, context: RuleContext) -> Argument? {
        guard let reference = PublisherExtensions.methods(named: element.name, index: context.index).first else { return nil }
        let function = context.index.trees[reference.tree].functions[reference.item]
        guard p < function.parameters.count else { return nil }
        return element.argument(forParameter: p, of: function)
    }

    private func message(_ keeper: String?) -> String {
        let kept = keeper.map { "keeps its cancellable in `\($0)`" } ?? "keeps its cancellable"
        return "`assign(to:on:)` retains `self` while `self` \(kept): neither is freed until the publisher completes."
    }

    /// The member of `self` that keeps the cancellable (`cancellables`, `disposeBag`, `token`), when the code names one.
    private func keeper(of subscription: Subscription) -> String? {
        switch subscription.storage {
        case .bag(.selfMember(let name)), .assigned(.selfMember(let name)), .collection(.selfMember(let name)):
            return name
        default:
            return nil
        }
    }

    // MARK: - Target

    /// `self`, or a local bound to `self` in scope (`let me = self`, `guard let strongSelf = self`).
    private func isSelf(_ token: Int, in tree: SyntaxTree) -> Bool {
        if tree.isSelfReference(token) { return true }
        guard tree.tokens[token].kind == .identifier else { return false }
        // A closure or function parameter of that name shadows any alias (`{ me in … on: me }`).
        if SubscriptionFinder.isParameter(named: tree.name(token), visibleAt: token, in: tree) { return false }
        return selfAlias(named: tree.name(token), usedAt: token, in: tree)
    }

    /// Whether the nearest visible `let`/`var` binding of `name` before `use` is `name = self`, held strongly.
    private func selfAlias(named name: String, usedAt use: Int, in tree: SyntaxTree) -> Bool {
        let visible = Set(tree.scopeChain(of: use))
        var lower = 0
        if let t = tree.enclosingType(of: use), let open = tree.types[t].bodyOpen { lower = open }
        var k = use - 1
        while k > lower {
            defer { k -= 1 }
            guard tree.tokens[k].kind == .identifier || tree.tokens[k].kind == .keyword, tree.name(k) == name else { continue }
            guard tree.isWord(k - 1, "let") || tree.isWord(k - 1, "var"), visible.contains(Int(tree.scopeOfToken[k])) else { continue }
            // The nearest binding decides: `let me = self` yes, `weak var me = self` and `let me = other` no.
            // (`unowned let me = self` counts: `assign` takes the object it is given strongly.)
            if k >= 2, tree.isWord(k - 2, "weak") { return false }
            guard k + 2 < tree.tokens.count, tree.tokens[k + 1].kind == .equal, tree.isSelfReference(k + 2) else { return false }
            let after = k + 3
            if after >= tree.tokens.count { return true }
            return !(tree.tokens[after].kind == .period || tree.tokens[after].kind == .questionMark
                     || tree.tokens[after].kind == .leftParen || tree.tokens[after].kind == .leftBracket)
                || tree.statementStarts[after]
        }
        return false
    }

    /// `self` in a static method is the metatype, which lives for the whole run anyway.
    private func isInStaticContext(_ token: Int, in tree: SyntaxTree) -> Bool {
        for scope in tree.scopeChain(of: token) {
            if case .functionBody(let f) = tree.scopes[scope].kind, !tree.functions[f].isLocal {
                let function = tree.functions[f]
                if function.isStatic { return true }
                if let v = function.variable, tree.variables[v].isStatic { return true }
                return false
            }
        }
        return false
    }

    /// For a token a method returns (`func bindSummary() -> AnyCancellable { ….assign(to: \.summary, on: self) }`),
    /// the member of `self` that keeps it where the type's own code calls the method
    /// (`bindSummary().store(in: &cancellables)`), or `.some(nil)` when no such call keeps it: a
    /// controller's `viewModel.bindSummary().store(in: &bag)` holds the model, which holds nothing
    /// back. Nil when the subscription is not a method's returned token.
    private func returnedTokenKeeper(_ subscription: Subscription, chain: Chain, _ context: RuleContext) -> String?? {
        let tree = context.tree
        guard subscription.storage == .returned, subscription.element == chain.elements.count - 1,
              let f = tree.enclosingFunction(of: chain.first), tree.innermostClosure(of: chain.first) == nil,
              tree.functions[f].kind == .function, let t = tree.enclosingType(of: tree.functions[f].nameToken) else { return nil }
        let index = context.index
        let callers = ReturnedSubscriptionCallers.selfCalls(of: tree.functions[f].name, inType: tree.types[t].name.lastNameComponent,
                                                            index: index, memo: context.memo)
        for reference in callers {
            let lookup = reference.tree == index.treeIndexByPath[context.file.path] ? TreeLookup(tree) : TreeLookup(index.trees[reference.tree])
            if let keeper = ReturnedSubscriptionCallers.selfMemberKeeping(reference, lookup: lookup) { return .some(keeper) }
        }
        return .some(nil)
    }

    /// A subscription dropped at once (reported by `discarded_cancellable`) holds nothing for long.
    private func keepsSubscription(_ subscription: Subscription, chain: Chain, in tree: SyntaxTree) -> Bool {
        switch subscription.storage {
        case .discarded:
            return false
        case .local(let v):
            return tree.variables[v].name != "_" && !SubscriptionFinder.usesAfterDeclaration(of: v, in: tree).isEmpty
        default:
            if subscription.element == chain.elements.count - 1, case .declaration(let v) = chain.context, tree.variables[v].name == "_" {
                return false
            }
            return true
        }
    }

    // MARK: - Fix

    /// The `@Published` property of the enclosing type that `to: \.name` names (`\.name`, `\Self.name`, `\Type.name`).
    private func publishedProperty(assignedBy element: ChainElement, at token: Int, in context: RuleContext) -> String? {
        let tree = context.tree
        guard let keyPath = element.argument("to"), let t = tree.enclosingType(of: token) else { return nil }
        let first = keyPath.value.lowerBound, last = keyPath.value.upperBound
        guard tree.tokens[first].kind == .backslash, tree.tokens[last].kind == .identifier, tree.tokens[last - 1].kind == .period else { return nil }
        let typeName = tree.types[t].name
        let written = last - 1 > first + 1 ? tree.text(first + 1, last - 2) : ""
        guard written.isEmpty || written == "Self" || written == typeName || typeName.hasSuffix("." + written) else { return nil }
        let name = tree.name(last)
        guard let property = context.index.property(name, ofType: typeName), property.hasAttribute("Published"), !property.isStatic else { return nil }
        return name
    }

    /// `.assign(to: \.x, on: self)` + `.store(in: &bag)` → `.assign(to: &$x)`.
    private func makeFix(_ subscription: Subscription, chain: Chain, property: String, targetToken: Int, context: RuleContext) -> Fix? {
        let tree = context.tree
        guard case .bag = subscription.storage, subscription.element + 1 < chain.elements.count else { return nil }
        let element = chain.elements[subscription.element]
        let store = chain.elements[subscription.element + 1]
        guard let close = element.closeParen, element.trailingClosures.isEmpty else { return nil }
        // Inside a closure (or through an alias) the projected value needs its object spelled out.
        let insideClosure = tree.innermostClosure(of: targetToken) != nil
        let object = insideClosure ? tree.text(targetToken) + "." : ""
        let replacement = "assign(to: &\(object)$\(property))"
        let assignRange = tree.tokens[element.nameToken].startOffset..<tree.tokens[close].endOffset
        // Remove `.store(in: …)` with the line break and indentation before its dot, unless a comment sits there.
        let dot = store.nameToken - 1
        let gapStart = tree.tokens[close].endOffset
        let dotStart = tree.tokens[dot].startOffset
        let commentInGap = tree.comments.contains { $0.startOffset >= gapStart && $0.startOffset < dotStart }
        let removeStart = commentInGap ? lineBreak(before: dotStart, in: context.file) : gapStart
        let storeRange = removeStart..<tree.tokens[store.lastToken].endOffset
        return Fix(title: "Replace with `assign(to: &$\(property))`",
                   edits: [context.edit(assignRange, replacement), context.edit(storeRange, "")])
    }

    /// The offset of the line break just before `offset` when only spaces separate them, else `offset`.
    private func lineBreak(before offset: Int, in file: SourceFile) -> Int {
        var k = offset - 1
        while k >= 0, file.bytes[k] == UInt8(ascii: " ") || file.bytes[k] == UInt8(ascii: "\t") { k -= 1 }
        guard k >= 0, file.bytes[k] == UInt8(ascii: "\n") else { return offset }
        return k > 0 && file.bytes[k - 1] == UInt8(ascii: "\r") ? k - 1 : k
    }
}
