/// Sources a method is given by its callers: `input.refresh` in an MVVM-C view model's
/// `transform(input:)`, or `events` in `bind(events:)`. Whether such a pipeline finishes is decided
/// by what the callers pass, found through the index's postings of the method's name: a subject,
/// `$property` or notification wrapped in the `Input` the caller builds
/// (`transform(input: .init(refresh: refreshSubject.eraseToAnyPublisher()))`, directly or through a
/// local) never finishes, so a subscription to it stored on each call piles up.
enum CallerSuppliedSources {
    /// Whether chain elements `0..<end`, written right in a function's body (not in a closure), start
    /// from a parameter of that function to which callers pass a publisher that never finishes:
    /// `func bindSuggestions(to input: AnyPublisher<String, Never>) { input.debounce(…)… }` called
    /// with `typing.eraseToAnyPublisher()` of a subject.
    static func neverFinish(_ chain: Chain, before end: Int, inFunctionOf tree: SyntaxTree, index: ProjectIndex) -> Bool {
        guard tree.innermostClosure(of: chain.first) == nil, let f = tree.enclosingFunction(of: chain.first) else { return false }
        return neverFinish(chain, before: end, function: f, in: tree, index: index)
    }

    /// Whether chain elements `0..<end` start from parameter `p` of function `f` (or a member of it,
    /// `input.refresh`) and some caller outside test code passes a publisher there that never finishes.
    static func neverFinish(_ chain: Chain, before end: Int, function f: Int, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        let function = tree.functions[f]
        let elements = chain.elements
        guard end > 0, end <= elements.count, elements[0].kind == .root, !elements[0].isCall,
              let p = function.parameters.firstIndex(where: { $0.name == elements[0].name }),
              SubscriptionFinder.localVariable(named: elements[0].name, visibleAt: chain.first, in: tree) == nil else { return false }
        // `input.refresh`: the member the caller's `Input(refresh: …)` fills; `events` itself otherwise.
        var member: String? = nil
        if end > 1, elements[1].kind == .member, !elements[1].isCall, end == 2 || passesValuesOn(elements[2], index: index) {
            member = elements[1].name
        } else if !(end == 1 || passesValuesOn(elements[1], index: index)) {
            return false
        }
        return receivesNeverFinishing(parameter: p, member: member, function: f, in: tree, index: index, handedOn: 0)
    }

    /// Whether a step after the source hands its values on: an operator, the project's own too
    /// (`text.normalizedQuery()`).
    private static func passesValuesOn(_ element: ChainElement, index: ProjectIndex) -> Bool {
        NeverFinishingSources.isOperatorLike(element)
            || (element.kind == .member && element.isCall && PublisherExtensions.passesValuesOn(element.name, index: index))
    }

    /// Whether chain elements `0..<end` start from a stored `let` of the enclosing type (`updates`,
    /// `self.updates`, then only operators) that its initializers set from one of their parameters
    /// (`self.updates = updates`), and some construction outside test code passes there a publisher
    /// that never finishes (`LeaderboardRowViewModel(entry: e, updates: rankSubject.filter { … }.eraseToAnyPublisher())`).
    static func storedFromInitializerNeverFinish(_ chain: Chain, before end: Int, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        let elements = chain.elements
        guard end > 0, end <= elements.count, elements[0].kind == .root, !elements[0].isCall, elements[0].subscripts.isEmpty else { return false }
        let named = elements[0].name == "self" ? 1 : 0
        guard named < end, !elements[named].isCall, elements[named].subscripts.isEmpty,
              elements[(named + 1)..<end].allSatisfy({ passesValuesOn($0, index: index) }) else { return false }
        let name = elements[named].name
        if named == 0 {
            guard SubscriptionFinder.localVariable(named: name, visibleAt: chain.first, in: tree) == nil,
                  !(tree.enclosingFunction(of: chain.first).map { tree.functions[$0].parameters.contains { $0.name == name } } ?? false) else { return false }
        }
        guard let t = tree.enclosingType(of: chain.first), let v = tree.memberVariable(named: name, ofType: t),
              case let property = tree.variables[v], property.isLet, !property.isComputed, !property.isStatic,
              property.initializer == nil else { return false }
        for start in InitializerAssignments.valueStarts(of: name, inType: t, in: tree) {
            // A bare name, which makes no chain of its own: the parameter, whole.
            guard tree.tokens[start].kind == .identifier, tree.chain(startingAt: start) == nil,
                  start + 1 >= tree.tokens.count || ![.period, .leftParen, .leftBracket, .questionMark, .exclamationMark].contains(tree.tokens[start + 1].kind),
                  let f = tree.enclosingFunction(of: start), tree.functions[f].kind == .initializer,
                  case let parameter = tree.name(start),
                  let p = tree.functions[f].parameters.firstIndex(where: { $0.name == parameter }) else { continue }
            if receivesNeverFinishing(parameter: p, member: nil, function: f, in: tree, index: index, handedOn: 0) { return true }
        }
        return false
    }

    /// How many callers' parameters an argument is followed through: `progressView.bind(to: state)`
    /// in a cell's `configure(with:state:)`, whose callers pass `viewModel.downloadState(for: id)`.
    private static let maximumHandOns = 1

    /// Whether some caller outside test code passes, for parameter `p` of function `f` (its `member`
    /// when given), a publisher that never finishes: directly, through a local, or through a
    /// parameter of its own that its callers fill so (`handedOn` counts those steps).
    private static func receivesNeverFinishing(parameter p: Int, member: String?, function f: Int, in tree: SyntaxTree,
                                               index: ProjectIndex, handedOn: Int) -> Bool {
        for (call, argument) in calls(of: f, in: tree, index: index, parameter: p) {
            let callTree = index.trees[call.tree]
            guard let argument else { continue }
            var value = argument.value
            if let member {
                guard let filled = memberArgument(member, in: value, of: callTree) else { continue }
                value = filled
            }
            if NeverFinishingSources.startsNeverFinishing(value, tree: callTree, index: index, extraNames: []) { return true }
            // A local holding such a publisher (`let text = NotificationCenter.default.publisher(for: …)…`, then `liveFilter(text)`).
            if let held = SubscriptionFinder.localValueChain(namedBy: value, in: callTree), !NeverFinishingSources.limitsValues(held),
               NeverFinishingSources.startsNeverFinishing(held, before: held.elements.count, tree: callTree, index: index, extraNames: []) {
                return true
            }
            // The caller's own parameter handed on, right in its body, as it is or through operators
            // that pass its values on (`isRead.map { … }.eraseToAnyPublisher()`): what the caller's callers pass.
            if let c = callTree.chain(spanning: value), case let chain = callTree.chains[c], chain.elements.count > 1,
               chain.elements[0].kind == .root, !chain.elements[0].isCall, chain.elements[0].subscripts.isEmpty,
               chain.elements.dropFirst().allSatisfy(NeverFinishingSources.isOperatorLike), !NeverFinishingSources.limitsValues(chain) {
                value = chain.first...chain.first
            }
            if handedOn < maximumHandOns, value.count == 1, callTree.tokens[value.lowerBound].kind == .identifier,
               callTree.innermostClosure(of: value.lowerBound) == nil, let g = callTree.enclosingFunction(of: value.lowerBound),
               case let name = callTree.name(value.lowerBound),
               SubscriptionFinder.localVariable(named: name, visibleAt: value.lowerBound, in: callTree) == nil {
                if let q = callTree.functions[g].parameters.firstIndex(where: { $0.name == name }) {
                    if receivesNeverFinishing(parameter: q, member: nil, function: g, in: callTree, index: index, handedOn: handedOn + 1) { return true }
                } else if constructionsFillNeverFinishing(name, ofTypeAround: value.lowerBound, in: callTree, index: index) {
                    return true
                }
            }
        }
        return false
    }

    /// The calls of function `f` outside test code, found through the index's postings of its name
    /// (an initializer by its type's name, `ScanProgressViewModel(session: …)`), each with its
    /// argument for parameter `p` (nil where the call leaves it to its default).
    private static func calls(of f: Int, in tree: SyntaxTree, index: ProjectIndex, parameter p: Int) -> [(call: ElementReference, argument: Argument?)] {
        let function = tree.functions[f]
        let selector = function.selectorName
        let isInitializer = function.kind == .initializer
        guard let calledName = isInitializer ? function.enclosingType.map({ tree.types[$0].name.lastNameComponent }) : function.name else { return [] }
        return index.chainElements[calledName].compactMap { call in
            let callTree = index.trees[call.tree]
            let element = callTree.chains[call.chain].elements[call.element]
            guard element.isCall,
                  isInitializer ? function.accepts(argumentLabels: element.argumentLabels) : MethodCallGraph.selector(of: element) == selector,
                  !TestCaseCode.isTestOrDouble(callTree.chains[call.chain].first, of: callTree, index: index) else { return nil }
            return (call, element.argument(forParameter: p, of: function))
        }
    }

    /// Whether chain elements `0..<end`, written right in a function's body, start from a parameter of
    /// it followed only by operators, and every caller outside test code (one at least) passes there a
    /// publisher that finishes: `thumbnail.sink { … }` in a cell's `configure(with:thumbnail:)`, given
    /// `viewModel.thumbnail(for: document)`, a `Future` mapped and erased.
    static func allFinish(_ chain: Chain, before end: Int, inFunctionOf tree: SyntaxTree, index: ProjectIndex, finite: FinitePublishers) -> Bool {
        let elements = chain.elements
        guard end >= 1, end <= elements.count, tree.innermostClosure(of: chain.first) == nil, let f = tree.enclosingFunction(of: chain.first),
              elements[0].kind == .root, !elements[0].isCall, elements[0].subscripts.isEmpty,
              let p = tree.functions[f].parameters.firstIndex(where: { $0.name == elements[0].name }),
              SubscriptionFinder.localVariable(named: elements[0].name, visibleAt: chain.first, in: tree) == nil,
              elements[1..<end].allSatisfy(NeverFinishingSources.isOperatorLike) else { return false }
        let calls = calls(of: f, in: tree, index: index, parameter: p)
        return !calls.isEmpty && calls.allSatisfy { call, argument in
            let callTree = index.trees[call.tree]
            guard let value = argument?.value, let c = callTree.chain(spanning: value), case let given = callTree.chains[c] else { return false }
            return finite.finishes(given, before: given.elements.count, in: callTree)
        }
    }

    /// Whether `name` is a stored `let` of a struct with no initializer of its own, around token
    /// `token` (a representable's `let readings: AnyPublisher<…>`), that some construction outside
    /// test code fills, through the memberwise initializer, with a publisher that never finishes
    /// (`MoistureChartView(readings: service.readingsPublisher, …)` erasing a subject).
    private static func constructionsFillNeverFinishing(_ name: String, ofTypeAround token: Int, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        guard let t = tree.enclosingType(of: token), tree.types[t].kind == .struct,
              !tree.types[t].functions.contains(where: { tree.functions[$0].kind == .initializer }),
              tree.types[t].variables.contains(where: { v in
                  tree.variables[v].name == name && tree.variables[v].isLet && !tree.variables[v].isComputed
                      && !tree.variables[v].isStatic && tree.variables[v].initializer == nil
              }) else { return false }
        let typeName = tree.types[t].name.lastNameComponent
        for use in index.chainElements[typeName] {
            let useTree = index.trees[use.tree]
            let element = useTree.chains[use.chain].elements[use.element]
            guard element.isCall, element.kind == .root || use.element > 0,
                  !TestCaseCode.isTestOrDouble(useTree.chains[use.chain].first, of: useTree, index: index),
                  let argument = element.argument(name) else { continue }
            if NeverFinishingSources.startsNeverFinishing(argument.value, tree: useTree, index: index, extraNames: []) { return true }
        }
        return false
    }

    /// In `.init(refresh: x, …)`, `Input(refresh: x)` or a local initialised with one, the value given for `member`.
    private static func memberArgument(_ member: String, in range: ClosedRange<Int>, of tree: SyntaxTree) -> ClosedRange<Int>? {
        var range = range
        if range.count == 1, tree.tokens[range.lowerBound].kind == .identifier,
           let v = SubscriptionFinder.localVariable(named: tree.name(range.lowerBound), visibleAt: range.lowerBound, in: tree),
           let initializer = tree.variables[v].initializer {
            range = initializer
        }
        // `.init(…)`, an implicit member, is no chain: its labelled arguments are read from the tokens.
        if tree.tokens[range.lowerBound].kind == .period, range.count > 3, tree.isWord(range.lowerBound + 1, "init"),
           tree.tokens[range.lowerBound + 2].kind == .leftParen {
            return labelledArgument(member, openedAt: range.lowerBound + 2, in: tree)
        }
        guard let c = tree.chain(startingAt: range.lowerBound) else { return nil }
        // The construction: the chain's first call, `init` or a type's name (`Input`, `ViewModel.Input`).
        guard let construction = tree.chains[c].elements.first(where: \.isCall),
              construction.name == "init" || construction.name.first?.isUppercase == true else { return nil }
        return construction.argument(member)?.value
    }

    /// The value of argument `label:` of the call whose parenthesis opens at `open`.
    private static func labelledArgument(_ label: String, openedAt open: Int, in tree: SyntaxTree) -> ClosedRange<Int>? {
        let close = Int(tree.matching[open])
        guard close > open else { return nil }
        var k = open + 1
        while k + 1 < close {
            if Int(tree.enclosing[k]) == open, [.identifier, .keyword].contains(tree.tokens[k].kind), tree.name(k) == label, tree.tokens[k + 1].kind == .colon {
                var end = k + 2
                while end < close, !(tree.tokens[end].kind == .comma && Int(tree.enclosing[end]) == open) { end += 1 }
                return end > k + 2 ? (k + 2)...(end - 1) : nil
            }
            k += 1
        }
        return nil
    }
}
