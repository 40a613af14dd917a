/// Reports subscriptions whose `AnyCancellable` nobody keeps: `sink`, `assign(to:on:)` and
/// `connect()` used as a statement, assigned to `_`, or bound to a local that is never used again.
public struct DiscardedCancellableRule: Rule {
    public static let description = RuleDescription(
        id: "discarded_cancellable",
        name: "Discarded cancellable",
        defaultSeverity: .error,
        summary: "The cancellable returned by `sink`, `assign(to:on:)` or `connect()` is not kept, so the subscription ends at once (or the connection never can).")

    public init() {}

    public func preparations(index: ProjectIndex, memo: ProjectMemo) -> [Preparation] {
        [Preparation(Self.returningNamesKey) { _ = Self.cancellableReturningNames(index, memo: memo) }]
    }

    private static let returningNamesKey = "discarded_cancellable.cancellable-returning-names"

    /// `cancellableReturningNames(_:)`, once per run.
    private static func cancellableReturningNames(_ index: ProjectIndex, memo: ProjectMemo) -> Set<String> {
        memo.value(for: returningNamesKey) { cancellableReturningNames(index) }
    }

    public func check(_ context: RuleContext) -> [Finding] {
        let tree = context.tree
        var result = droppedHelperResults(context) + droppedSubjectSubscriptions(context) + droppedExtensionSinks(context)
        // Every other finding is about one of the file's subscriptions.
        guard !context.subscriptions.isEmpty else { return result }
        for subscription in context.subscriptions {
            let chain = tree.chains[subscription.chain]
            let element = chain.elements[subscription.element]
            if subscription.subscriber == .connect, !ConnectableEvidence.isConnectable(chain, before: subscription.element, in: tree, index: context.index) {
                continue
            }
            // `[a, b].publisher.makeConnectable()`: connecting sends every value and the completion
            // before `connect()` returns, so nothing is left for the dropped connection to cancel.
            if subscription.subscriber == .connect, upstreamFinishesDuringConnect(chain, before: subscription.element, in: tree, index: context.index) {
                continue
            }
            // `_ = Just(3).sink { values.append($0) }`: the subscription delivered and finished during `sink`.
            if subscription.subscriber != .connect, SynchronousCompletion.finishesDuringSubscribe(chain, before: subscription.element, in: tree, index: context.index) {
                continue
            }
            // `_ = rates.convert(10).sink { … }` with `convert` returning `Deferred { Future { promise in promise(…) } }`:
            // fulfilled during `sink` too.
            if subscription.subscriber != .connect,
               SynchronousFutures(index: context.index, memo: context.memo).deliversDuringSubscribe(chain, before: subscription.element, in: tree) {
                continue
            }
            guard let problem = problem(with: subscription, chain: chain, in: tree, index: context.index) else { continue }
            if case .dropped = problem, assertsDeliveryAtOnce(subscription, chain: chain, in: tree, index: context.index) { continue }
            let last = element.closeParen ?? element.lastToken
            let timer = subscription.subscriber == .connect
                && ConnectableEvidence.isTimer(chain, before: subscription.element, in: tree, index: context.index)
            let text = message(subscription.subscriber, problem, timer: timer)
            result.append(context.finding(tokens: element.nameToken, through: max(last, element.nameToken),
                                          message: text.message, help: text.help))
        }
        return result
    }

    /// Whether the connectable publisher `connect()` is called on (written before it, or bound to a
    /// local first: `let replay = items.publisher.makeConnectable()`) wraps a source that delivers and
    /// finishes while it is subscribed.
    private func upstreamFinishesDuringConnect(_ chain: Chain, before e: Int, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        var source = chain
        var end = e - 1
        if e == 1, !chain.elements[0].isCall, let c = FinitePublishers.localInitializerChain(named: chain.elements[0].name, visibleAt: chain.first, in: tree) {
            source = tree.chains[c]
            end = source.elements.count - 1
        }
        guard end >= 1, source.elements[end].name == "makeConnectable", source.elements[end].isCall else { return false }
        return SynchronousCompletion.finishesDuringSubscribe(source, before: end, in: tree, index: index)
    }

    /// `observe()` as a statement (or `_ = observe()`), where every project function it may call (of its name and
    /// argument labels, of the receiver's type and its relatives when that type is known) returns
    /// the `AnyCancellable` of a subscription it makes and keeps nothing (`@discardableResult func
    /// observe() -> AnyCancellable { values.sink { … } }`): the caller drops the only token, so the
    /// subscription is cancelled at once, as with a `sink` used as a statement.
    private func droppedHelperResults(_ context: RuleContext) -> [Finding] {
        // The names of the project's functions declared to return `AnyCancellable`, once per run:
        // most projects have few, and a call of any other name needs no further look.
        let returning = Self.cancellableReturningNames(context.index, memo: context.memo)
        guard !returning.isEmpty else { return [] }
        let names = context.memo.value(for: "discarded_cancellable.cancellable-returning-name-set") { NameSet(returning) }
        guard context.mentions(anyOf: names) else { return [] }
        let tree = context.tree
        var result: [Finding] = []
        for chain in tree.chains {
            // The name first: reading the rest of a body for a local's uses is the costly part.
            guard let element = chain.elements.last, element.isCall,
                  returning.contains(element.name),
                  // A project's own `sink` is a subscription of its own, reported as one.
                  element.name != "sink", element.name != "assign", element.name != "connect",
                  DiscardedCancellableRule.dropsValue(chain, in: tree) || bindsUnusedLocal(chain, in: tree)
                    // `uploads.forEach { api.send($0) }`: the only expression of a closure returning `Void`.
                    || isDroppedByVoidClosure(chain, in: tree) else { continue }
            let e = chain.elements.count - 1
            // `service.api.telemetrySubject.send(x)`: the type of `telemetrySubject`, a subject, not a project `send`.
            let owner = TypeResolver.ownerTypeThroughProperties(ofElement: e, in: chain, tree: tree, index: context.index)
            let labels = element.argumentLabels
            let bare = e == 0
            let key = "discarded_cancellable.helper\u{0}" + element.name + "(" + labels.joined(separator: ":") + ")\u{0}" + (owner ?? "") + (bare ? "\u{0}bare" : "")
            guard context.memo.value(for: key, {
                      DiscardedCancellableRule.returnsFreshCancellable(element.name, labels: labels, owner: owner, bareCall: bare, index: context.index)
                  }),
                  !isCollectedByResultBuilder(chain, in: tree, index: context.index) else { continue }
            let last = element.closeParen ?? element.lastToken
            if case .declaration(let v) = chain.context, tree.variables[v].name != "_" {
                result.append(context.finding(tokens: element.nameToken, through: max(last, element.nameToken),
                                              message: "`\(tree.variables[v].name)` holds the AnyCancellable returned by `\(element.name)` but is never used, so the subscription it made ends with the scope.",
                                              help: "Keep it with `.store(in: &cancellables)` or in a property owned by whoever needs the values."))
                continue
            }
            result.append(context.finding(tokens: element.nameToken, through: max(last, element.nameToken),
                                          message: "The AnyCancellable returned by `\(element.name)` is thrown away, so the subscription it made is cancelled at once.",
                                          help: "Keep it with `.store(in: &cancellables)` or in a property owned by whoever needs the values."))
        }
        return result
    }

    /// The chain's value is thrown away: a statement of its own, `_ = chain` or `let _ = chain`
    /// (written to silence the unused-result warning of a helper that is not `@discardableResult`).
    static func dropsValue(_ chain: Chain, in tree: SyntaxTree) -> Bool {
        switch chain.context {
        case .statement, .discardAssignment: return true
        case .declaration(let v): return tree.variables[v].name == "_"
        default: return false
        }
    }

    /// `let token = observe()` in a function, with `token` never used again: Swift releases the local
    /// (at the latest) when the scope ends, and with it the only token of the subscription.
    /// (Top-level code of `main.swift` declares globals, which stay.)
    private func bindsUnusedLocal(_ chain: Chain, in tree: SyntaxTree) -> Bool {
        guard case .declaration(let v) = chain.context, tree.variables[v].name != "_",
              tree.variables[v].initializer.map({ $0.lowerBound == chain.first }) ?? false else { return false }
        if case .file = tree.scopes[tree.variables[v].scope].kind { return false }
        return SubscriptionFinder.usesAfterDeclaration(of: v, in: tree).isEmpty
    }

    /// The names of the project's functions that return a fresh subscription's `AnyCancellable`
    /// (see `returnsFreshSubscription`), found once per run.
    static func cancellableReturningNames(_ index: ProjectIndex) -> Set<String> {
        var names = Set<String>()
        for (t, tree) in index.trees.enumerated() {
            for (f, function) in tree.functions.enumerated() where function.kind == .function && !function.isLocal
                && returnsFreshSubscription(DeclarationReference(tree: t, item: f), index: index) {
                names.insert(function.name)
            }
        }
        return names
    }

    /// Whether the function is declared to return `AnyCancellable` and returns one straight from a
    /// `sink` or `assign(to:on:)` it makes (`return values.sink { … }`, or the body's single expression).
    static func returnsFreshSubscription(_ reference: DeclarationReference, index: ProjectIndex) -> Bool {
        let tree = index.trees[reference.tree]
        let function = tree.functions[reference.item]
        guard let open = function.bodyOpen, let close = function.bodyClose,
              function.returnType == "AnyCancellable" else { return false }
        return tree.chains(in: open...close).contains { chain in
            switch chain.context {
            case .returned, .implicitReturn: break
            default: return false
            }
            guard tree.enclosingFunction(of: chain.first) == reference.item, tree.innermostClosure(of: chain.first) == nil,
                  let last = chain.elements.last, last.isCall else { return false }
            // `sink(…)` without a receiver in an extension of `Publisher`: the sink of the publisher extended.
            if chain.elements.count == 1 { return SubscribingHelpers.receiverSink(of: chain, in: function, tree: tree) != nil }
            return last.name == "sink" || (last.name == "assign" && last.argument("on") != nil)
        }
    }

    /// Whether every function of the project that a call `name(labels…)` may run (on a receiver of
    /// type `owner`, or of any type when it is unknown; at least one) returns an `AnyCancellable`
    /// straight from a `sink` or `assign(to:on:)` it makes (`return values.sink { … }`, or the
    /// body's single expression), so that nothing but the caller keeps it.
    static func returnsFreshCancellable(_ name: String, labels: [String], owner: String?, bareCall: Bool = false, index: ProjectIndex) -> Bool {
        var found = false
        for reference in index.functions[name] {
            let tree = index.trees[reference.tree]
            let function = tree.functions[reference.item]
            guard function.name == name, function.kind == .function, !function.isLocal, function.accepts(argumentLabels: labels) else { continue }
            // A protocol's requirement has no body: what runs is a conforming type's implementation.
            guard function.bodyOpen != nil else { continue }
            // An extension of the `Publisher` protocol serves every publisher (`AnyPublisher`, a subject).
            // A free function: what a call without a receiver runs, whatever type the call is written in
            // (`observeDisruptions(feed)` in a method of `Diagnostics`); no call with a receiver runs it.
            if function.enclosingType == nil {
                guard bareCall else { continue }
            } else if let owner, !(function.enclosingType.map { tree.types[$0].kind == .extension && tree.types[$0].name == "Publisher" } ?? false) {
                guard let t = function.enclosingType, index.areRelated(tree.types[t].name.lastNameComponent, owner) else { continue }
            }
            guard returnsFreshSubscription(reference, index: index) else { return false }
            found = true
        }
        return found
    }

    enum Problem {
        case dropped
        /// A local never used again; `beforeWait` when a test waits after it (`wait(for:timeout:)`).
        case unusedLocal(String, beforeWait: Bool)
        /// Stored in a bag declared in the scope that nothing keeps (see `isForgottenLocalBag`).
        case localBag(String, beforeWait: Bool)
    }

    private func problem(with subscription: Subscription, chain: Chain, in tree: SyntaxTree, index: ProjectIndex) -> Problem? {
        // `let _ = publisher.sink { … }` binds nothing.
        if subscription.element == chain.elements.count - 1, case .declaration(let v) = chain.context, tree.variables[v].name == "_" {
            return .dropped
        }
        switch subscription.storage {
        case .discarded:
            if isCollectedByResultBuilder(chain, in: tree, index: index) || isValueOfIfExpression(chain, in: tree) { return nil }
            return .dropped
        case .local(let v):
            let variable = tree.variables[v]
            // Top-level code of `main.swift` or a playground declares globals, not locals.
            if case .file = tree.scopes[variable.scope].kind { return nil }
            let uses = SubscriptionFinder.usesAfterDeclaration(of: v, in: tree)
            guard uses.isEmpty || isOnlySilencedAtScopeEnd(uses, of: v, in: tree)
                    // Read in a closure, it is captured, and lives as long as the closure.
                    || uses.allSatisfy({ isOnlyPrinted($0, in: tree) && tree.innermostClosure(of: $0) == tree.innermostClosure(of: variable.nameToken) })
            else { return nil }
            // A wait after it does not keep it: Swift may release a local right after its last use.
            return .unusedLocal(variable.name, beforeWait: waitsLater(in: v, tree: tree))
        case .returned:
            return isDroppedByVoidClosure(chain, in: tree) ? .dropped : nil
        case .bag(.local(let v)), .collection(.local(let v)):
            return DiscardedCancellableRule.forgottenLocalBag(v, in: tree, index: index).map {
                .localBag(tree.variables[v].name, beforeWait: $0 == .releasedBeforeWait)
            }
        default:
            return nil
        }
    }

    /// `let token = request.sink { … }` with `_ = token` as the last statement of its scope (a method,
    /// or the closure of a `Future` that answers later): that silences the compiler's warning about
    /// an unused local and keeps the token no longer than the scope, which ends right there, so the
    /// subscription is cancelled as soon as it is made. (`_ = token` followed by more statements, or
    /// a closure that captures `token`, may keep it while they run; so does a `_ = token` written
    /// after a wait, `wait(for: [done], timeout: 2); _ = token`: a use after the wait, or after a test's
    /// assertion on what was delivered, `XCTAssertEqual(level, 8); _ = token`: the token was kept
    /// through the check.)
    private func isOnlySilencedAtScopeEnd(_ uses: [Int], of v: Int, in tree: SyntaxTree) -> Bool {
        guard uses.count == 1, let k = uses.first, k >= 2 else { return false }
        let close = tree.scopes[tree.variables[v].scope].close
        return k + 1 == close && tree.tokens[k - 1].kind == .equal && tree.name(k - 2) == "_"
            && !waitsLater(in: v, tree: tree, before: k - 2)
            && !waitsLater(in: v, tree: tree, before: k - 2, calls: Catalogue.assertionsOfAValue)
    }

    /// `print("observing", observer)`, `ObjectIdentifier(observer)`, `"\(observer)"`: handing the token
    /// to a function that only writes it out, or reads its identity or description, keeps it no
    /// longer than that call, after which nothing holds it.
    private func isOnlyPrinted(_ use: Int, in tree: SyntaxTree) -> Bool {
        let open = Int(tree.enclosing[use])
        guard open >= 0 else { return false }
        // `"armed \(watchdog)"`: the interpolation makes a string and keeps nothing.
        if tree.tokens[open].kind == .interpolationStart { return open + 1 == use && Int(tree.matching[open]) == use + 1 }
        guard tree.tokens[open].kind == .leftParen, let call = tree.call(openedAt: open), call.element == 0,
              case let element = tree.chains[call.chain].elements[0], element.kind == .root,
              Catalogue.printingFunctions.contains(element.name) || Catalogue.nonRetainingReaders.contains(element.name) else { return false }
        // The token itself, as a whole argument: `print(observer)`, `print("x", observer)`,
        // `ObjectIdentifier(observer)`, `String(describing: observer)`.
        return element.arguments.contains { $0.value == use...use && (element.name != "String" || $0.label == "describing" || $0.label == "reflecting") }
    }

    /// `let c = p.sink { … exp.fulfill() }` then `wait(for: [exp], timeout: 1)`: the test means to keep
    /// the subscription open until the values arrived, but nothing uses `c` after this line, so it
    /// may be released at once (only `withExtendedLifetime(c) { … }` or a use keeps it). `calls`: the
    /// calls looked for after the declaration (waits, or assertions).
    private func waitsLater(in v: Int, tree: SyntaxTree, before limit: Int? = nil, calls: Set<String> = Catalogue.waitingCalls) -> Bool {
        let variable = tree.variables[v]
        let scope = tree.scopes[variable.scope]
        guard let initializer = variable.initializer else { return false }
        let end = min(limit ?? scope.close, scope.close, tree.tokens.count)
        var k = initializer.upperBound + 1
        while k < end {
            if tree.tokens[k].kind == .identifier, k + 1 < end, tree.tokens[k + 1].kind == .leftParen || tree.tokens[k + 1].kind == .leftBrace,
               calls.contains(tree.name(k)) {
                return true
            }
            k += 1
        }
        return false
    }

    /// `cancelBag.collect { a.sink { … }; b.assign(to: \.x, on: y) }`: statements of a result-builder
    /// closure are its values, not dropped. Combine's own `collect` takes no closure, so a `collect`
    /// with a closure is such a builder; so is any project function whose closure parameter is `@…Builder`.
    /// A statement in an `if`, `else`, `switch` or `for` block of the closure is one of its values too
    /// (the builder's optional, either and array parts).
    func isCollectedByResultBuilder(_ chain: Chain, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        guard case .statement = chain.context else { return false }
        var scope = chain.scope
        while case .controlFlow(let word) = tree.scopes[scope].kind, [.if, .else, .switch, .for].contains(word),
              let parent = tree.scopes[scope].parent {
            scope = parent
        }
        guard case .closure(let c) = tree.scopes[scope].kind, let call = tree.call(receiving: c) else { return false }
        let callee = tree.chains[call.chain].elements[call.element].name
        if callee == "collect" { return true }
        return index.functions[callee].contains { ref in
            let function = index.trees[ref.tree].functions[ref.item]
            return function.name == callee
                && function.parameters.contains { $0.typeText.hasPrefix("@") && $0.typeText.contains("Builder") }
        }
    }

    /// `holder = if isOpaque { nil } else { publisher.sink { … } }`: the last expression of an `if`
    /// or `switch` branch whose value is assigned (or returned) is that value, not dropped.
    private func isValueOfIfExpression(_ chain: Chain, in tree: SyntaxTree) -> Bool {
        guard case .statement = chain.context else { return false }
        let scope = tree.scopes[chain.scope]
        guard case .controlFlow = scope.kind, chain.last + 1 == scope.close else { return false }
        // Back over the branches (`} else {`, `} else if c {`) to the statement holding the `if`.
        let level = tree.enclosing[scope.open]
        var k = scope.open - 1
        while k >= 0, tree.enclosing[k] == level || Int(tree.enclosing[k]) > Int(level) {
            if tree.enclosing[k] == level, tree.isWord(k, "if") || tree.isWord(k, "switch") {
                let before = k - 1
                if before >= 0, tree.tokens[before].kind == .equal || tree.isWord(before, "return") { return true }
                if !(before >= 0 && tree.isWord(before, "else")) { return false }
            }
            if tree.enclosing[k] == level, tree.statementStarts[k], !tree.isWord(k, "else"), tree.tokens[k].kind != .rightBrace { return false }
            k -= 1
        }
        return false
    }

    /// `DispatchQueue.main.async { publisher.sink { … } }`: the single-expression body of a closure that
    /// returns `Void` is evaluated and its value thrown away.
    private func isDroppedByVoidClosure(_ chain: Chain, in tree: SyntaxTree) -> Bool {
        guard case .implicitReturn = chain.context else { return false }
        let scope = tree.scopes[chain.scope]
        guard case .closure(let c) = scope.kind else { return false }
        if tree.closureDeclaresVoidResult(c) { return true }
        guard let call = tree.call(receiving: c) else { return false }
        let callee = tree.chains[call.chain].elements[call.element].name
        // `Task { publisher.sink { … } }` as a statement: the task's result is the token, and nobody
        // keeps the task, so the token is released when the task ends, right after it began.
        if callee == "Task" || callee == "detached", call.element == tree.chains[call.chain].elements.count - 1,
           case .statement = tree.chains[call.chain].context {
            return true
        }
        // `Button("Watch") { settings.$goal.sink { … } }`: a button's action returns `Void`.
        if Catalogue.viewActionInitializers.contains(callee), ViewActionClosures.buttonAction(of: tree.chains[call.chain].elements[call.element]) == c {
            return true
        }
        return Catalogue.voidClosureCalls.contains(callee)
    }

    /// A timer's connection keeps firing when its `Cancellable` is dropped (the run loop holds the
    /// timer); the connection of `makeConnectable()` or `multicast` is an `AnyCancellable` that
    /// cancels itself when released, so dropping it ends the connection at once.
    func message(_ subscriber: Subscription.Subscriber, _ problem: Problem, timer: Bool) -> (message: String, help: String) {
        let keepTimer = "Keep it in a property and call `cancel()` when the work should stop."
        let keepConnection = "Keep it in a property for as long as the connection should last."
        let keepSubscription = "Keep it with `.store(in: &cancellables)` or in a property owned by whoever needs the values."
        switch (subscriber, problem) {
        case (.connect, .dropped):
            return timer
                ? ("The Cancellable returned by the timer's `connect()` is thrown away, so this timer can never be stopped and keeps firing.", keepTimer)
                : ("The cancellable returned by `connect()` is thrown away, and releasing it cancels the connection at once: subscribers get nothing.", keepConnection)
        case (.connect, .unusedLocal(let name, _)):
            return timer
                ? ("`\(name)` holds the timer's connection but is never used, so this timer can never be stopped and keeps firing.", keepTimer)
                : ("`\(name)` holds the cancellable returned by `connect()` but is never used; releasing it cancels the connection.", keepConnection)
        case (_, .dropped):
            return ("The AnyCancellable returned by `\(subscriber.callName)` is thrown away, so the subscription is cancelled at once.", keepSubscription)
        case (_, .localBag(let name, true)):
            return ("`\(name)` is never read after the store, and a wait after it does not keep it: Swift may release it and cancel the subscription at once.",
                    "Wrap the wait in `withExtendedLifetime(\(name)) { … }`, or keep the bag in a property of the test case.")
        case (_, .localBag(let name, false)):
            return ("`\(name)` is a bag local to this scope that nothing keeps, so the subscription is cancelled when the scope ends.",
                    "Store it in a bag owned by the object that needs the values (`.store(in: &self.cancellables)`).")
        case (_, .unusedLocal(let name, let beforeWait)):
            if beforeWait {
                return ("`\(name)` is never used, and a wait after it does not keep it: Swift may release it and cancel the subscription at once.",
                        "Wrap the wait in `withExtendedLifetime(\(name)) { … }`, or store the cancellable.")
            }
            return ("`\(name)` holds the AnyCancellable returned by `\(subscriber.callName)` but is never used, so the subscription ends with the scope.", keepSubscription)
        }
    }
}

extension Subscription.Subscriber {
    /// The call as written in messages.
    var callName: String {
        switch self {
        case .sink: return "sink"
        case .assignOnObject: return "assign(to:on:)"
        case .connect: return "connect()"
        case .subject: return "subscribe(_:)"
        }
    }
}
