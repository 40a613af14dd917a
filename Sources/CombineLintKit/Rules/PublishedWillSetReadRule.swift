/// Reading an `@Published` property inside a closure subscribed to its own publisher, where
/// the property still holds the old value (`@Published` publishes in `willSet`).
public struct PublishedWillSetReadRule: Rule {
    public static let description = RuleDescription(
        id: "published_willset_read",
        name: "Published read in willSet",
        defaultSeverity: .warning,
        summary: "Reading an @Published property inside a closure subscribed to its own $publisher, which still sees the old value."
    )

    static let willChangeNames = NameSet(["objectWillChange"])

    static func message(_ property: String) -> String {
        "`\(property)` still holds its old value here: `@Published` publishes in `willSet`, before the property changes."
    }

    /// Only the closure's argument is sure to be the new value; a scheduler hop merely delays the read.
    static func help(_ property: String) -> String {
        "Use the value the closure receives (`$0` or a named parameter) instead of reading `\(property)`."
    }

    static func willChangeMessage(_ property: String) -> String {
        "`\(property)` still holds its old value here: `objectWillChange` sends before any `@Published` property changes."
    }

    /// `objectWillChange` carries no value, so the new one comes from the property's own publisher.
    static func willChangeHelp(_ property: String) -> String {
        "Subscribe to `$\(property)` and use the value it sends instead of reading `\(property)`."
    }

    public init() {}

    public func check(_ context: RuleContext) -> [Finding] {
        // Only `$property` projections and `objectWillChange` are subscribed to here.
        guard context.vocabulary.hasProjection || context.mentions(anyOf: Self.willChangeNames) else { return [] }
        let tree = context.tree
        var findings: [Finding] = []
        var reported = Set<Int>()
        for chain in tree.chains {
            // SwiftUI `.onReceive(model.$frame) { _ in … model.frame … }`: the publisher is an
            // argument chain and the closure belongs to the `onReceive` call.
            if case .argument(let open) = chain.context, let call = tree.call(openedAt: open),
               let last = chain.elements.last, last.name.hasPrefix("$"), last.name.count > 1, !last.isCall {
                let receiver = tree.chains[call.chain].elements[call.element]
                if receiver.name == "onReceive", receiver.arguments.first?.value.lowerBound == chain.first,
                   let ownerType = TypeResolver.ownerTypeThroughProperties(ofElement: chain.elements.count - 1, in: chain, tree: tree, index: context.index) {
                    let name = String(last.name.dropFirst())
                    if context.index.property(name, ofType: ownerType)?.hasAttribute("Published") == true {
                        let ownerTokens = chain.elements.count == 1 ? nil : (chain.first, chain.elements[chain.elements.count - 2].lastToken)
                        for c in receiver.closures {
                            for read in reads(of: [name], owner: ownerTokens, in: c, tree: tree, index: context.index) where reported.insert(read.first).inserted {
                                findings.append(context.finding(
                                    tokens: read.first, through: read.last,
                                    message: Self.message(name), help: Self.help(name)))
                            }
                        }
                    }
                }
            }
            for (e, element) in chain.elements.enumerated() {
                let isProjected = element.name.hasPrefix("$") && element.name.count > 1
                let isWillChange = element.name == "objectWillChange" && !element.isCall
                guard isProjected || isWillChange else { continue }
                guard let ownerType = TypeResolver.ownerTypeThroughProperties(ofElement: e, in: chain, tree: tree, index: context.index) else { continue }
                let names: Set<String>
                if isProjected {
                    let name = String(element.name.dropFirst())
                    guard context.index.property(name, ofType: ownerType)?.hasAttribute("Published") == true else { continue }
                    names = [name]
                } else {
                    names = publishedProperties(of: ownerType, index: context.index)
                    guard !names.isEmpty else { continue }
                }
                let ownerTokens = e == 0 ? nil : (chain.first, chain.elements[e - 1].lastToken)
                let ownerIsSelf = ownerTokens.map { tree.text($0.0, $0.1) == "self" } ?? true
                for later in chain.elements[(e + 1)...] {
                    if Catalogue.deferringOperators.contains(later.name) { break }
                    for c in later.closures {
                        // `$filter.sink { _ in self.recompute() }` with `recompute()` reading `filter`.
                        if isProjected, ownerIsSelf, let name = names.first {
                            for call in methodCallsReading(name, ofType: ownerType, in: c, context: context) where reported.insert(call.token).inserted {
                                findings.append(context.finding(
                                    tokens: call.token, message: Self.methodMessage(call.method, name), help: Self.methodHelp(call.method, name)))
                            }
                        }
                        // `self.viewModel.resultSummary` with `var resultSummary: String { "\(results.count) matches" }`.
                        if isProjected, let name = names.first {
                            let computed = context.memo.value(for: "published_willset_read.computed\u{0}\(ownerType)\u{0}\(name)") {
                                computedPropertiesReading(name, ofType: ownerType, index: context.index)
                            }
                            if !computed.isEmpty {
                                for read in reads(of: computed, owner: ownerTokens, in: c, tree: tree, index: context.index) where reported.insert(read.first).inserted {
                                    let getter = tree.name(read.last)
                                    findings.append(context.finding(tokens: read.first, through: read.last,
                                                                    message: Self.computedMessage(getter, name), help: Self.computedHelp(getter, name)))
                                }
                            }
                        }
                        for read in reads(of: names, owner: ownerTokens, in: c, tree: tree, index: context.index) where reported.insert(read.first).inserted {
                            let property = tree.name(read.last)
                            findings.append(context.finding(
                                tokens: read.first, through: read.last,
                                message: isWillChange ? Self.willChangeMessage(property) : Self.message(property),
                                help: isWillChange ? Self.willChangeHelp(property) : Self.help(property)))
                        }
                    }
                }
            }
        }
        return findings
    }

    static func computedMessage(_ getter: String, _ property: String) -> String {
        "`\(getter)` is computed from `\(property)`, which still holds its old value here: `@Published` publishes in `willSet`, before the property changes."
    }

    static func computedHelp(_ getter: String, _ property: String) -> String {
        "Compute it from the value the closure receives instead of reading `\(getter)`."
    }

    /// The computed properties of the type (instance ones) whose getter reads `property` directly,
    /// outside closures that may run later (`var resultSummary: String { "\(results.count) matches" }`).
    private func computedPropertiesReading(_ property: String, ofType typeName: String, index: ProjectIndex) -> Set<String> {
        guard let type = index.type(named: typeName.lastNameComponent) else { return [] }
        var result = Set<String>()
        for candidate in type.properties.values where candidate.isComputed && !candidate.isStatic && candidate.name != property {
            guard let t = index.treeIndexByPath[candidate.file] else { continue }
            let tree = index.trees[t]
            let v = candidate.variable
            guard v < tree.variables.count, tree.variables[v].name == candidate.name else { continue }
            if let f = getter(ofVariable: v, in: tree), let open = tree.functions[f].bodyOpen, let close = tree.functions[f].bodyClose, open + 1 < close {
                let reads = ((open + 1)..<close).contains { i in
                    guard tree.tokens[i].kind == .identifier, tree.name(i) == property, runsWithTheMethod(i, body: open, in: tree, index: index) else { return false }
                    if i > 0, tree.tokens[i - 1].kind == .period { return i >= 2 && tree.isWord(i - 2, "self") }
                    if i > 0, tree.tokens[i - 1].kind == .backslash { return false }
                    return SubscriptionFinder.localVariable(named: property, visibleAt: i, in: tree) == nil
                }
                if reads { result.insert(candidate.name) }
            }
        }
        return result
    }

    /// The getter of computed variable `v`: the body right after its declaration (`var x: T { … }`),
    /// or its `get { … }` block. Found from the declaration, without a walk over every function.
    private func getter(ofVariable v: Int, in tree: SyntaxTree) -> Int? {
        var k = tree.variables[v].nameToken + 1
        var steps = 0
        while k < tree.tokens.count, tree.tokens[k].kind != .leftBrace, steps < 64 {
            k += 1
            steps += 1
        }
        guard k + 1 < tree.tokens.count, tree.tokens[k].kind == .leftBrace else { return nil }
        var body = k + 1
        // `{ get { … } set { … } }`: the `get` block.
        if tree.isWord(body, "get"), body + 1 < tree.tokens.count, tree.tokens[body + 1].kind == .leftBrace { body += 2 }
        guard let f = tree.enclosingFunction(of: body), tree.functions[f].kind == .accessor, tree.functions[f].variable == v else { return nil }
        return f
    }

    static func methodMessage(_ method: String, _ property: String) -> String {
        "`\(method)()` reads `\(property)`, which still holds its old value here: `@Published` publishes in `willSet`, before the property changes."
    }

    static func methodHelp(_ method: String, _ property: String) -> String {
        "Pass the value the closure receives to `\(method)` and use it there instead of reading `\(property)`."
    }

    /// Calls in closure `c`'s own body of the type's own methods (`recompute()`, `self.save()`,
    /// `self?.reload()`) whose body reads `property` directly, outside closures (which may run later):
    /// they run inside the assignment and read the old value.
    private func methodCallsReading(_ property: String, ofType typeName: String, in c: Int, context: RuleContext) -> [(token: Int, method: String)] {
        let tree = context.tree
        let closure = tree.closures[c]
        guard closure.bodyStart < closure.close else { return [] }
        var result: [(Int, String)] = []
        for i in closure.bodyStart..<closure.close where tree.tokens[i].kind == .identifier && i + 1 < closure.close
            && tree.tokens[i + 1].kind == .leftParen && tree.innermostClosure(of: i) == c {
            if i > 0, tree.tokens[i - 1].kind == .period {
                var receiver = i - 2
                if receiver >= 0, tree.tokens[receiver].kind == .questionMark { receiver -= 1 }
                guard receiver >= 0, tree.isWord(receiver, "self"), !(receiver > 0 && tree.tokens[receiver - 1].kind == .period) else { continue }
            }
            let method = tree.name(i)
            let reads = context.memo.value(for: "published_willset_read.method\u{0}\(typeName)\u{0}\(method)\u{0}\(property)") {
                methodReads(property, method: method, ofType: typeName.lastNameComponent, index: context.index)
            }
            switch reads {
            case .never: continue
            case .always: result.append((i, method))
            case .unlessGiven(let label):
                let given = tree.call(openedAt: i + 1).map { tree.chains[$0.chain].elements[$0.element].argument(label) != nil } ?? false
                if !given { result.append((i, method)) }
            }
        }
        return result
    }

    /// When a method reads the property: never, on every call, or only on calls that leave out the
    /// argument of a doubly optional parameter whose value the read stands in for.
    enum MethodRead: Sendable, Equatable {
        case never, always
        /// `func rebuild(kind: Kind?? = .none) { let k = kind ?? kindFilter }`: a call that passes
        /// `kind:` (even a nil `Kind?`, which arrives as `.some(nil)`) never reads `kindFilter`.
        case unlessGiven(String)
    }

    /// How a method of the type with this name reads `property` (bare or as `self.property`)
    /// directly in its body, where no parameter or local of the name shadows it.
    private func methodReads(_ property: String, method: String, ofType typeName: String, index: ProjectIndex) -> MethodRead {
        var fallbacks = Set<String>()
        // `station ?? selectedStation` with `station: Station.Kind? = nil` and a property that is never
        // nil: a call that passes `station:` the value the property publishes passes a non-nil one.
        let propertyMayBeNil = index.property(property, ofType: typeName).map(Self.mayBeNil) ?? true
        let readsAlways = index.functions(named: method, inTypesNamed: typeName).contains { reference in
            let tree = index.trees[reference.tree]
            let function = tree.functions[reference.item]
            guard function.kind == .function, !function.isStatic, !function.parameters.contains(where: { $0.name == property }),
                  let open = function.bodyOpen, let close = function.bodyClose, open + 1 < close else { return false }
            let parameters = Set(function.parameters.map(\.name).filter { $0 != "_" })
            var reads = false
            for i in (open + 1)..<close where tree.tokens[i].kind == .identifier && tree.name(i) == property {
                guard runsWithTheMethod(i, body: open, in: tree, index: index) else { continue }
                if i + 1 < close, tree.tokens[i + 1].kind == .equal || tree.tokens[i + 1].kind == .colon { continue }
                if i > 0, tree.tokens[i - 1].kind == .period, !(i >= 2 && tree.isWord(i - 2, "self")) { continue }
                if i > 0, tree.tokens[i - 1].kind == .backslash { continue }
                if SubscriptionFinder.localVariable(named: property, visibleAt: i, in: tree) != nil { continue }
                // `if new != selection`: a method given the new value that compares it with the
                // property relies on the property being one step behind.
                let first = i >= 2 && tree.tokens[i - 1].kind == .period ? i - 2 : i
                if i + 2 < close, isComparison(i + 1, tree), parameters.contains(tree.name(i + 2)) { return false }
                if first >= 2, isComparison(first - 1, tree), parameters.contains(tree.name(first - 2)) { return false }
                // `if let old = track, old != new`: a method given the new value that keeps the
                // property as the old one reads it for that on purpose.
                if !parameters.isEmpty, first >= 2, tree.tokens[first - 1].kind == .equal, tree.tokens[first - 2].kind == .identifier,
                   Self.namesOldValue(tree.name(first - 2)) { return false }
                // `kind ?? kindFilter` with `kind: Kind?? = .none` (or `Kind? = nil` for a property that is
                // never nil): read only when the call leaves `kind` out.
                if first >= 2, tree.tokenIs(first - 1, "??"), let fallback = function.parameters.first(where: {
                    let type = $0.typeText.filter { !$0.isWhitespace }
                    return $0.name == tree.name(first - 2) && $0.hasDefault && (type.hasSuffix("??") || (type.hasSuffix("?") && !propertyMayBeNil))
                }), let label = fallback.label, label != "_" {
                    fallbacks.insert(label)
                    continue
                }
                reads = true
            }
            return reads
        }
        if readsAlways { return .always }
        if fallbacks.count == 1, let label = fallbacks.first { return .unlessGiven(label) }
        return fallbacks.isEmpty ? .never : .always
    }

    /// Whether a property may hold `nil`: declared optional (`Station?`, `Optional<Station>`, `Station!`),
    /// or with neither a type nor a value other than `nil` to tell.
    private static func mayBeNil(_ property: IndexedProperty) -> Bool {
        if property.typeText.trimmingSpaces.isEmpty { return property.initializerText.isEmpty || property.initializerText == "nil" }
        return TypeText.isOptional(property.typeText)
    }

    /// Whether token `i` of a method body opened at `open` runs during the call: outside closures,
    /// or only in closures of collection methods that run at once (`items.filter { … }`).
    private func runsWithTheMethod(_ i: Int, body open: Int, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        var next = tree.innermostClosure(of: i)
        while let c = next, tree.closures[c].open > open {
            guard runsDuringItsCall(c, in: tree, index: index) else { return false }
            next = tree.parentClosure(of: c)
        }
        return true
    }

    /// Whether token `i` runs while closure `c` (which holds it) runs: in `c`'s own body, or in
    /// closures of collection methods that run at once (`self.levels.map { pow($0, self.curve) }`),
    /// not in one that may run later. Returns the closures between, innermost first, or nil.
    private func closuresRunningWith(_ i: Int, closure c: Int, in tree: SyntaxTree, index: ProjectIndex) -> [Int]? {
        var between: [Int] = []
        var next = tree.innermostClosure(of: i)
        while let inner = next, inner != c {
            guard runsDuringItsCall(inner, in: tree, index: index) else { return nil }
            between.append(inner)
            next = tree.parentClosure(of: inner)
        }
        return next == c ? between : nil
    }

    /// Closure `c` runs during the call it is given to: a collection method's (`isElementClosure`), or
    /// the project's own function whose parameter for it is a non-escaping closure
    /// (`store.update { $0.sync = self.sync }` with `func update(_ change: (inout Settings) -> Void)`),
    /// which Swift lets run only before the call returns.
    private func runsDuringItsCall(_ c: Int, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        isElementClosure(c, in: tree) || isNonEscapingArgument(c, in: tree, index: index)
    }

    /// Whether every project function of the call's name that accepts its labels takes closure `c`
    /// in a parameter of a function type not marked `@escaping` (at least one such function).
    private func isNonEscapingArgument(_ c: Int, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        guard let call = tree.call(receiving: c) else { return false }
        let element = tree.chains[call.chain].elements[call.element]
        guard element.isCall, let position = element.closures.firstIndex(of: c) else { return false }
        // The closure's place among the call's arguments, trailing closures last.
        let argumentPosition = element.arguments.firstIndex { $0.closure == c }
            ?? element.arguments.count + (position - element.arguments.filter { $0.closure != nil }.count)
        let labels = element.argumentLabels
        var found = false
        for reference in index.functions[element.name] {
            let function = index.trees[reference.tree].functions[reference.item]
            guard function.kind == .function, function.accepts(argumentLabels: labels) else { continue }
            guard let p = function.parameterIndex(receivingArgumentAt: argumentPosition, labels: labels) else { return false }
            let type = function.parameters[p].typeText
            guard type.contains("->"), !type.contains("@escaping") else { return false }
            found = true
        }
        return found
    }

    /// Closure `c` is given to a sequence or collection method that calls it during the call (`map`,
    /// `filter`), not to the publisher operator of that name in a pipeline (`hub.messages.filter { … }.sink { … }`),
    /// which calls it for each later value.
    private func isElementClosure(_ c: Int, in tree: SyntaxTree) -> Bool {
        guard let call = tree.call(receiving: c), call.element > 0 else { return false }
        let elements = tree.chains[call.chain].elements
        return Catalogue.synchronousElementClosureMethods.contains(elements[call.element].name)
            && !elements.contains { element in
                element.name.hasPrefix("$") || Catalogue.subscriberCalls.contains(element.name)
                    || Catalogue.publisherOnlyOperators.contains(element.name)
            }
    }

    private func publishedProperties(of typeName: String, index: ProjectIndex) -> Set<String> {
        var names = Set<String>()
        var current: String? = typeName
        var seen = Set<String>()
        while let name = current, seen.count <= ProjectIndex.ancestorsLimit, seen.insert(name).inserted, let type = index.type(named: name) {
            for property in type.properties.values where property.hasAttribute("Published") { names.insert(property.name) }
            current = type.firstInherited
        }
        return names
    }

    /// Reads of the properties in closure c's own body, or in closures of collection methods it
    /// calls (not other nested closures, which may run later): `self.name`, implicit `name` (when
    /// the owner is self), or `owner.name`. Assignments are not reads.
    private func reads(of names: Set<String>, owner: (Int, Int)?, in c: Int, tree: SyntaxTree, index: ProjectIndex) -> [(first: Int, last: Int)] {
        let closure = tree.closures[c]
        let ownerText = owner.map { tree.text($0.0, $0.1) }
        let ownerIsSelf = ownerText == nil || ownerText == "self"
        var result: [(Int, Int)] = []
        guard closure.bodyStart < closure.close else { return [] }
        for i in closure.bodyStart..<closure.close {
            guard tree.tokens[i].kind == .identifier, names.contains(tree.name(i)) else { continue }
            guard let between = closuresRunningWith(i, closure: c, in: tree, index: index) else { continue }
            if i + 1 < tree.tokens.count, tree.tokens[i + 1].kind == .equal { continue }
            if i + 1 < tree.tokens.count, tree.tokens[i + 1].kind == .colon { continue }
            if i > 0, tree.tokens[i - 1].kind == .period {
                // `self.name`, `self?.name`, or `owner.name`.
                var start = i - 2
                if start >= 0, tree.tokens[start].kind == .questionMark { start -= 1 }
                guard start >= 0 else { continue }
                if ownerIsSelf, tree.isWord(start, "self"), !(start > 0 && tree.tokens[start - 1].kind == .period) {
                    result.append((start, i))
                } else if let ownerText, ownerText != "self", var ownerStart = matchOwner(ownerText, endingAt: start, in: tree) {
                    // `self.viewModel.isLoading` for a chain on `viewModel.$isLoading`.
                    if ownerStart >= 2, tree.tokens[ownerStart - 1].kind == .period, tree.isWord(ownerStart - 2, "self") { ownerStart -= 2 }
                    result.append((ownerStart, i))
                }
            } else if ownerIsSelf {
                // Implicit self; a closure parameter or local of the same name shadows it.
                let name = tree.name(i)
                if closure.parameters.contains(name) || between.contains(where: { tree.closures[$0].parameters.contains(name) }) { continue }
                if SubscriptionFinder.localVariable(named: name, visibleAt: i, in: tree) != nil { continue }
                if SubscriptionFinder.isOptionalBinding(named: name, visibleAt: i, in: tree) { continue }
                if i > 0, tree.tokens[i - 1].kind == .backslash { continue }
                result.append((i, i))
            }
        }
        return withoutOldValueReads(result, in: c, tree: tree)
    }

    /// Drops the reads of a property that the closure reads for its old value on purpose: it
    /// compares a read with its own parameter (`new != self.tab`), or keeps one as the old value
    /// (`let old = self.volume`, `previous = selection`). The author knows the property is one
    /// step behind there, and every read of it in that closure means the old value.
    private func withoutOldValueReads(_ reads: [(first: Int, last: Int)], in c: Int, tree: SyntaxTree) -> [(first: Int, last: Int)] {
        let parameters = Set(tree.closures[c].parameters.filter { $0 != "_" })
        var deliberate: Set<String> = []
        // Pushed onto an undo history: the old value is what the closure wants, given a value or not.
        var pushed: Set<String> = []
        for read in reads {
            let after = read.last + 1
            if after + 1 < tree.tokens.count, isComparison(after, tree), tree.tokens[after + 1].kind == .identifier,
               parameters.contains(tree.name(after + 1)) { deliberate.insert(tree.name(read.last)) }
            let before = read.first - 1
            // (`$0.leg == self.selectedLeg` compares another value's member, not the parameter `leg`.)
            if before >= 1, isComparison(before, tree), tree.tokens[before - 1].kind == .identifier,
               !(before >= 2 && tree.tokens[before - 2].kind == .period),
               parameters.contains(tree.name(before - 1)) { deliberate.insert(tree.name(read.last)) }
            if before >= 1, tree.tokens[before].kind == .equal, tree.tokens[before - 1].kind == .identifier {
                if Self.namesOldValue(tree.name(before - 1)) { deliberate.insert(tree.name(read.last)) }
            }
            // `self.titleHistory.append(self.title)`: the outgoing value pushed onto an undo history.
            if before >= 3, tree.tokens[before].kind == .leftParen, ["append", "insert"].contains(tree.name(before - 1)),
               tree.tokens[before - 2].kind == .period, tree.tokens[before - 3].kind == .identifier,
               Self.namesOldValue(tree.name(before - 3)) { pushed.insert(tree.name(read.last)) }
            // `levels[self.zone] = self.master`: the read is the key an assignment stores under,
            // saving the outgoing value's state before the closure moves on to its parameter.
            if isSubscriptKeyOfAssignment(read, tree) { deliberate.insert(tree.name(read.last)) }
            // `if !scrubbing && model.isScrubbing`, `log.append("\(self.step) → \(newStep)")`,
            // `self.files.filter { !new.contains($0) }`: one statement sets the read against the new
            // value the closure was given, so the read stands for the value before the change.
            // Not `self.selection?.title ?? result.title`: the old value comes first, the new one is only its fallback.
            if statement(around: read, in: c, tree: tree, uses: parameters), !isPreferred(read, overParameterIn: parameters, tree) {
                deliberate.insert(tree.name(read.last))
            }
        }
        if parameters.isEmpty { deliberate = [] }
        deliberate.formUnion(pushed)
        guard !deliberate.isEmpty else { return reads }
        return reads.filter { !deliberate.contains(tree.name($0.last)) }
    }

    /// Whether the read, with the members, calls and unwrapping after it, is the left side of `??`
    /// whose right side starts with one of the closure's `parameters` (`self.selectedResult?.article.title
    /// ?? result.article.title`): the read is the value used whenever it is there, the parameter only a fallback.
    private func isPreferred(_ read: (first: Int, last: Int), overParameterIn parameters: Set<String>, _ tree: SyntaxTree) -> Bool {
        let k = tree.postfixMembers(after: read.last + 1).last + 1
        return k + 1 < tree.tokens.count && tree.tokenIs(k, "??") && tree.tokens[k + 1].kind == .identifier
            && parameters.contains(tree.name(k + 1))
    }

    /// Whether the statement of closure `c` that holds `read` (nested closures included, as in
    /// `filter { … }`) also uses one of the closure's named `parameters`.
    private func statement(around read: (first: Int, last: Int), in c: Int, tree: SyntaxTree, uses parameters: Set<String>) -> Bool {
        guard !parameters.isEmpty else { return false }
        let closure = tree.closures[c]
        var start = read.first
        while start > closure.bodyStart, !(tree.statementStarts[start] && tree.innermostClosure(of: start) == c) { start -= 1 }
        var end = read.last + 1
        while end < closure.close, !(tree.statementStarts[end] && tree.innermostClosure(of: end) == c) { end += 1 }
        for i in start..<end where tree.tokens[i].kind == .identifier && parameters.contains(tree.name(i)) {
            if i > 0, tree.tokens[i - 1].kind == .period { continue }
            // An argument label of the name (`Measurement(value: t, unit: .celsius)`) is no use of the parameter.
            if i > 0, i + 1 < end, tree.tokens[i + 1].kind == .colon,
               tree.tokens[i - 1].kind == .leftParen || tree.tokens[i - 1].kind == .comma { continue }
            // A nested closure's own parameter of the same name is another value.
            if tree.enclosingClosures(of: i).contains(where: { $0 != c && tree.closures[$0].parameters.contains(tree.name(i)) }) { continue }
            return true
        }
        return false
    }

    /// Whether the read is the whole key of a subscript that an assignment writes to (`cache[self.tab] = …`).
    private func isSubscriptKeyOfAssignment(_ read: (first: Int, last: Int), _ tree: SyntaxTree) -> Bool {
        let open = read.first - 1, close = read.last + 1
        guard open >= 1, close + 1 < tree.tokens.count, tree.tokens[open].kind == .leftBracket,
              Int(tree.matching[open]) == close, tree.tokens[open - 1].kind == .identifier else { return false }
        return tree.tokens[close + 1].kind == .equal
    }

    /// A name that says it holds the value before a change (`old`, `previousTab`, `lastVolume`,
    /// `wasEnabled`), or the values before the changes (`titleHistory`, `undoStack`).
    static func namesOldValue(_ name: String) -> Bool {
        if name.hasPrefix("was"), name.dropFirst(3).first?.isUppercase == true { return true }
        // By whole words, first or last: `prevTitle`, `titleHistory`, not `previewTitle` or `threshold`.
        let words = Catalogue.camelCaseWords(name)
        return [words.first, words.last].contains { word in word.map(oldValueWords.contains) == true }
    }

    /// Words that name a value kept from before a change (`oldTab`, `previousSelection`, `undoStack`).
    private static let oldValueWords: Set<String> = ["old", "previous", "prev", "last", "former", "history", "undo"]

    private func isComparison(_ i: Int, _ tree: SyntaxTree) -> Bool {
        tree.tokens[i].kind == .operator && ["==", "!="].contains(tree.text(i))
    }

    /// The first token of `ownerText` written just before `end` (inclusive), if it is there.
    private func matchOwner(_ ownerText: String, endingAt end: Int, in tree: SyntaxTree) -> Int? {
        var start = end
        while start >= 0 {
            if tree.text(start, end) == ownerText { return start }
            if end - start > 8 { return nil }
            start -= 1
        }
        return nil
    }
}
