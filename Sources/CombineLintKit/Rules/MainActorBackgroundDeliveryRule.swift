/// A `sink` or `assign` that runs main-actor code on a pipeline delivering on a background queue,
/// with no later hop to the main queue: a trap under Swift 6, a data race under Swift 5.
///
/// Sites shared with `published_background_mutation`: that rule owns the write to an `@Published`
/// property of a class that is not `@MainActor` in a `sink` after `subscribe(on:)`; this one owns every
/// other background delivery (`receive(on:)` and the timing operators on a background queue,
/// `dataTaskPublisher`), `assign`, and main-actor types.
public struct MainActorBackgroundDeliveryRule: Rule {
    public static let description = RuleDescription(
        id: "main_actor_background_delivery", name: "Main-actor work on background delivery", defaultSeverity: .warning,
        summary: "A sink/assign running main-actor code on a pipeline that delivers on a background queue, with no later hop to main.")

    public init() {}

    /// A file without a background source or a background queue has no finding.
    static let requiredNames = NameSet(Array(Catalogue.schedulerArgumentLabels.keys) + ["subscribe", "collect", "dataTaskPublisher", "NotificationCenter", "Future"]
                                       + Catalogue.backgroundKeyValuePaths.values.flatMap { $0 })

    /// The facts behind each file's first look (`check`'s opening test), which every file asks for.
    public func preparations(index: ProjectIndex, memo: ProjectMemo) -> [Preparation] {
        [ViewObservedTypes.preparation(index, memo: memo),
         Preparation("subjects-sent-off-main") { _ = BackgroundSubjects.names(index: index, memo: memo) },
         Preparation("published-changed-names") { _ = BackgroundPublished.names(index: index, memo: memo) },
         Preparation("background-stored-publisher-names") { _ = BackgroundStoredPublishers.names(index: index, memo: memo) },
         Preparation("background-function-names") { _ = DeliveryQueues.backgroundFunctionNames(index: index, memo: memo) }]
    }

    public func check(_ context: RuleContext) -> [Finding] {
        // …or a subject that the project sends into off the main thread, or a project function
        // that returns a pipeline delivering off it.
        guard context.mentions(anyOf: Self.requiredNames)
            || context.mentions(anyOf: BackgroundSubjects.names(index: context.index, memo: context.memo))
            || context.mentions(anyOf: BackgroundStoredPublishers.names(index: context.index, memo: context.memo))
            || context.mentions(anyOf: BackgroundPublished.names(index: context.index, memo: context.memo))
            || context.mentions(anyOf: DeliveryQueues.backgroundFunctionNames(index: context.index, memo: context.memo))
            || takesPublisherParameters(context.tree) else { return [] }
        let tree = context.tree
        let queues = DeliveryQueues(tree: tree, index: context.index, memo: context.memo)
        var hops: MainHopSpans?
        var findings: [Finding] = []
        for chain in tree.chains {
            for (s, element) in chain.elements.enumerated() where s > 0 && element.kind == .member && element.isCall
                && (element.name == "sink" || element.name == "assign") {
                guard case .background(let reason) = queues.delivery(of: chain, before: s) else { continue }
                let typeName = TypeResolver.enclosingTypeName(at: element.nameToken, in: tree)
                let isolated = isMainActorContext(at: element.nameToken, typeName: typeName, context: context)
                if hops == nil { hops = MainHopSpans(tree) }
                let touched: MainActorUse?
                if element.name == "sink" {
                    touched = element.closures.lazy.compactMap { self.mainActorUse(in: $0, typeName: typeName, isolated: isolated, hops: hops!, context: context) }.first
                } else {
                    touched = assignedMainActorProperty(element, typeName: typeName, isolated: isolated, context: context).map(MainActorUse.member)
                }
                guard let use = touched?.phrase else { continue }
                findings.append(context.finding(
                    tokens: element.nameToken,
                    message: "`\(element.name)` gets its values on \(reason) but \(use): a data race in Swift 5 mode, a trap in Swift 6 mode.",
                    help: "Add `.receive(on: DispatchQueue.main)` right before `\(element.name)` (the last scheduler step must be the main queue), or do the main-actor work inside `DispatchQueue.main.async { … }`."))
            }
        }
        return findings
    }

    /// A function or initializer of the file takes a publisher (`configure(_:weights: AnyPublisher<…>)`,
    /// `init(events: PassthroughSubject<…>)`): a pipeline from it delivers where what its callers
    /// pass does, which other files show, so no name in this one tells.
    private func takesPublisherParameters(_ tree: SyntaxTree) -> Bool {
        tree.functions.contains { function in
            function.parameters.contains { parameter in
                parameter.typeText.containsBytes("Publisher") || parameter.typeText.containsBytes("Subject")
            }
        }
    }

    /// Code at `token` is main-actor isolated: its type (or an ancestor) is `@MainActor` or a UIKit,
    /// AppKit or SwiftUI main-actor type, or its function is `@MainActor`.
    private func isMainActorContext(at token: Int, typeName: String?, context: RuleContext) -> Bool {
        let tree = context.tree
        if let f = tree.enclosingFunction(of: token) {
            if tree.functions[f].attributes.contains("@MainActor") { return true }
            // A `nonisolated` member of a main-actor type runs its closures on no actor.
            if tree.functions[f].modifiers.contains("nonisolated") { return false }
        }
        guard let typeName, context.index.type(named: typeName)?.kind != .actor else { return false }
        // The declaration around the code answers when its simple name is shared by several types.
        if let t = tree.enclosingType(of: token) {
            return MainActorTypes.isMainActor(typeAt: t, in: tree, index: context.index, memo: context.memo)
        }
        return MainActorTypes.isMainActor(typeName, index: context.index, memo: context.memo)
    }

    /// Whether SwiftUI views observe the type around `token` (named `typeName`).
    private func isObserved(at token: Int, typeName: String, context: RuleContext) -> Bool {
        let observed = ViewObservedTypes.of(context.index, memo: context.memo)
        if observed.forwarded.contains(typeName.lastNameComponent) { return true }
        if let t = context.tree.enclosingType(of: token), let treeIndex = context.index.treeIndexByPath[context.file.path] {
            return observed.observe(typeAt: t, inTree: treeIndex, index: context.index)
        }
        return observed.observe(typeName, index: context.index)
    }

    /// What a closure does with main-actor state, as the message says it.
    private enum MainActorUse {
        /// Uses a member (`label`, `self?.rows`, a captured `imageView`).
        case member(String)
        /// Calls a method of the type (`apply(_:)`) that sets an observed `@Published` property.
        case call(method: String, sets: String)
        /// Calls a method of the type (`showBanner(_:)`) that uses a main-actor object the type holds.
        case callUsing(method: String, object: String)

        var phrase: String {
            switch self {
            case .member(let name): return "uses main-actor `\(name)`"
            case .call(let method, let property): return "calls `\(method)(…)`, which sets main-actor `\(property)`"
            case .callUsing(let method, let object): return "calls `\(method)(…)`, which uses main-actor `\(object)`"
            }
        }
    }

    /// The first main-actor state closure `c` uses, outside nested closures that hop to the main queue
    /// or start a task (which inherits the actor): in a main-actor context, a member of `self`
    /// (`self.label`, `self?.reload()`, or an implicit `label`); elsewhere, a write to an `@Published`
    /// property of a type that SwiftUI views observe.
    private func mainActorUse(in c: Int, typeName: String?, isolated: Bool, hops: MainHopSpans, context: RuleContext) -> MainActorUse? {
        let tree = context.tree
        let closure = tree.closures[c]
        guard let typeName, closure.bodyStart < closure.close else { return nil }
        let observed = !isolated && isObserved(at: closure.open, typeName: typeName, context: context)
        let hasMainActorProperties = context.index.type(named: typeName)?.properties.values.contains { $0.attributes.contains("@MainActor") } == true
        // Outside the main actor, the UIKit and AppKit objects the type holds are still main-actor
        // state: a menu bar controller's `statusItem.button?.title = …`, a helper's `label.text = …`.
        let holders = isolated ? [] : mainActorObjectHolders(of: typeName, context: context)
        // Objects of types SwiftUI views observe, which the type holds (`@Published var throughput = ThroughputMeter()`).
        let observedHolders = isolated ? [:] : observedObjectHolders(of: typeName, context: context)
        // `[weak imageView] image in imageView?.image = image`: a UIKit or AppKit object the capture list binds.
        if let captured = capturedMainActorObjectUse(in: c, context: context) { return .member(captured) }
        // `annotationView.markerTintColor = …` with `annotationView: MKMarkerAnnotationView` a parameter of the function around.
        if let captured = implicitlyCapturedMainActorObjectUse(in: c, hops: hops, context: context) { return .member(captured) }
        // `guard let model = self.turbinesByID[id] …; model.openReportCount = n`: an object views observe, through a local.
        if !isolated, let written = observedValueWrite(in: c, hops: hops, context: context) { return .member(written) }
        // `NSApp.dockTile.badgeLabel = …`: the application object, in any type's code.
        if let application = sharedApplicationUse(in: c, hops: hops, tree: tree) { return .member(application) }
        guard isolated || observed || hasMainActorProperties || !holders.isEmpty || !observedHolders.isEmpty else { return nil }
        for i in tokensOnDeliveryQueue(in: c, hops: hops, tree: tree) {
            guard let member = selfMember(at: i, in: c, tree: tree) else { continue }
            // A `nonisolated` method or property runs on the caller's thread: calling it is safe.
            if isNonisolated(member.name, of: typeName, index: context.index) { continue }
            // A `let` subject, logger or value: any thread may use it, and nothing races.
            if !member.isWritten, isThreadSafeConstant(member.name, of: typeName, context: context) { continue }
            // `[cache] output in cache.store(…)`: the capture list read the property where the closure
            // was made; here runs the captured value, main-actor state only when its type is.
            if !member.isExplicit, capturedByList(member.name, at: i, within: c, tree: tree),
               let property = context.index.property(member.name, ofType: typeName),
               let type = TypeResolver.typeName(annotation: property.typeText, initializer: property.initializerText),
               !MainActorTypes.isMainActor(type, index: context.index, memo: context.memo) { continue }
            // Every member of a main-actor type is isolated, also those it inherits from UIKit (`self.view`);
            // a bare name must be one of the type's own (it could be a global function).
            if isolated, member.isExplicit || isMember(member.name, of: typeName, index: context.index) { return .member(member.name) }
            // A property declared `@MainActor` is main-actor state whatever its type is.
            if context.index.property(member.name, ofType: typeName)?.attributes.contains("@MainActor") == true { return .member(member.name) }
            if observed, member.isWritten, let property = context.index.property(member.name, ofType: typeName), property.hasAttribute("Published"),
               publishes(property, changedAt: member.nameToken, in: tree, index: context.index) { return .member(member.name) }
            // `self.apply(sample)`, a method of the type whose own code sets such a property.
            if observed, !member.isWritten, member.nameToken + 1 < tree.tokens.count, tree.tokens[member.nameToken + 1].kind == .leftParen,
               let written = publishedPropertyWritten(byMethod: member.name, of: typeName, context: context) {
                return .call(method: member.name, sets: written)
            }
            // A member of a held main-actor object used (`statusItem.button?.title = …`, `label.isHidden = true`).
            if holders.contains(member.name), usesMemberOfValue(named: member.nameToken, in: tree) { return .member(member.name) }
            // `self?.throughput.record(rate)`: a method of a held object that views observe, whose own code
            // sets one of its `@Published` properties.
            if let heldType = observedHolders[member.name], !member.isWritten, let method = calledMethod(ofValueNamed: member.nameToken, in: tree),
               let written = publishedPropertyWritten(byMethod: method, of: heldType, context: context) {
                return .call(method: member.name + "." + method, sets: written)
            }
            // `self?.focusedYard.latestFrames[id] = frame`: a `@Published` property of such a held object, changed
            // right here.
            if let heldType = observedHolders[member.name], !member.isWritten, let property = tree.memberToken(after: member.nameToken),
               NameWrites.isChanged(at: property, in: tree),
               let declared = context.index.property(tree.name(property), ofType: heldType), declared.hasAttribute("Published"),
               publishes(declared, changedAt: property, in: tree, index: context.index) {
                return .member(member.name + "." + tree.name(property))
            }
            // `self?.showBanner(text)`, a method of the type whose own code does that (`bannerLabel.text = text`).
            if !holders.isEmpty, !member.isWritten, member.nameToken + 1 < tree.tokens.count, tree.tokens[member.nameToken + 1].kind == .leftParen,
               let used = heldObjectUsed(byMethod: member.name, of: typeName, holders: holders, context: context) {
                return .callUsing(method: member.name, object: used)
            }
        }
        return nil
    }

    /// The first use of a member of the application object (`NSApp.dockTile`, `UIApplication.shared.applicationIconBadgeNumber`)
    /// in closure `c`, outside nested closures that hop to main or start a task: the object and the member, as the message names them.
    private func sharedApplicationUse(in c: Int, hops: MainHopSpans, tree: SyntaxTree) -> String? {
        for i in tokensOnDeliveryQueue(in: c, hops: hops, tree: tree) where tree.tokens[i].kind == .identifier {
            guard i == 0 || tree.tokens[i - 1].kind != .period else { continue }
            for path in Catalogue.sharedApplicationObjects {
                // `NSApp` then `.member`, or `UIApplication` `.` `shared` then `.member`: name, period, name, ….
                let last = i + 2 * path.count
                guard last < tree.tokens.count, tree.tokens[last].kind == .identifier,
                      path.indices.allSatisfy({ n in tree.isWord(i + 2 * n, path[n]) && tree.tokens[i + 2 * n + 1].kind == .period }) else { continue }
                return (path + [tree.name(last)]).joined(separator: ".")
            }
        }
        return nil
    }

    /// The first use of a member of a main-actor object that closure `c`'s capture list binds from a
    /// local, parameter or property of a UIKit or AppKit type (`[weak imageView]`, `[label]`), outside
    /// nested closures: `imageView?.image = …` runs on the delivery queue.
    private func capturedMainActorObjectUse(in c: Int, context: RuleContext) -> String? {
        let tree = context.tree
        let closure = tree.closures[c]
        guard closure.bodyStart < closure.close else { return nil }
        for capture in closure.captures where capture.name != "self" && capture.expression == capture.name {
            guard MainActorTypes.capturesMainActorValue(capture, ofClosure: c, in: tree, index: context.index, memo: context.memo) else { continue }
            for i in closure.bodyStart..<closure.close where tree.tokens[i].kind == .identifier && tree.name(i) == capture.name {
                guard i == 0 || tree.tokens[i - 1].kind != .period, tree.innermostClosure(of: i) == c,
                      usesMemberOfValue(named: i, in: tree) else { continue }
                return capture.name
            }
        }
        return nil
    }

    /// The first use of a member of a main-actor object that closure `c` captures without a capture
    /// list: a local or parameter of the code around the closure, of a UIKit or AppKit type
    /// (`func loadConditions(for site: LaunchSite, annotationView: MKMarkerAnnotationView)` with
    /// `annotationView.markerTintColor = …` in its sink), used directly in the closure's body.
    private func implicitlyCapturedMainActorObjectUse(in c: Int, hops: MainHopSpans, context: RuleContext) -> String? {
        let tree = context.tree
        let open = tree.closures[c].open
        var judged: [String: Bool] = [:]
        for i in tokensOnDeliveryQueue(in: c, hops: hops, tree: tree) {
            guard tree.tokens[i].kind == .identifier, i == 0 || tree.tokens[i - 1].kind != .period,
                  tree.innermostClosure(of: i) == c, usesMemberOfValue(named: i, in: tree) else { continue }
            let name = tree.name(i)
            if name == "self" || tree.closures[c].captures.contains(where: { $0.name == name }) { continue }
            let isMainActorObject = judged[name] ?? {
                // Declared outside the closure: visible where it opens.
                guard SubscriptionFinder.localVariable(named: name, visibleAt: open, in: tree) != nil
                        || SubscriptionFinder.isParameter(named: name, visibleAt: open, in: tree) else { return false }
                return MainActorTypes.namesMainActorValue(name, at: open, in: tree, index: context.index, memo: context.memo)
            }()
            judged[name] = isMainActorObject
            if isMainActorObject { return name }
        }
        return nil
    }

    /// The first write in closure `c` (outside nested closures that hop to main or start a task) to
    /// an `@Published` property of an object of a project class SwiftUI views observe, reached through
    /// a local, a condition binding or a stored property of the type by its own name
    /// (`model.openReportCount = n` after `guard let model = self.turbinesByID[id]`): the view redraws
    /// from the delivery queue. `model.openReportCount`, as the message names it.
    private func observedValueWrite(in c: Int, hops: MainHopSpans, context: RuleContext) -> String? {
        let tree = context.tree
        let observed = ViewObservedTypes.of(context.index, memo: context.memo)
        for i in tokensOnDeliveryQueue(in: c, hops: hops, tree: tree) {
            guard tree.tokens[i].kind == .identifier, i == 0 || tree.tokens[i - 1].kind != .period, !tree.isWord(i, "self"),
                  let member = tree.memberToken(after: i), NameWrites.isChanged(at: member, in: tree) else { continue }
            let name = tree.name(i)
            guard let type = TypeResolver.typeOfName(name, at: i, in: tree, index: context.index),
                  context.index.type(named: type)?.kind == .class, observed.redrawViews(type, index: context.index),
                  context.index.property(tree.name(member), ofType: type)?.hasAttribute("Published") == true else { continue }
            return name + "." + tree.name(member)
        }
        return nil
    }

    /// The tokens of closure `c`'s body that run where the closure does: those of nested closures
    /// that hop to main or start a task are left out.
    private func tokensOnDeliveryQueue(in c: Int, hops: MainHopSpans, tree: SyntaxTree) -> [Int] {
        let closure = tree.closures[c]
        var result: [Int] = []
        var i = closure.bodyStart
        while i < closure.close {
            if let inner = tree.closure(openedAt: i), inner != c, leavesBackground(inner, hops: hops, tree: tree) {
                i = tree.closures[inner].close + 1
                continue
            }
            result.append(i)
            i += 1
        }
        return result
    }

    /// The stored properties of `typeName` that hold a UIKit, AppKit or SwiftUI main-actor object
    /// (or one of the project's main-actor types): by declared type or initializer, or made by a
    /// framework call that returns one (`NSStatusBar.system.statusItem(withLength:)`).
    private func mainActorObjectHolders(of typeName: String, context: RuleContext) -> Set<String> {
        context.memo.value(for: "main_actor_background_delivery.holders\u{0}" + typeName) { () -> Set<String> in
            guard let type = context.index.type(named: typeName) else { return [] }
            var result: Set<String> = []
            for (name, property) in type.properties where !property.isComputed && !property.isStatic {
                if Catalogue.mainActorObjectFactories.contains(where: { property.initializerText.contains($0) }) {
                    result.insert(name)
                } else if let held = TypeResolver.typeName(annotation: property.typeText, initializer: property.initializerText),
                          MainActorTypes.isMainActor(held, index: context.index, memo: context.memo) {
                    result.insert(name)
                }
            }
            return result
        }
    }

    /// The stored properties of `typeName` that hold an object of a project type SwiftUI views observe
    /// (not a main-actor one, whose members are main-actor state already), with that type's name.
    private func observedObjectHolders(of typeName: String, context: RuleContext) -> [String: String] {
        context.memo.value(for: "main_actor_background_delivery.observed-holders\u{0}" + typeName) { () -> [String: String] in
            guard let type = context.index.type(named: typeName) else { return [:] }
            let observed = ViewObservedTypes.of(context.index, memo: context.memo)
            var result: [String: String] = [:]
            for (name, property) in type.properties where !property.isComputed && !property.isStatic {
                guard let held = TypeResolver.typeName(annotation: property.typeText, initializer: property.initializerText), held != typeName,
                      context.index.type(named: held)?.kind == .class, observed.observe(held, index: context.index),
                      !MainActorTypes.isMainActor(held, index: context.index, memo: context.memo) else { continue }
                result[name] = held
            }
            return result
        }
    }

    /// `record` of `throughput.record(rate)` or `self?.throughput?.record(rate)`: the method called on
    /// the value named at token `nameToken`.
    private func calledMethod(ofValueNamed nameToken: Int, in tree: SyntaxTree) -> String? {
        guard let member = tree.memberToken(after: nameToken), member + 1 < tree.tokens.count,
              tree.tokens[member + 1].kind == .leftParen else { return nil }
        return tree.name(member)
    }

    /// Whether the member named at token `nameToken` (`label`, `self.label`, `self?.statusItem`)
    /// is followed by a use of one of its own members (`.text`, `?.button`).
    private func usesMemberOfValue(named nameToken: Int, in tree: SyntaxTree) -> Bool {
        tree.memberToken(after: nameToken) != nil
    }

    /// Whether the capture list of closure `c`, or of a closure inside it around token `i`, binds `name`.
    private func capturedByList(_ name: String, at i: Int, within c: Int, tree: SyntaxTree) -> Bool {
        for closure in tree.enclosingClosures(of: i) {
            if tree.closures[closure].captures.contains(where: { $0.name == name }) { return true }
            if closure == c { break }
        }
        return false
    }

    /// A nested closure whose code does not run on the delivery queue: it hops to main
    /// (`DispatchQueue.main.async`, `MainActor.run`, `@MainActor in`) or is a `Task`'s body.
    private func leavesBackground(_ inner: Int, hops: MainHopSpans, tree: SyntaxTree) -> Bool {
        if hops.isMainHop(inner, tree: tree) { return true }
        guard let call = tree.call(receiving: inner) else { return false }
        let chain = tree.chains[call.chain]
        return call.element == 0 && chain.root.name == Catalogue.taskType
    }

    /// The first `@Published` property of `typeName` that method `name` assigns (or changes in place,
    /// `samples.append(x)`) right in its body (not in a closure, which may hop or run later): calling it
    /// on the delivery queue changes what views observe there.
    private func publishedPropertyWritten(byMethod name: String, of typeName: String, context: RuleContext) -> String? {
        firstMemberUse(inMethod: name, of: typeName, kind: "published-writer", context: context) { i, tree in
            guard NameWrites.isChanged(at: i, in: tree), let property = context.index.property(tree.name(i), ofType: typeName),
                  property.hasAttribute("Published") else { return false }
            return publishes(property, changedAt: i, in: tree, index: context.index)
        }
    }

    /// Whether changing the `@Published` property at token `i` changes what views observe: an
    /// assignment always does; a mutating call or a subscript write (`history.append(x)`) does when
    /// the property holds a value, or an `ObservableObject` whose own state the call may change, but
    /// not an object of a plain project class: its reference stays the same, and nothing publishes.
    private func publishes(_ property: IndexedProperty, changedAt i: Int, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        if NameWrites.isAssigned(at: i, in: tree) { return true }
        guard let type = TypeResolver.typeName(annotation: property.typeText, initializer: property.initializerText),
              index.type(named: type)?.kind == .class else { return true }
        return index.inherits(type, from: "ObservableObject")
    }

    /// The first main-actor object of `holders` (stored properties of `typeName`) whose members method
    /// `name` uses right in its body (not in a closure, which may hop or run later): `bannerLabel.text = text`.
    private func heldObjectUsed(byMethod name: String, of typeName: String, holders: Set<String>, context: RuleContext) -> String? {
        firstMemberUse(inMethod: name, of: typeName, kind: "held-object-user", context: context) { i, tree in
            holders.contains(tree.name(i)) && usesMemberOfValue(named: i, in: tree)
        }
    }

    /// The name of the first member of `self` (`rows`, `self.rows`) right in the body of method `name` of
    /// `typeName` (not a `@MainActor` one) that `matches`, remembered per type, method and `kind` for the run.
    private func firstMemberUse(inMethod name: String, of typeName: String, kind: String, context: RuleContext,
                                matches: @escaping (Int, SyntaxTree) -> Bool) -> String? {
        // Remembered as a string, empty for none (the memo holds no optionals).
        let found = context.memo.value(for: "main_actor_background_delivery.\(kind)\u{0}" + typeName + "\u{0}" + name) { () -> String in
            for reference in context.index.functions(named: name, inTypesNamed: typeName) {
                let tree = context.index.trees[reference.tree]
                let function = tree.functions[reference.item]
                guard !function.attributes.contains("@MainActor"), let open = function.bodyOpen, let close = function.bodyClose, open < close else { continue }
                for i in (open + 1)..<close where tree.tokens[i].kind == .identifier && tree.innermostClosure(of: i) == nil {
                    guard i + 1 < close, i == 0 || tree.tokens[i - 1].kind != .period || (i >= 2 && tree.isWord(i - 2, "self")),
                          matches(i, tree) else { continue }
                    return tree.name(i)
                }
            }
            return ""
        }
        return found.isEmpty ? nil : found
    }

    /// `self.name`, `self?.name` or an implicit `name` (not a local, a parameter, a label or a
    /// member of something else) at token `i`, the token of its name, and whether it is assigned there.
    private func selfMember(at i: Int, in c: Int, tree: SyntaxTree) -> (name: String, nameToken: Int, isWritten: Bool, isExplicit: Bool)? {
        var nameToken = i
        if tree.isSelfReference(i) {
            guard let member = tree.memberToken(after: i) else { return nil }
            nameToken = member
        } else {
            guard tree.tokens[i].kind == .identifier else { return nil }
            if i > 0, tree.tokens[i - 1].kind == .period { return nil }
            let name = tree.name(i)
            if tree.uses(name, in: i..<(i + 1)).isEmpty { return nil }
            if SubscriptionFinder.localVariable(named: name, visibleAt: i, in: tree) != nil { return nil }
            if tree.enclosingClosures(of: i).contains(where: { tree.closures[$0].parameters.contains(name) }) { return nil }
            if let f = tree.enclosingFunction(of: i), tree.functions[f].parameters.contains(where: { $0.name == name }) { return nil }
        }
        // Assigned, or changed in place (`self.entries.insert(entry, at: 0)`).
        return (tree.name(nameToken), nameToken, NameWrites.isChanged(at: nameToken, in: tree), nameToken != i)
    }

    /// Every declaration of `name` in `typeName` (any file, any extension) is `nonisolated`: a
    /// method or property that opts out of the type's actor.
    private func isNonisolated(_ name: String, of typeName: String, index: ProjectIndex) -> Bool {
        if let property = index.property(name, ofType: typeName) {
            return property.modifiers.contains { $0 == "nonisolated" || $0.hasPrefix("nonisolated(") }
        }
        var found = false
        for reference in index.functions[name] {
            let tree = index.trees[reference.tree]
            let function = tree.functions[reference.item]
            guard function.kind == .function, let t = function.enclosingType,
                  tree.types[t].name.lastNameComponent == typeName.lastNameComponent else { continue }
            guard function.modifiers.contains("nonisolated") else { return false }
            found = true
        }
        return found
    }

    /// A stored `let` property of `typeName` whose type any thread may use (`Catalogue.threadSafeTypes`:
    /// a subject, a logger, a queue, a string or number; a project type named `…Logger`), or whose
    /// initial value is a literal.
    private func isThreadSafeConstant(_ name: String, of typeName: String, context: RuleContext) -> Bool {
        guard let property = context.index.property(name, ofType: typeName), property.isLet, !property.isComputed,
              !property.modifiers.contains("lazy") else { return false }
        if let first = property.initializerText.first, property.typeText.isEmpty, first == "\"" || first.isNumber { return true }
        // A logging facade of the project (`AppLogger`) is made to be called from any thread.
        guard let type = TypeResolver.typeName(annotation: property.typeText, initializer: property.initializerText),
              Catalogue.threadSafeTypes.contains(type) || type.hasSuffix("Logger") else { return false }
        // A project type of the name that is main-actor isolated is not the framework's.
        return !MainActorTypes.isMainActor(type, index: context.index, memo: context.memo)
    }

    /// A property or method of `typeName` or of one of its ancestors.
    private func isMember(_ name: String, of typeName: String, index: ProjectIndex) -> Bool {
        if index.property(name, ofType: typeName) != nil { return true }
        if index.type(named: typeName)?.methods.contains(name) == true { return true }
        return index.allAncestors(of: typeName).contains { index.type(named: $0)?.methods.contains(name) == true }
    }

    /// `assign(to: \.title, on: self)` in a main-actor type (or to an `@Published` property of a type
    /// SwiftUI views observe), `assign(to: \.text, on: nameLabel)` with
    /// `nameLabel` a view property of the type, or `assign(to: &$title)` with `title` an `@Published`
    /// property of a main-actor type or of one SwiftUI views observe.
    private func assignedMainActorProperty(_ element: ChainElement, typeName: String?, isolated: Bool, context: RuleContext) -> String? {
        let tree = context.tree
        guard let typeName, let to = element.argument("to") else { return nil }
        if to.isInout {
            // `&$title`: the projected property's name without `$`.
            guard let token = to.value.first(where: { tree.tokens[$0].kind == .dollarIdentifier }) else { return nil }
            let name = String(tree.name(token).dropFirst())
            guard context.index.property(name, ofType: typeName)?.hasAttribute("Published") == true else { return nil }
            if isolated { return name }
            return isObserved(at: element.nameToken, typeName: typeName, context: context) ? name : nil
        }
        guard let on = element.argument("on") else { return nil }
        // `\.title` or `\Self.title`: the last name of the key path.
        guard let last = to.value.reversed().first(where: { tree.tokens[$0].kind == .identifier }) else { return nil }
        if on.value.count == 1, tree.isWord(on.value.lowerBound, "self") {
            let name = tree.name(last)
            if isolated { return name }
            // An `@Published` property of a type SwiftUI views observe, as `assign(to: &$name)` is.
            guard context.index.property(name, ofType: typeName)?.hasAttribute("Published") == true,
                  isObserved(at: element.nameToken, typeName: typeName, context: context) else { return nil }
            return name
        }
        // `assign(to: \.text, on: nameLabel)`: a property of the type that holds a UIKit or AppKit view;
        // `on: searchController.searchBar`, a member of one.
        var target = on.value.lowerBound
        if tree.isWord(target, "self"), target + 2 <= on.value.upperBound, tree.tokens[target + 1].kind == .period { target += 2 }
        guard tree.tokens[target].kind == .identifier,
              (target...on.value.upperBound).allSatisfy({ tree.tokens[$0].kind == .identifier || tree.tokens[$0].kind == .period }),
              let property = context.index.property(tree.name(target), ofType: typeName),
              let viewType = TypeResolver.typeName(annotation: property.typeText, initializer: property.initializerText),
              MainActorTypes.isMainActor(viewType, index: context.index, memo: context.memo) || Catalogue.mainActorBaseTypes.contains(viewType) else { return nil }
        return tree.text(target, on.value.upperBound) + "." + tree.name(last)
    }
}
