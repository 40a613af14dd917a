/// Questions about Combine pipelines that the operator rules share: which call a closure is
/// passed to, whether a chain starts at a publisher that never finishes, how to delete one operator.
extension SyntaxTree {
    /// The bytes to delete to remove chain element `e` together with its leading `.`; the whole line
    /// when the element stands alone on its line (so no blank line is left behind).
    func removalRange(ofElement e: Int, in chain: Chain) -> Range<Int>? {
        let element = chain.elements[e]
        guard e > 0, element.nameToken > 0, tokens[element.nameToken - 1].kind == .period else { return nil }
        let period = element.nameToken - 1
        let last = element.lastToken
        let bytes = file.bytes
        var start = tokens[period].startOffset
        var end = tokens[last].endOffset
        if lineBreakBefore[period] {
            // Alone on its line: from the line start through the line break, if only spaces follow.
            var lineStart = start
            while lineStart > 0, bytes[lineStart - 1] == 0x20 || bytes[lineStart - 1] == 0x09 { lineStart -= 1 }
            var lineEnd = end
            while lineEnd < bytes.count, bytes[lineEnd] == 0x20 || bytes[lineEnd] == 0x09 { lineEnd += 1 }
            if lineEnd == bytes.count || bytes[lineEnd] == 0x0A || bytes[lineEnd] == 0x0D {
                if lineEnd < bytes.count, bytes[lineEnd] == 0x0D { lineEnd += 1 }
                if lineEnd < bytes.count, bytes[lineEnd] == 0x0A { lineEnd += 1 }
                start = lineStart
                end = lineEnd
            }
        }
        return start..<end
    }
}

/// Publishers that never finish on their own: a pipeline rooted at one lives as long as its subscription.
enum NeverFinishingSources {
    /// The index of the element that shows chain elements `0..<end` start from a publisher that never
    /// finishes: `$property`, a subject (by name or by the project's declarations), `objectWillChange`,
    /// `NotificationCenter…publisher(for:)`, KVO `publisher(for: \.x)`, `Timer.publish(every:…)`,
    /// `Publishers.Merge/CombineLatest` of such a publisher, or a name from `extraNames`.
    static func evidence(in chain: Chain, before end: Int, tree: SyntaxTree, index: ProjectIndex, extraNames: Set<String>) -> Int? {
        evidence(in: chain, before: end, tree: tree, index: index, extraNames: extraNames, throughProperties: true)
    }

    /// `publisher(for: name)` of a notification center (or KVO's `publisher(for: \.keyPath)`) and
    /// `Timer.publish(every:…)`: sources that the framework never finishes.
    static func isFrameworkEndlessSource(_ element: ChainElement) -> Bool {
        (element.name == "publisher" && element.argument("for") != nil) || (element.name == "publish" && element.argument("every") != nil)
    }

    static func evidence(in chain: Chain, before end: Int, tree: SyntaxTree, index: ProjectIndex, extraNames: Set<String>,
                                 throughProperties: Bool, throughBodies: Bool = true) -> Int? {
        for e in 0..<min(end, chain.elements.count) {
            let element = chain.elements[e]
            let name = element.name
            if e > 0, isOperatorLike(element) { return nil }
            if Catalogue.isProjected(name) || Catalogue.neverFinishingMembers.contains(name) || extraNames.contains(name) { return e }
            if !element.isCall, name.hasSuffix("Subject") || (isSubjectProperty(name, index: index) && !namesLocal(e, of: chain, in: tree)),
               isPublisher(at: e, in: chain, before: end, index: index) {
                return e
            }
            if isFrameworkEndlessSource(element) { return e }
            // `ControlEventPublisher(control: self, events: events)`: the project's own publisher type,
            // whose code never completes its subscriber.
            if e == 0, element.isCall, element.kind == .root, name.first?.isUppercase == true,
               CustomPublisherCompletions.isNeverFinishingType(name, index: index) { return e }
            if element.isCall, returnsNeverFinishing(element, index: index, throughBodies: throughBodies) { return e }
            if throughProperties, !element.isCall, element.kind != .literal, isPublisher(at: e, in: chain, before: end, index: index),
               isNeverFinishingProperty(name, index: index) || isNeverFinishingPropertyOfOwner(at: e, of: chain, in: tree, index: index),
               !namesLocal(e, of: chain, in: tree) { return e }
            // Even where properties are not followed (a function's own pipeline): one that only erases a
            // subject or a projection (`var classes: AnyPublisher<…> { subject.eraseToAnyPublisher() }`),
            // which asks nothing further of the project.
            if !throughProperties, !element.isCall, element.kind != .literal, isPublisher(at: e, in: chain, before: end, index: index),
               erasesSubjectOrProjection(name, index: index), !namesLocal(e, of: chain, in: tree) { return e }
            if e > 0, chain.elements[e - 1].name == "Publishers", Catalogue.combinersLivingAsLongAsAnyInput.contains(name) {
                // The inputs are judged as the chain is: a property's or function's own value
                // (`throughProperties`/`throughBodies` false) must not lead back to it.
                for argument in element.arguments where startsNeverFinishing(argument.value, tree: tree, index: index, extraNames: extraNames,
                                                                              throughProperties: throughProperties, throughBodies: throughBodies)
                    || mapsToNeverFinishing(argument.value, tree: tree, index: index, extraNames: extraNames,
                                            throughProperties: throughProperties, throughBodies: throughBodies) { return e }
                return nil
            }
        }
        return nil
    }

    /// Whether element `e` (`levelPublisher` of `speech.levelPublisher`) is a never-finishing property
    /// in the types related to the one the chain shows holding it, when that type is known: asked
    /// only where the name's declarations all over the project do not agree.
    private static func isNeverFinishingPropertyOfOwner(at e: Int, of chain: Chain, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        guard e >= 1, let owner = TypeResolver.ownerTypeThroughProperties(ofElement: e, in: chain, tree: tree, index: index) else { return false }
        return isNeverFinishingProperty(chain.elements[e].name, declaredByTypesRelatedTo: owner, index: index)
    }

    /// Whether element `e` is the chain's root naming a local given some other value (`let upload =
    /// Future { … }` then `upload.sink { … }`) or a parameter of a type that is no subject: a property
    /// of that name elsewhere (a subject `upload` of an inputs struct) is not what it reads. A binding
    /// of the property itself (`guard let upload`, `if let upload = self.upload`) still reads it.
    private static func namesLocal(_ e: Int, of chain: Chain, in tree: SyntaxTree) -> Bool {
        guard e == 0, case let root = chain.elements[0], root.kind == .root, tree.tokens[root.nameToken].kind == .identifier else { return false }
        // Asked for every chain rooted at a subject's name: the lookups stay constant-time (no walk
        // up the scopes, which sinks nested thousands deep would make quadratic).
        if let v = SubscriptionFinder.localVariable(named: root.name, visibleAt: root.nameToken, in: tree) {
            guard let initializer = tree.variables[v].initializer else { return false }
            let value = tree.text(initializer.lowerBound, initializer.upperBound).filter { !$0.isWhitespace }
            return ![root.name, "self." + root.name, "self?." + root.name].contains(value)
        }
        guard let f = tree.enclosingFunction(of: root.nameToken),
              let parameter = tree.functions[f].parameters.first(where: { $0.name == root.name }) else { return false }
        return !writtenPublisherType(parameter.typeText).hasSuffix("Subject") && !namesNeverFinishingType(parameter.typeText)
    }

    /// `Publishers.MergeMany(rooms.map { pricing.price(for: $0.id) })`: an argument that is a
    /// collection's `map` whose closure returns only never-finishing publishers, written there or
    /// bound to a local first (`let states = ids.map { sync.state(for: $0) }` … `MergeMany(states)`).
    private static func mapsToNeverFinishing(_ range: ClosedRange<Int>, tree: SyntaxTree, index: ProjectIndex, extraNames: Set<String>,
                                             throughProperties: Bool, throughBodies: Bool) -> Bool {
        guard let c = range.count == 1 && tree.tokens[range.lowerBound].kind == .identifier
                ? FinitePublishers.localInitializerChain(named: tree.name(range.lowerBound), visibleAt: range.lowerBound, in: tree)
                : tree.chain(spanning: range),
              case let chain = tree.chains[c],
              let map = chain.elements.last, map.name == "map", map.isCall, let closure = map.closures.last else { return false }
        let returned = tree.chainsReturned(byClosure: closure)
        return !returned.isEmpty && returned.allSatisfy { inner in
            evidence(in: inner, before: inner.elements.count, tree: tree, index: index, extraNames: extraNames,
                     throughProperties: throughProperties, throughBodies: throughBodies) != nil
                && !inner.elements.dropFirst().contains(where: FinitePublishers.limitsValues)
        }
    }

    /// Whether element `e` is what the chain goes on from as a publisher: the last element before
    /// `end` (the consumer asked about), or one followed by an operator. A name followed by another
    /// member is only its receiver: `URLSession.shared.dataTaskPublisher(for:)` does not start from
    /// a subject property that some type names `shared`, nor `events.send(x)` from `events`.
    private static func isPublisher(at e: Int, in chain: Chain, before end: Int, index: ProjectIndex) -> Bool {
        guard e + 1 < min(end, chain.elements.count) else { return true }
        let next = chain.elements[e + 1]
        // `devices.dropFirst()`: an operator a collection shares, left out of the pipeline operators,
        // still goes on from the subject before it.
        // `clock.autoconnect()`: connecting goes on from the connectable publisher before it.
        // `queryInput.normalizedQuery()`: an operator of the project's own that goes on from it.
        return isOperatorLike(next) || (next.kind == .member && next.isCall && (Catalogue.operatorsSharedWithCollections.contains(next.name)
                                                                               || Catalogue.sharingOperators.contains(next.name)
                                                                               || PublisherExtensions.passesValuesOn(next.name, index: index)))
    }

    /// Whether chain elements `0..<end` end at a value limit that waits for a condition on a
    /// never-finishing source: `objectWillChange.filter { unlocked }.first()`, `$state.first(where: \.isReady)`.
    /// Such a pipeline ends only once a value passes; until then its subscription stays pending, so
    /// a method run again and again stacks them, and the stacked ones all act on the passing value.
    static func limitWaitsForCondition(in chain: Chain, before end: Int, tree: SyntaxTree, index: ProjectIndex) -> Bool {
        let elements = chain.elements
        guard let limit = elements.indices.prefix(end).first(where: {
            Catalogue.valueLimitingOperators.contains(elements[$0].name) && elements[$0].isCall
        }) else { return false }
        let limitElement = elements[limit]
        let conditional = limitElement.argument("where") != nil || limitElement.argument("while") != nil
            || (limitElement.name == "first" && !limitElement.closures.isEmpty)
            || elements[..<limit].contains { Catalogue.valueFilteringOperators.contains($0.name) && $0.isCall }
        guard conditional, let source = evidence(in: chain, before: limit, tree: tree, index: index, extraNames: []),
              !waitsForWorkJustStarted(chain, in: tree) else { return false }
        // `manager.progress(for: id)` with the method's own `id`: each run waits on the stream of
        // its own argument, which the passing value of another run does not end.
        let call = elements[source]
        return !(call.isCall && call.arguments.contains { argument in
            argument.value.contains { k in
                tree.tokens[k].kind == .identifier && SubscriptionFinder.isParameter(named: tree.name(k), visibleAt: k, in: tree)
            }
        })
    }

    /// Whether one of the two statements before the chain's, in its block, calls a method on the
    /// object its source starts from (`sync.refreshNow()` then `sync.$status.first { … }`,
    /// `viewModel.refresh()` then `viewModel.$isLoading.first { !$0 }`): the condition waits for the
    /// outcome of the work that call just started, which comes, so the subscription ends.
    static func waitsForWorkJustStarted(_ chain: Chain, in tree: SyntaxTree) -> Bool {
        let elements = chain.elements
        guard elements.count > 2, elements[0].kind == .root, !elements[0].isCall, elements[0].subscripts.isEmpty else { return false }
        let viaSelf = Catalogue.selfAliases.contains(elements[0].name)
        guard !viaSelf || (!elements[1].isCall && elements[1].subscripts.isEmpty) else { return false }
        let object = viaSelf ? elements[1].name : elements[0].name
        let start = chain.statementStart
        // The block's opening token (-1 at the top level): every token after it up to the chain lies in the block.
        let block = tree.enclosing[start]
        var statements = 0
        var k = start - 1
        while k > max(Int(block), -1), statements < 2 {
            defer { k -= 1 }
            guard tree.statementStarts[k], tree.enclosing[k] == block else { continue }
            statements += 1
            // One call of the object's own method (`viewModel.refresh()`, `self.sync.refreshNow()`): no
            // pipeline, no `send` (a subscription or a value sent starts no work that ends).
            guard let c = tree.chain(startingAt: k), case let previous = tree.chains[c], previous.context == .statement,
                  case let viaSelfToo = Catalogue.selfAliases.contains(previous.elements[0].name),
                  previous.elements.count == (viaSelfToo ? 3 : 2), let last = previous.elements.last, last.isCall, last.kind == .member,
                  last.name != "send", !Catalogue.isPipelineOperator(last) else { continue }
            let named = previous.elements[previous.elements.count - 2]
            if !named.isCall, named.subscripts.isEmpty, named.name == object { return true }
        }
        return false
    }

    /// Whether chain elements `0..<end` start from a method called on a dependency typed by a protocol
    /// (`api.job(id: id)` with `let api: JobAPI`, `self.session.currentUser()`) with no sign that it
    /// never finishes: most often a request, whose implementations the project cannot follow to the
    /// end, so neither endless nor finishing can be shown. Rules whose finding needs an endless source
    /// leave such pipelines alone.
    static func startsFromUndecidedCall(_ chain: Chain, before end: Int, tree: SyntaxTree, index: ProjectIndex) -> Bool {
        let elements = chain.elements
        let firstOperator = Catalogue.firstPipelineOperator(in: elements, before: end)
        let s = firstOperator - 1
        guard s >= 0, elements[s].isCall,
              callsProtocolTypedDependency(chain, at: s, tree: tree, index: index)
                || callsInjectedPublisherFunction(chain, at: s, tree: tree, index: index) else { return false }
        return evidence(in: chain, before: end, tree: tree, index: index, extraNames: []) == nil
            && !flattensNeverFinishing(chain, before: end, tree: tree, index: index)
    }

    /// Element `s` calls a method on a receiver typed by a project protocol (`api.job(id: id)` with `let api: JobAPI`).
    private static func callsProtocolTypedDependency(_ chain: Chain, at s: Int, tree: SyntaxTree, index: ProjectIndex) -> Bool {
        guard s >= 1, chain.elements[s].kind == .member,
              let receiverType = TypeResolver.ownerType(ofElement: s, in: chain, tree: tree, index: index) else { return false }
        return index.type(named: receiverType)?.kind == .protocol
    }

    /// Element `s` calls a stored property of the enclosing type that holds a function returning a
    /// publisher (`tokenProvider()` or `self.tokenProvider()` with `let tokenProvider: () ->
    /// AnyPublisher<String, APIError>`): a function handed in from outside, which the project cannot
    /// follow, as a protocol-typed dependency's method.
    private static func callsInjectedPublisherFunction(_ chain: Chain, at s: Int, tree: SyntaxTree, index: ProjectIndex) -> Bool {
        let call = chain.elements[s]
        guard s == 0 ? call.kind == .root : (s == 1 && chain.elements[0].name == "self" && call.kind == .member),
              call.closures.isEmpty,
              let owner = TypeResolver.enclosingTypeName(at: call.nameToken, in: tree),
              let property = index.property(call.name, ofType: owner), !property.isComputed, !property.isStatic else { return false }
        let type = property.typeText
        return type.contains("->") && type.contains("Publisher")
    }

    /// Whether a `flatMap` among elements `0..<end` maps every value into a publisher that never
    /// finishes (`checkOut(basket).flatMap { receipt in loans.dueDates(for: receipt.id) }`): once the
    /// source delivers, the pipeline lives as long as that inner publisher, whatever the source is.
    static func flattensNeverFinishing(_ chain: Chain, before end: Int, tree: SyntaxTree, index: ProjectIndex) -> Bool {
        chain.elements[..<min(end, chain.elements.count)].dropFirst().contains { element in
            guard element.isCall, element.name == "flatMap" else { return false }
            guard let closure = element.closures.last else {
                return flattensIntoOwnNeverFinishingMethod(element, in: tree, index: index)
            }
            return neverFinish(tree.chainsReturned(byClosure: closure), tree: tree, index: index)
        }
    }

    /// Every one of `returned` (a closure's or function's returned pipelines, at least one) starts
    /// from a never-finishing source and does not limit its values.
    private static func neverFinish(_ returned: [Chain], tree: SyntaxTree, index: ProjectIndex) -> Bool {
        !returned.isEmpty && returned.allSatisfy { inner in
            evidence(in: inner, before: inner.elements.count, tree: tree, index: index, extraNames: []) != nil
                && !inner.elements.dropFirst().contains(where: FinitePublishers.limitsValues)
        }
    }

    /// `flatMap(waitForDoorClosed)` (or `self.waitForDoorClosed`): a method of the enclosing type,
    /// handed by name, whose every declaration returns never-finishing pipelines only.
    private static func flattensIntoOwnNeverFinishingMethod(_ element: ChainElement, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        guard let argument = element.arguments.last, argument.label == nil, argument.closure == nil,
              let typeName = TypeResolver.enclosingTypeName(at: element.nameToken, in: tree) else { return false }
        var value = argument.value
        if value.count == 3, tree.isSelfReference(value.lowerBound), tree.tokens[value.lowerBound + 1].kind == .period {
            value = value.upperBound...value.upperBound
        }
        guard value.count == 1, tree.tokens[value.lowerBound].kind == .identifier else { return false }
        let declared = index.functions(named: tree.name(value.lowerBound), inTypesNamed: typeName.lastNameComponent)
        return !declared.isEmpty && declared.allSatisfy { reference in
            let declaring = index.trees[reference.tree]
            return neverFinish(returnedPipelines(ofFunction: reference.item, in: declaring), tree: declaring, index: index)
        }
    }

    /// Whether chain elements `0..<end` start from a call of the project's own functions that return a
    /// publisher (`repository.transactions(for: id)`, `cache.image(for: url)`, `api.request(endpoint)`)
    /// with no sign that it never finishes: no `return` of any of those functions starts from a
    /// never-finishing source or flattens into one, and none hands on a publisher it is given (a parameter, or the
    /// receiver of a `Publisher` extension, which decides instead). What such a function returns is
    /// most often a request or a cached answer, built in ways the project cannot follow to its end
    /// (an injected token provider, a dictionary of requests in flight), so neither endless nor
    /// finishing can be shown, as for a protocol-typed dependency (`startsFromUndecidedCall`).
    static func startsFromUndecidedFunction(_ chain: Chain, before end: Int, tree: SyntaxTree, index: ProjectIndex) -> Bool {
        let elements = chain.elements
        let firstOperator = Catalogue.firstPipelineOperator(in: elements, before: end)
        let s = firstOperator - 1
        guard s >= 0, elements[s].isCall, elements[s].closures.isEmpty || elements[s].kind == .member,
              elements[s].name.first?.isUppercase == false,
              evidence(in: chain, before: end, tree: tree, index: index, extraNames: []) == nil,
              !flattensNeverFinishing(chain, before: end, tree: tree, index: index) else { return false }
        let declared = ProjectFunctionCalls.declarations(runBy: elements[s], matching: .labels, requireBody: true, publisherResults: true,
                                                         also: { $0.returnType.containsBytes("Publisher") }, index: index)
        return !declared.isEmpty && declared.allSatisfy { reference in
            let tree = index.trees[reference.tree]
            let function = tree.functions[reference.item]
            let generic = GenericBindings.genericParameters(of: function, in: tree)
            guard !function.parameters.contains(where: { isPublisherParameter($0.typeText, generic: generic) }),
                  !isPublisherExtension(function.enclosingType, in: tree) else { return false }
            return !returnedPipelines(ofFunction: reference.item, in: tree).contains { chain in
                evidence(in: chain, before: chain.elements.count, tree: tree, index: index, extraNames: [],
                         throughProperties: false, throughBodies: false) != nil
                    || mergesNeverFinishingInput(chain, tree: tree, index: index, depth: 1, caller: nil)
                    // `Just(id).flatMap { [snapshots] id in snapshots.compactMap { … } }`: a finite root
                    // flattened into a never-finishing publisher never finishes.
                    || flattensNeverFinishing(chain, before: chain.elements.count, tree: tree, index: index)
            }
        }
    }

    /// The pipelines that function `f` returns, as far as they can be read: returned chains, and
    /// the initial value of a local returned by name (`let publisher = Future { … }…; return publisher`).
    /// Other returns (`return inFlight[url]`) add none.
    private static func returnedPipelines(ofFunction f: Int, in tree: SyntaxTree) -> [Chain] {
        let function = tree.functions[f]
        guard let open = function.bodyOpen, let close = function.bodyClose, open < close else { return [] }
        var result = tree.returnedChainIndices(ofFunction: f).map { tree.chains[$0] }
        for k in open..<close where tree.isWord(k, "return") && tree.tokens[k + 1].kind == .identifier
            && tree.innermostClosure(of: k) == nil && tree.enclosingFunction(of: k) == f {
            guard tree.chain(startingAt: k + 1) == nil,
                  let v = SubscriptionFinder.localVariable(named: tree.name(k + 1), visibleAt: k + 1, in: tree),
                  let initializer = tree.variables[v].initializer, let c = tree.chain(startingAt: initializer.lowerBound) else { continue }
            result.append(tree.chains[c])
        }
        return result
    }

    /// A parameter that takes a publisher: `some Publisher`, `AnyPublisher<…>`, a subject, or one of
    /// the function's generic parameters (`_ publisher: P`), which stands for whatever the caller gives.
    private static func isPublisherParameter(_ typeText: String, generic: Set<String>) -> Bool {
        typeText.containsBytes("Publisher") || typeText.containsBytes("Subject") || generic.contains(typeText.trimmingSpaces)
    }

    /// Type `t` of `tree` extends `Publisher` (or a publisher type): its methods hand on their receiver.
    private static func isPublisherExtension(_ t: Int?, in tree: SyntaxTree) -> Bool {
        guard let t, tree.types[t].kind == .extension else { return false }
        return tree.types[t].name.containsBytes("Publisher")
    }

    /// Whether the expression in `range` is a chain starting from a never-finishing publisher.
    static func startsNeverFinishing(_ range: ClosedRange<Int>, tree: SyntaxTree, index: ProjectIndex, extraNames: Set<String>,
                                     throughProperties: Bool = true, throughBodies: Bool = true) -> Bool {
        guard let chain = tree.chain(startingAt: range.lowerBound).map({ tree.chains[$0] }) else {
            let name = tree.name(range.lowerBound)
            return range.count == 1 && (Catalogue.isProjected(name) || name.hasSuffix("Subject") || extraNames.contains(name) || isSubjectProperty(name, index: index))
        }
        return evidence(in: chain, before: chain.elements.count, tree: tree, index: index, extraNames: extraNames,
                        throughProperties: throughProperties, throughBodies: throughBodies) != nil
    }

    /// Every function of the project that `call` can call (by name and argument labels, defaults
    /// left out) declares a never-finishing publisher type as its result
    /// (`func publisher(in: NotificationCenter = .default) -> NotificationCenter.Publisher`), or
    /// declares a publisher result and returns only pipelines that start from a never-finishing
    /// publisher with no value limit (`prefix`, `first`) after it
    /// (`func remaining(for id: UUID) -> AnyPublisher<Int?, Never> { $timers.map { … }.eraseToAnyPublisher() }`).
    /// A protocol's requirement (no body) is left out, and so are test doubles when the app has its own
    /// implementation: `service.messages(in: id)` on a `ChatServicing` is what its app conformers return.
    static func returnsNeverFinishing(_ call: ChainElement, index: ProjectIndex) -> Bool {
        returnsNeverFinishing(call, index: index, throughBodies: true)
    }

    private static func returnsNeverFinishing(_ call: ChainElement, index: ProjectIndex, throughBodies: Bool) -> Bool {
        let labels = call.argumentLabels
        let compute = { () -> Bool in
            callablesReturnNeverFinishing(call, index: index, throughBodies: throughBodies, depth: 0)
        }
        guard throughBodies else { return compute() }
        return index.neverFinishingPropertyNames.answer("func \(call.name)(\(labels.map { $0 + ":" }.joined()))", compute)
    }

    /// What `returnsNeverFinishing` asks of the functions `call` can call; `depth` counts the
    /// functions already passed through on the way (two forwarding steps are followed, no more).
    /// A `caller` forwarding to another object's method of its own name (`func statusPublisher(for id:)
    /// { service.statusPublisher(for: id) }`) is not among the functions it may call.
    private static func callablesReturnNeverFinishing(_ call: ChainElement, index: ProjectIndex, throughBodies: Bool, depth: Int,
                                                      caller: DeclarationReference? = nil) -> Bool {
        var found = false
        // A protocol's requirement has no body: its conformers' implementations decide.
        let callable = ProjectFunctionCalls.declarations(runBy: call, matching: .labels, requireBody: false, publisherResults: true, also: {
            $0.bodyOpen != nil || Catalogue.neverFinishingPublisherTypes.contains(publisherTypeName($0.returnType))
        }, index: index)
        for reference in TestCaseCode.preferringApp(callable, index: index) where reference != caller {
            let tree = index.trees[reference.tree]
            let function = tree.functions[reference.item]
            if Catalogue.neverFinishingPublisherTypes.contains(publisherTypeName(function.returnType)) {
                found = true
                continue
            }
            guard throughBodies, handsOnNeverFinishing(function: reference.item, in: tree, index: index, depth: depth) else { return false }
            found = true
        }
        return found
    }

    /// Function `f` declares a publisher result and each of its `return`s is a pipeline that starts
    /// from a never-finishing publisher with no value limit: directly (not through properties), from a
    /// local holding one, or, up to twice, from a call of another function that hands one on
    /// (`func spots(for c: GymClass) -> AnyPublisher<…> { availability.spotsLeft(for: c.id) }`).
    /// An early exit that returns a constant answered during `subscribe` (`guard let url else { return
    /// Just(1).eraseToAnyPublisher() }`) does not count against the other returns.
    private static func handsOnNeverFinishing(function f: Int, in tree: SyntaxTree, index: ProjectIndex, depth: Int) -> Bool {
        guard tree.functions[f].returnType.containsBytes("Publisher"), let returned = everyReturnedPipeline(ofFunction: f, in: tree) else { return false }
        let caller = index.treeIndexByPath[tree.file.path].map { DeclarationReference(tree: $0, item: f) }
        // The type's own stored publishers: `stations.map { … }` with `let stations` set in `init`.
        let ownType = tree.functions[f].enclosingType.flatMap { index.type(named: tree.types[$0].name) }
        var endless = false
        for chain in returned {
            if (handsOnNeverFinishing(chain, tree: tree, index: index, depth: depth, caller: caller)
                || mergesNeverFinishingInput(chain, tree: tree, index: index, depth: depth, caller: caller)
                || ownType.map { startsFromOwnNeverFinishingProperty(chain, of: $0, index: index) } == true)
                && !chain.elements.contains(where: { Catalogue.valueLimitingOperators.contains($0.name) }) {
                endless = true
            } else if returned.count == 1 || !SynchronousCompletion.finishesDuringSubscribe(chain, before: chain.elements.count, in: tree) {
                return false
            }
        }
        return endless
    }

    /// The pipelines function `f` returns: each `return`'s chain, or for `return stream` the chain a
    /// local `let stream = …` was given. `if let existing = streams[id] { return existing }` in a
    /// function that also writes that cache (`streams[id] = stream`) hands on a publisher the
    /// function made and returned before: it adds nothing. Nil when some return is none of these.
    private static func everyReturnedPipeline(ofFunction f: Int, in tree: SyntaxTree) -> [Chain]? {
        if let chains = tree.chainsReturned(byFunction: f) { return chains }
        guard let open = tree.functions[f].bodyOpen, let close = tree.functions[f].bodyClose, open < close else { return nil }
        let returnedChains = tree.returnedChainIndices(ofFunction: f)
        var result: [Chain] = []
        for k in open...close where tree.isWord(k, "return") && tree.innermostClosure(of: k) == nil && tree.enclosingFunction(of: k) == f {
            // `return chain` (`return try chain` too: a chain starts after its `try`).
            if let c = returnedChains.first(where: { tree.chains[$0].first > k && tree.chains[$0].first <= k + 3 }) {
                result.append(tree.chains[c])
                continue
            }
            // `return name`, the name alone in its statement.
            guard k + 2 <= close, tree.tokens[k + 1].kind == .identifier,
                  tree.statementStarts[k + 2] || tree.tokens[k + 2].kind == .rightBrace || tree.tokens[k + 2].kind == .semicolon
            else { return nil }
            let name = tree.name(k + 1)
            if let cache = cacheRead(boundTo: name, before: k, from: open, in: tree) {
                guard writesCache(cache, from: open, to: close, in: tree) else { return nil }
                continue
            }
            guard let v = SubscriptionFinder.localVariable(named: name, visibleAt: k + 1, in: tree), tree.variables[v].isLet,
                  let initializer = tree.variables[v].initializer, let c = tree.chain(startingAt: initializer.lowerBound) else { return nil }
            result.append(tree.chains[c])
        }
        return result.isEmpty ? nil : result
    }

    /// The cache `existing` was read from by `if let existing = cache[key]` (or `guard let`,
    /// `self.cache[key]`) between `open` and `end`.
    static func cacheRead(boundTo name: String, before end: Int, from open: Int, in tree: SyntaxTree) -> String? {
        var k = end - 1
        while k > open + 1 {
            defer { k -= 1 }
            guard tree.tokens[k].kind == .identifier, tree.name(k) == name, tree.isWord(k - 1, "let") || tree.isWord(k - 1, "var"),
                  k + 3 < end, tree.tokens[k + 1].kind == .equal else { continue }
            var c = k + 2
            if tree.isSelfReference(c), tree.tokens[c + 1].kind == .period { c += 2 }
            guard c + 1 < end, tree.tokens[c].kind == .identifier, tree.tokens[c + 1].kind == .leftBracket else { return nil }
            return tree.name(c)
        }
        return nil
    }

    /// Whether tokens `open...close` write into `cache[key]` (or `self.cache[key]`).
    static func writesCache(_ cache: String, from open: Int, to close: Int, in tree: SyntaxTree) -> Bool {
        for k in open..<close where tree.tokens[k].kind == .identifier && tree.tokens[k + 1].kind == .leftBracket && tree.name(k) == cache {
            guard tree.statementStarts[k] || (k >= 2 && tree.tokens[k - 1].kind == .period && tree.isSelfReference(k - 2)) else { continue }
            let bracket = Int(tree.matching[k + 1])
            if bracket > k + 1, bracket + 1 < close, tree.tokens[bracket + 1].kind == .equal { return true }
        }
        return false
    }

    /// Whether a pipeline a function returns starts from a never-finishing publisher: directly (not
    /// through properties), from a local holding one, or, up to twice, from a call of another function
    /// that hands one on.
    private static func handsOnNeverFinishing(_ chain: Chain, tree: SyntaxTree, index: ProjectIndex, depth: Int,
                                              caller: DeclarationReference?) -> Bool {
        evidence(in: chain, before: chain.elements.count, tree: tree, index: index, extraNames: [],
                 throughProperties: false, throughBodies: false) != nil
            || startsFromNeverFinishingLocal(chain, tree: tree, index: index)
            || (depth < 2 && forwardsNeverFinishingCall(chain, index: index, depth: depth, caller: caller))
            || (depth < 2 && defersNeverFinishing(chain, tree: tree, index: index, depth: depth, caller: caller))
    }

    /// `Deferred { [weak self] in guard let self else { return Empty()… }; return self.subject(for: stop).eraseToAnyPublisher() }`
    /// then only operators: each subscription gets what the closure returns, a publisher that never
    /// finishes on every path but the early exits answered during `subscribe`.
    private static func defersNeverFinishing(_ chain: Chain, tree: SyntaxTree, index: ProjectIndex, depth: Int,
                                             caller: DeclarationReference?) -> Bool {
        let elements = chain.elements
        guard elements[0].kind == .root, elements[0].name == "Deferred", let closure = elements[0].closures.last,
              elements.dropFirst().allSatisfy({ isOperatorLike($0) && !Catalogue.valueLimitingOperators.contains($0.name) }) else { return false }
        let returned = tree.chainsReturned(byClosure: closure)
        var endless = false
        for inner in returned {
            if handsOnNeverFinishing(inner, tree: tree, index: index, depth: depth + 1, caller: caller),
               !inner.elements.contains(where: { Catalogue.valueLimitingOperators.contains($0.name) }) {
                endless = true
            } else if !SynchronousCompletion.finishesDuringSubscribe(inner, before: inner.elements.count, in: tree) {
                return false
            }
        }
        return endless
    }

    /// Whether a returned pipeline merges in, combines with, appends or prepends an input that never
    /// finishes, judged as a returned pipeline is: `snapshot.merge(with: socket.lotUpdates(for: id))`
    /// lives as long as the socket's stream, whatever the snapshot request does (a merge finishes when
    /// every input has), and so does `backlog.publisher.append(entries)` with a subject `entries`.
    private static func mergesNeverFinishingInput(_ chain: Chain, tree: SyntaxTree, index: ProjectIndex, depth: Int,
                                                  caller: DeclarationReference?) -> Bool {
        chain.elements.dropFirst().contains { element in
            inputsKeptRunning(by: element).contains { argument in
                guard let c = tree.chain(spanning: argument.value) else {
                    // A bare name (`$edits`, `events`, a local `polled`) is no chain of its own.
                    let value = argument.value
                    return startsNeverFinishing(value, tree: tree, index: index, extraNames: [], throughProperties: false, throughBodies: false)
                        || (value.count == 1 && tree.tokens[value.lowerBound].kind == .identifier
                            && localHoldsNeverFinishing(named: tree.name(value.lowerBound), at: value.lowerBound, tree: tree, index: index))
                }
                return handsOnNeverFinishing(tree.chains[c], tree: tree, index: index, depth: depth, caller: caller)
            }
        }
    }

    /// The inputs an operator call keeps its pipeline running for, until they finish: every input
    /// of `merge` and `combineLatest` (`Catalogue.combinersLivingAsLongAsAnyInput`), the one publisher
    /// `append` or `prepend` is given (`Catalogue.concatenatingOperators`; values given instead are
    /// told apart by how the caller judges the argument).
    static func inputsKeptRunning(by element: ChainElement) -> [Argument] {
        guard element.isCall, Catalogue.pipelineOperators.contains(element.name) else { return [] }
        if Catalogue.combinersLivingAsLongAsAnyInput.contains(element.name) { return element.arguments.filter { $0.closure == nil } }
        if Catalogue.concatenatingOperators.contains(element.name) { return element.arguments.filter { $0.closure == nil && $0.label == nil } }
        return []
    }

    /// Whether `chain` goes on from a call (`availability.spotsLeft(for: id)`) whose functions hand on
    /// a never-finishing publisher, judged one function deeper.
    /// A call on another object (`service.statusPublisher(for: id)`) is not the `caller` itself.
    private static func forwardsNeverFinishingCall(_ chain: Chain, index: ProjectIndex, depth: Int, caller: DeclarationReference?) -> Bool {
        let end = Catalogue.firstPipelineOperator(in: chain.elements, from: 0, before: chain.elements.count)
        guard end >= 1, case let call = chain.elements[end - 1], call.isCall, call.kind != .literal,
              !Catalogue.isPipelineOperator(call) else { return false }
        let onOtherObject = end >= 2 && chain.elements[0].name != "self"
        return callablesReturnNeverFinishing(call, index: index, throughBodies: true, depth: depth + 1, caller: onOtherObject ? caller : nil)
    }

    /// A variable's or parameter's written type without generic arguments, module and optionality
    /// (`CurrentValueSubject<Int, Never>?` → `CurrentValueSubject`).
    static func writtenPublisherType(_ typeText: String) -> String {
        publisherTypeName(typeText).trimmingCharacters(in: ["?", "!"])
    }

    /// Whether a written type is a publisher type that never finishes (`Timer.TimerPublisher`,
    /// `PassthroughSubject<…>?`).
    static func namesNeverFinishingType(_ typeText: String) -> Bool {
        Catalogue.neverFinishingPublisherTypes.contains(writtenPublisherType(typeText))
    }

    /// A type's text without its generic arguments and module: `Published<Bool>.Publisher` →
    /// `Published.Publisher`, `Foundation.NotificationCenter.Publisher` → `NotificationCenter.Publisher`.
    static func publisherTypeName(_ text: String) -> String {
        var result = ""
        var depth = 0
        for character in text where !character.isWhitespace {
            if character == "<" { depth += 1 } else if character == ">" { depth -= 1 } else if depth == 0 { result.append(character) }
        }
        for module in Catalogue.publisherModules where result.hasPrefix(module + ".") { return String(result.dropFirst(module.count + 1)) }
        return result
    }

    /// A publisher property that hands on a publisher that never finishes, with no value limit
    /// (`prefix`, `first`) after it, in every type of the app that declares it (a protocol's requirement, test code and test doubles aside), and there is
    /// one: `var changes: AnyPublisher<[Item], Never> { subject.merge(with: notifications).eraseToAnyPublisher() }`,
    /// or `lazy var changes = $items.eraseToAnyPublisher()`. Read through a value of the protocol's
    /// type too (`service.changes` with `let service: ItemService`). Answered once per name.
    /// With `owner`, the type the chain shows holding the property (`speech.levelPublisher` with
    /// `let speech: SpeechRecognizing`), only the declarations of the types related to it count: a
    /// view's `var levelPublisher: AnyPublisher<Double, Never>?` set from outside says nothing of the
    /// speech service's.
    static func isNeverFinishingProperty(_ name: String, declaredByTypesRelatedTo owner: String? = nil, index: ProjectIndex) -> Bool {
        guard !name.isEmpty, !Catalogue.isProjected(name) else { return false }
        return index.neverFinishingPropertyNames.answer(owner.map { "\(name)\u{0}\($0)" } ?? name) {
            var keys = index.typesDeclaringProperty[name].map { $0 }
            if let owner {
                let related = index.relatedTypes(of: owner.lastNameComponent)
                keys = keys.filter { related.contains($0.lastNameComponent) }
            }
            // Among the types related to a known holder, a preview's stand-in (`PreviewLocationService`
            // beside the app's `LocationService`, in a file of previews or of their support,
            // `PreviewSupport.swift`, or made only in previews) gives previews their canned values, not the app's.
            let standsIn = { (key: String, tree: SyntaxTree) -> Bool in
                owner != nil && PreviewCode.namesStandIn(key.lastNameComponent)
                    && PreviewCode.isStandIn(named: key.lastNameComponent, in: tree, index: index)
                    && keys.contains { other in
                        !PreviewCode.namesStandIn(other.lastNameComponent) && index.types[other].map { $0.kind != .protocol } == true
                    }
            }
            var found = false
            for key in keys {
                guard let type = index.types[key], type.kind != .protocol, let property = type.properties[name] else { continue }
                guard let t = index.treeIndexByPath[property.file] else { return false }
                let tree = index.trees[t]
                guard let v = variable(named: name, onLine: property.line, in: tree) else { return false }
                if TestCaseCode.isTestOrDouble(tree.variables[v].nameToken, of: tree, index: index) || standsIn(key, tree) { continue }
                // A same-named property holding a plain value (`@State private var uncheckedCount = 0` of a
                // view, `static let quota = NSToolbarItem.Identifier("Quota")`) or an object of the project that
                // is no publisher (`let location = LocationService()` of a service container) cannot be the
                // publisher read here, which an operator or subscriber follows.
                let holdsNonPublisher = { () -> Bool in
                    holdsPlainValue(tree.variables[v], in: tree) || holdsFrameworkNonPublisher(tree.variables[v], index: index)
                        || NonPublisherResults.namesProjectNonPublisher(tree.variables[v].typeText, index: index, includingProtocols: true)
                        || makesProjectNonPublisher(tree.variables[v], in: tree, index: index)
                        || makesFrameworkNonPublisher(tree.variables[v], in: tree, index: index)
                }
                // A static publisher of the name may be the one read (`Feed.updates.sink`): undecided.
                if property.isStatic {
                    if holdsNonPublisher() || isMadeByNonPublisherInitializer(tree.variables[v], in: tree) { continue }
                    return false
                }
                // `let clock: Timer.TimerPublisher`, set in `init`: its written type tells.
                if namesNeverFinishingType(tree.variables[v].typeText) {
                    found = true
                    continue
                }
                if holdsNonPublisher() { continue }
                // `self.pets = pets` in `init(pets: AnyPublisher<…>)`: it holds what its maker hands it,
                // which the other declarations (the maker's source among them) decide.
                if isSetFromInitializerParameter(v, in: tree) { continue }
                guard let returned = handedOnChain(of: v, in: tree) else { return false }
                // `var statePublisher: … { playback.statePublisher }` forwards another object's property
                // of the name: it is endless when that one is, which the other declarations decide.
                if returned.elements.count >= 2, returned.elements.last?.name == name, returned.elements.last?.isCall == false { continue }
                // `var alarms … { shared.eraseToAnyPublisher() }` with `shared = upstream.makeConnectable()`
                // and `upstream = vitals.alarms`: a hub relaying another object's property of the name
                // through its own, which the other declarations decide too.
                if relaysSameNamedProperty(name, from: returned, of: type, index: index) { continue }
                // `ticks = timer.share().eraseToAnyPublisher()` in `init`, after `let timer = Timer.publish(…)`:
                // the local the value goes on from decides.
                guard evidence(in: returned, before: returned.elements.count, tree: tree, index: index, extraNames: [],
                               throughProperties: false) != nil
                        || startsFromOwnNeverFinishingProperty(returned, of: type, index: index)
                        || startsFromNeverFinishingLocal(returned, tree: tree, index: index),
                      !returned.elements.contains(where: { Catalogue.valueLimitingOperators.contains($0.name) }) else { return false }
                found = true
            }
            return found
        }
    }

    /// Whether `chain` starts, through at most three stored properties of `type` (each given its value
    /// at its declaration or in `init`), from another object's property named `name` read without
    /// a call (`vitals.alarms`), with no value limit on the way.
    private static func relaysSameNamedProperty(_ name: String, from chain: Chain, of type: IndexedType, index: ProjectIndex, depth: Int = 0) -> Bool {
        guard !chain.elements.contains(where: { Catalogue.valueLimitingOperators.contains($0.name) }) else { return false }
        var first = 0
        if chain.elements.count > 1, chain.elements[0].name == "self" { first = 1 }
        guard first < chain.elements.count, case let element = chain.elements[first], !element.isCall, element.kind != .literal else { return false }
        if depth > 0 {
            let end = Catalogue.firstPipelineOperator(in: chain.elements, from: first, before: chain.elements.count)
            if end >= first + 2, chain.elements[end - 1].name == name, !chain.elements[end - 1].isCall,
               chain.elements[first..<(end - 1)].allSatisfy({ !$0.isCall && $0.subscripts.isEmpty }) { return true }
        }
        guard depth < 3, let property = type.properties[element.name], !property.isStatic, !property.isComputed,
              let t = index.treeIndexByPath[property.file], case let tree = index.trees[t],
              let v = variable(named: element.name, onLine: property.line, in: tree),
              let initial = handedOnChain(of: v, in: tree) else { return false }
        return relaysSameNamedProperty(name, from: initial, of: type, index: index, depth: depth + 1)
    }

    /// Whether `chain` starts from a stored property of the same type whose initializer starts from a
    /// never-finishing publisher: `var ticks: AnyPublisher<Date, Never> { ticker.eraseToAnyPublisher() }`
    /// with `private let ticker = Timer.publish(every: 1, on: .main, in: .common)`, or one more own
    /// property deep, or a computed property of the type whose getter returns such pipelines only.
    /// Two steps at most, so a property never leads back to itself for long.
    private static func startsFromOwnNeverFinishingProperty(_ chain: Chain, of type: IndexedType, index: ProjectIndex, depth: Int = 0) -> Bool {
        var first = 0
        if chain.elements.count > 1, chain.elements[0].name == "self" { first = 1 }
        guard first < chain.elements.count, case let element = chain.elements[first], !element.isCall, element.kind != .literal,
              isPublisher(at: first, in: chain, before: chain.elements.count, index: index),
              let property = type.properties[element.name], !property.isStatic,
              let t = index.treeIndexByPath[property.file], case let tree = index.trees[t],
              let v = variable(named: element.name, onLine: property.line, in: tree) else { return false }
        if tree.variables[v].isComputed {
            // `var etaUpdates: AnyPublisher<…> { etaSubject.merge(with: delayed).eraseToAnyPublisher() }`:
            // every pipeline its getter returns starts from (or merges in) a never-finishing publisher.
            guard depth < 1, let getter = tree.getter(ofVariable: v), let returned = tree.chainsReturned(byFunction: getter), !returned.isEmpty
            else { return false }
            return returned.allSatisfy { pipeline in
                (evidence(in: pipeline, before: pipeline.elements.count, tree: tree, index: index, extraNames: [], throughProperties: false) != nil
                    || mergesNeverFinishingInput(pipeline, tree: tree, index: index, depth: 1, caller: nil)
                    || startsFromOwnNeverFinishingProperty(pipeline, of: type, index: index, depth: depth + 1))
                    && !pipeline.elements.contains(where: { Catalogue.valueLimitingOperators.contains($0.name) })
            }
        }
        guard let initial = handedOnChain(of: v, in: tree) else { return false }
        // `stations = shared.eraseToAnyPublisher()` with `shared = Timer.publish(…)…`: one more own property deep.
        return (evidence(in: initial, before: initial.elements.count, tree: tree, index: index, extraNames: [], throughProperties: false) != nil
                || (depth < 1 && startsFromOwnNeverFinishingProperty(initial, of: type, index: index, depth: depth + 1)))
            && !initial.elements.contains(where: { Catalogue.valueLimitingOperators.contains($0.name) })
    }

    /// A stored property whose written type is a framework type that is no publisher (`let events:
    /// UIControl.Event` of a control publisher): no publisher name in it (`…Publisher`, `…Subject`,
    /// `Published`, `Just`, `Future`, …), and no type or typealias of the project named so.
    private static func holdsFrameworkNonPublisher(_ variable: VariableDecl, index: ProjectIndex) -> Bool {
        guard !variable.isComputed else { return false }
        var type = variable.typeText.filter { !$0.isWhitespace }
        while type.hasSuffix("?") || type.hasSuffix("!") { type.removeLast() }
        guard !type.isEmpty, type.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "." || $0 == "_" }) else { return false }
        let last = type.lastNameComponent
        if type.containsBytes("Publisher") || type.containsBytes("Subject") || type.containsBytes("Published")
            || Catalogue.publisherNames.contains(last) || Catalogue.namesPublisherType(type) { return false }
        return index.type(named: last) == nil && index.typealiasDeclarations[last].isEmpty
    }

    /// A property initialised by a type's initializer (`NSToolbarItem.Identifier("Quota")`,
    /// `Notification.Name("refresh")`) where no name of the type is a publisher's: a constant of a
    /// framework type, as extensions declare them by the dozen.
    private static func isMadeByNonPublisherInitializer(_ variable: VariableDecl, in tree: SyntaxTree) -> Bool {
        guard let initializer = variable.initializer, let c = tree.chain(startingAt: initializer.lowerBound),
              case let chain = tree.chains[c], chain.last == initializer.upperBound, let last = chain.elements.last, last.isCall,
              chain.elements.allSatisfy({ $0.kind != .literal && $0.name.first?.isUppercase == true }) else { return false }
        return !chain.elements.contains { element in
            element.name.containsBytes("Publisher") || element.name.containsBytes("Subject") || Catalogue.publisherNames.contains(element.name)
        }
    }

    /// A property made by a framework type's initializer that is no publisher's
    /// (`private let progress = UIProgressView(progressViewStyle: .bar)` of a cell): no project type
    /// of the name, so the project cannot make it a publisher.
    private static func makesFrameworkNonPublisher(_ variable: VariableDecl, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        guard variable.typeText.isEmpty, !variable.isComputed, isMadeByNonPublisherInitializer(variable, in: tree),
              let initializer = variable.initializer else { return false }
        let root = tree.name(initializer.lowerBound)
        return index.type(named: root) == nil && index.typealiasDeclarations[root].isEmpty
    }

    /// A property without an annotation initialised by a project type's initializer
    /// (`LocationService()`, `.init` aside) where that type is no publisher or subject.
    private static func makesProjectNonPublisher(_ variable: VariableDecl, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        guard variable.typeText.isEmpty, !variable.isComputed, let initializer = variable.initializer,
              tree.tokens[initializer.lowerBound].kind == .identifier, initializer.count >= 3,
              tree.tokens[initializer.lowerBound + 1].kind == .leftParen,
              Int(tree.matching[initializer.lowerBound + 1]) == initializer.upperBound else { return false }
        return NonPublisherResults.namesProjectNonPublisher(tree.name(initializer.lowerBound), index: index, includingProtocols: false)
    }

    /// A property whose type is a plain value, never a publisher: annotated as a number, flag, text,
    /// date or identifier, or as a collection (`[Plant]`, `[String: Int]`, `Set<Tag>`; optional or not),
    /// or initialised by a literal (`0`, `true`, `"…"`, `[]`). A view model's `@Published var plants: [Plant]`
    /// is the state it fills from the repository's `plants` publisher, not a second declaration of it.
    private static func holdsPlainValue(_ variable: VariableDecl, in tree: SyntaxTree) -> Bool {
        var type = variable.typeText.filter { !$0.isWhitespace }
        while type.hasSuffix("?") || type.hasSuffix("!") { type.removeLast() }
        if type.hasPrefix("["), type.hasSuffix("]") { return true }
        if let open = type.firstIndex(of: "<"), Catalogue.collectionTypeNames.contains(String(type[..<open])) { return true }
        if !type.isEmpty { return Catalogue.plainValueTypes.contains(type) }
        guard !variable.isComputed, let initializer = variable.initializer else { return false }
        let first = tree.tokens[initializer.lowerBound].kind
        if initializer.count == 1 {
            return first == .integerLiteral || first == .floatLiteral || tree.isWord(initializer.lowerBound, "true") || tree.isWord(initializer.lowerBound, "false")
        }
        // A whole string literal, or an empty array or dictionary literal.
        if first == .stringStart { return tree.tokens[initializer.upperBound].kind == .stringEnd }
        if first == .leftBracket, Int(tree.matching[initializer.lowerBound]) == initializer.upperBound {
            let inside = (initializer.lowerBound + 1)..<initializer.upperBound
            return inside.isEmpty || (inside.count == 1 && tree.tokens[inside.lowerBound].kind == .colon)
        }
        return false
    }

    /// The member variable named `name` declared on line `line`: a binary search (variables are in
    /// source order), not a walk over the file's variables for each name asked.
    static func variable(named name: String, onLine line: Int, in tree: SyntaxTree) -> Int? {
        var low = 0, high = tree.variables.count
        while low < high {
            let mid = (low + high) / 2
            if tree.line(of: tree.variables[mid].nameToken) < line { low = mid + 1 } else { high = mid }
        }
        var v = low
        while v < tree.variables.count, tree.line(of: tree.variables[v].nameToken) == line {
            if !tree.variables[v].isLocal, tree.variables[v].name == name { return v }
            v += 1
        }
        return nil
    }

    /// The chain a property hands on: its initial value, the value the type's initializers give a
    /// constant declared without one (`let stations: AnyPublisher<…>`, then `stations =
    /// shared.eraseToAnyPublisher()` in `init`), or the only expression (or the last `return`) of its getter.
    private static func handedOnChain(of v: Int, in tree: SyntaxTree) -> Chain? {
        let variable = tree.variables[v]
        if let initializer = variable.initializer {
            return tree.chain(startingAt: initializer.lowerBound).map { tree.chains[$0] }
        }
        if variable.isLet, !variable.isComputed { return initializerAssignedChain(of: v, in: tree) }
        guard variable.isComputed else { return nil }
        var open = variable.nameToken + 1
        while open < tree.tokens.count, tree.tokens[open].kind != .leftBrace {
            if tree.tokens[open].kind == .rightBrace || tree.tokens[open].kind == .equal { return nil }
            open += 1
        }
        guard open < tree.tokens.count, case let close = Int(tree.matching[open]), close > open + 1 else { return nil }
        // The expression after the last top-level `return`, else the body's first token.
        var start = open + 1
        for k in (open + 1)..<close where tree.isWord(k, "return") && Int(tree.enclosing[k]) == open { start = k + 1 }
        guard start < close else { return nil }
        return tree.chain(startingAt: start).map { tree.chains[$0] }
    }

    /// The chain the initializers of its type assign whole to constant `v` (`stations = …` or
    /// `self.stations = …` as a statement of an `init` body), when every such assignment is one and
    /// they agree on where the value starts (the first of them).
    private static func initializerAssignedChain(of v: Int, in tree: SyntaxTree) -> Chain? {
        let variable = tree.variables[v]
        guard let t = variable.enclosingType else { return nil }
        var found: Chain?
        for start in InitializerAssignments.valueStarts(of: variable.name, inType: t, in: tree) {
            guard let c = tree.chain(startingAt: start) else { return nil }
            if found == nil { found = tree.chains[c] }
        }
        return found
    }

    /// Whether constant `v`, declared without a value, is given one of its type's initializer's
    /// parameters whole (`self.pets = pets` in `init(…, pets: AnyPublisher<[Pet], Never>)`), or is a
    /// struct's, whose memberwise initializer takes it (`let reports: AnyPublisher<…>` of a view).
    private static func isSetFromInitializerParameter(_ v: Int, in tree: SyntaxTree) -> Bool {
        let variable = tree.variables[v]
        guard variable.isLet, !variable.isComputed, variable.initializer == nil, let t = variable.enclosingType else { return false }
        if tree.types[t].kind == .struct, !tree.types[t].functions.contains(where: { tree.functions[$0].kind == .initializer }) { return true }
        return InitializerAssignments.valueStarts(of: variable.name, inType: t, in: tree).contains { k in
            tree.tokens[k].kind == .identifier && SubscriptionFinder.isParameter(named: tree.name(k), visibleAt: k, in: tree)
                && FinitePublishers.endsStatement(k, in: tree)
        }
    }

    /// Whether every property named `name` that the app's objects hold (a protocol's requirement, test
    /// doubles and same-named plain values aside; at least one) is a stored subject, or a computed
    /// property returning only a subject or a `$projection` with steps that pass every value on
    /// and end only with their upstream: same-thread ones and hops (`classesSubject.eraseToAnyPublisher()`,
    /// `$items.removeDuplicates().eraseToAnyPublisher()`, `subject.receive(on: DispatchQueue.main).eraseToAnyPublisher()`),
    /// and the project's operators that pass every value on.
    static func erasesSubjectOrProjection(_ name: String, index: ProjectIndex) -> Bool {
        guard !name.isEmpty, !Catalogue.isProjected(name) else { return false }
        return index.neverFinishingPropertyNames.answer("erases-subject \(name)") {
            let declarations = index.properties(named: name).filter {
                !TestCaseCode.isTestDoubleOrRequirement($0, index: index) && !NonPublisherResults.holdsPlainValue($0)
            }
            return !declarations.isEmpty && declarations.allSatisfy { property in
                if !property.isComputed { return ProjectIndex.isSubjectType(property) }
                guard let (t, returned) = index.chainsReturnedByGetter(of: property) else { return false }
                return !returned.isEmpty && returned.allSatisfy { c in
                    var names = index.trees[t].chains[c].names
                    if names.first == "self" { names.removeFirst() }
                    guard names.count >= 2, let first = names.first, first != name,
                          Catalogue.isProjected(first) || isSubjectProperty(first, index: index) else { return false }
                    // The project's own operators too (`levelSubject.smoothed().eraseToAnyPublisher()`
                    // with `smoothed()` a `scan` in an extension of `Publisher`).
                    return names.dropFirst().allSatisfy { keepsUpstreamGoing($0) || PublisherExtensions.passesValuesOn($0, index: index) }
                }
            }
        }
    }

    /// A same-thread step or a hop (`receive(on:)`, `debounce`, `delay`): it ends when its upstream
    /// does, not before; `first()`, `prefix(_:)` and `timeout` end on their own.
    private static func keepsUpstreamGoing(_ name: String) -> Bool {
        (Catalogue.sameThreadOperators.contains(name) || Catalogue.deferringOperators.contains(name))
            && !Catalogue.valueLimitingOperators.contains(name) && name != "timeout"
    }

    /// A property some type of the project declares as a subject (`PassthroughSubject`/`CurrentValueSubject`).
    static func isSubjectProperty(_ name: String, index: ProjectIndex) -> Bool {
        guard !name.isEmpty else { return false }
        return index.declaresSubjectProperty(named: name)
    }

    /// A call that transforms what came before (an operator), as opposed to a member that names a source.
    static func isOperatorLike(_ element: ChainElement) -> Bool {
        element.kind == .member && Catalogue.isPipelineOperator(element) && element.isCall
    }
}
