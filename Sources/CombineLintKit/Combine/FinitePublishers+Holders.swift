/// The publishers a name in a pipeline's source position can hold, beyond a local's initializer:
/// a `let` local given its value on each branch, and a stored property set once.
extension FinitePublishers {
    /// For a local `let` declared without a value (`let prepared: AnyPublisher<…>`) and given one on
    /// each branch before the use (`if … { prepared = a } else { prepared = b }`): every chain
    /// assigned to it. Swift lets such a constant be assigned once on any path, so the value at the
    /// use is one of them. `nil` for a `var`, or when the name is used in any other way between
    /// the declaration and the use (read, passed `inout`, assigned something that is no chain).
    static func branchAssignedPublishers(named root: ChainElement, in tree: SyntaxTree) -> [Chain]? {
        guard root.kind == .root, !root.isCall, tree.tokens[root.nameToken].kind == .identifier,
              let v = SubscriptionFinder.localVariable(named: root.name, visibleAt: root.nameToken, in: tree),
              case let variable = tree.variables[v], variable.isLocal, variable.isLet, variable.initializer == nil
        else { return nil }
        var assigned: [Chain] = []
        for k in (variable.nameToken + 1)..<root.nameToken where tree.tokens[k].kind == .identifier && tree.name(k) == variable.name {
            if tree.tokens[k - 1].kind == .period { continue }
            guard tree.statementStarts[k], k + 2 < root.nameToken, tree.tokens[k + 1].kind == .equal,
                  let c = tree.chain(startingAt: k + 2), endsStatement(tree.chains[c].last, in: tree) else { return nil }
            assigned.append(tree.chains[c])
        }
        return assigned.isEmpty ? nil : assigned
    }

    /// The source element of `chain` through element `last` when it names a member of the enclosing
    /// type (`certificate`, `self.certificate`): not a call, no subscript.
    private static func memberSource(_ chain: Chain, through last: Int) -> ChainElement? {
        let elements = chain.elements
        let named: ChainElement
        if last == 0, elements[0].kind == .root { named = elements[0] }
        else if last == 1, elements[0].kind == .root, elements[0].name == "self", !elements[0].isCall { named = elements[1] }
        else { return nil }
        return !named.isCall && named.subscripts.isEmpty ? named : nil
    }

    /// The stored variable of the enclosing type that the member source `named` (see `memberSource`)
    /// reads: a bare name (`last` 0) only when no local of the name hides it.
    private static func memberVariable(_ named: ChainElement, bare: Bool, in tree: SyntaxTree) -> Int? {
        guard let t = tree.enclosingType(of: named.nameToken),
              !bare || SubscriptionFinder.localVariable(named: named.name, visibleAt: named.nameToken, in: tree) == nil else { return nil }
        return tree.memberVariable(named: named.name, ofType: t)
    }

    /// For a source naming a stored property of the enclosing type (`certificate`, `self.certificate`)
    /// with a value written at its declaration (`private lazy var certificate = Future { … }.eraseToAnyPublisher()`)
    /// that nothing assigns again: that value's chain, which every subscriber of the property gets.
    /// A `var` is followed only with the project at hand, to see that no file assigns the name.
    func storedPropertyPublisher(_ chain: Chain, through last: Int, in tree: SyntaxTree) -> Chain? {
        guard let named = FinitePublishers.memberSource(chain, through: last),
              let v = FinitePublishers.memberVariable(named, bare: last == 0, in: tree),
              case let property = tree.variables[v], !property.isComputed, !property.hasObservers,
              let initializer = property.initializer,
              let c = tree.chain(spanning: initializer)
        else { return nil }
        if !property.isLet {
            guard let index else { return nil }
            // Every use of the name in the project is read once per run, however many chains ask.
            let assigned = memo.map { $0.value(for: "assigned-name \(property.name)") { index.isAssigned(property.name) } }
                ?? index.isAssigned(property.name)
            if assigned { return nil }
        }
        return tree.chains[c]
    }

    /// For a source naming a stored `let` property of the enclosing type declared without a value
    /// (`private let tariffRequest: AnyPublisher<Tariff, Error>`): every chain the type's
    /// initializers in this file assign to it whole (`tariffRequest = api.tariff(site: site)`, or
    /// `self.tariffRequest = …`). A constant is set once, in an initializer, so every subscriber
    /// gets one of them. `nil` when an initializer assigns it something that is no chain.
    func initializerAssignedPublishers(_ chain: Chain, through last: Int, in tree: SyntaxTree) -> [Chain]? {
        guard let named = FinitePublishers.memberSource(chain, through: last),
              let v = FinitePublishers.memberVariable(named, bare: last == 0, in: tree), let t = tree.enclosingType(of: named.nameToken),
              case let property = tree.variables[v], property.isLet, !property.isComputed, !property.isStatic,
              property.initializer == nil else { return nil }
        return FinitePublishers.initializerAssignedChains(of: property.name, inType: t, in: tree)
    }

    /// Every chain the initializers of type `t` in `tree` assign whole to its property `name`;
    /// `nil` when one assigns it something that is no chain, or none assigns it.
    private static func initializerAssignedChains(of name: String, inType t: Int, in tree: SyntaxTree) -> [Chain]? {
        var assigned: [Chain] = []
        for start in InitializerAssignments.valueStarts(of: name, inType: t, in: tree) {
            guard let c = tree.chain(startingAt: start), endsStatement(tree.chains[c].last, in: tree) else { return nil }
            assigned.append(tree.chains[c])
        }
        return assigned.isEmpty ? nil : assigned
    }

    /// For a source reading a stored `let` property of another object (`row.narratorReady` with
    /// `let row: ProgramRowModel`) declared without a value: every chain the declaring type's
    /// initializers in its file assign to it whole, with that file's tree. `nil` when an initializer
    /// assigns it something that is no chain, or the owner or declaration is not known.
    func otherObjectInitializerAssignedPublishers(_ chain: Chain, through last: Int, in tree: SyntaxTree) -> (tree: SyntaxTree, chains: [Chain])? {
        let elements = chain.elements
        guard let index, last >= 1, elements[0].name != "self", case let named = elements[last], !named.isCall, named.subscripts.isEmpty,
              elements[..<last].allSatisfy({ !$0.isCall && $0.subscripts.isEmpty }),
              let owner = TypeResolver.ownerTypeThroughProperties(ofElement: last, in: chain, tree: tree, index: index),
              let property = index.property(named.name, ofType: owner), !property.isComputed, !property.isStatic,
              property.initializerText.isEmpty, let (declaring, v) = index.declaration(of: property),
              case let variable = declaring.variables[v], variable.isLet, let t = variable.enclosingType,
              let assigned = FinitePublishers.initializerAssignedChains(of: variable.name, inType: t, in: declaring) else { return nil }
        return (declaring, assigned)
    }

    /// For a source naming a value declared as a `Future` (a local, a stored property of the
    /// enclosing type or, with the index, of another object, `api.homeTiles` with `lazy var homeTiles:
    /// Future<…>`; read whole or through one subscript of a collection of them: `forecasts[id]` with
    /// `private var forecasts: [String: Future<String, Never>]`): a `Future` answers once and
    /// finishes, whichever one the name holds.
    func declaresFuture(_ chain: Chain, through last: Int, in tree: SyntaxTree) -> Bool {
        let elements = chain.elements
        let named = elements[last]
        guard !named.isCall, named.subscripts.count <= 1, tree.tokens[named.nameToken].kind == .identifier else { return false }
        let typeText: String
        if last == 0 || (last == 1 && elements[0].kind == .root && elements[0].name == "self" && !elements[0].isCall) {
            let variable: VariableDecl
            if last == 0, let v = SubscriptionFinder.localVariable(named: named.name, visibleAt: named.nameToken, in: tree) {
                variable = tree.variables[v]
            } else if let v = FinitePublishers.memberVariable(named, bare: false, in: tree) {
                variable = tree.variables[v]
            } else {
                return false
            }
            guard !variable.isComputed else { return false }
            typeText = variable.typeText
        } else {
            guard let index, named.kind == .member,
                  elements[..<last].allSatisfy({ !$0.isCall && $0.subscripts.isEmpty }),
                  let owner = TypeResolver.ownerTypeThroughProperties(ofElement: last, in: chain, tree: tree, index: index),
                  let property = index.property(named.name, ofType: owner), !property.isComputed else { return false }
            typeText = property.typeText
        }
        guard !typeText.isEmpty else { return false }
        var type = TypeText.unwrappingOptional(typeText)
        if !named.subscripts.isEmpty {
            guard let element = TypeText.collectionElement(type) else { return false }
            type = TypeText.unwrappingOptional(element)
        }
        return type.hasPrefix("Future<")
    }

    /// For a source naming a stored optional `var` of the enclosing type that starts empty (`private
    /// var refreshing: AnyPublisher<String, Error>?`), read directly or through a shorthand binding
    /// (`if let refreshing { return refreshing }`): every publisher the project assigns to the name,
    /// as (tree, chain) pairs; `nil` assignments are skipped. The in-flight request that a token
    /// refresher hands out while it runs (`refreshing = refresh`, then `self?.refreshing = nil` when
    /// it completes). `nil` when any assignment is something else, or the name is passed `inout`.
    func assignedOptionalPublishers(_ chain: Chain, through last: Int, in tree: SyntaxTree) -> [(tree: Int, chain: Int)]? {
        guard let named = FinitePublishers.memberSource(chain, through: last) else { return nil }
        return assignedOptionalPublishers(named: named.name, at: named.nameToken, bare: last == 0, in: tree)
    }

    /// As `assignedOptionalPublishers(_:through:in:)`, for the name `name` written at token `token`
    /// (`bare`: without `self.`, so that a local of the name other than a shorthand binding hides it).
    func assignedOptionalPublishers(named name: String, at token: Int, bare: Bool, in tree: SyntaxTree) -> [(tree: Int, chain: Int)]? {
        guard let index, let t = tree.enclosingType(of: token) else { return nil }
        if bare, let local = SubscriptionFinder.localVariable(named: name, visibleAt: token, in: tree),
           !FinitePublishers.isShorthandBinding(local, in: tree) { return nil }
        guard let v = tree.memberVariable(named: name, ofType: t), case let property = tree.variables[v],
              !property.isLet, !property.isComputed, !property.isStatic, !property.hasObservers,
              property.typeText.hasSuffix("?"),
              property.initializer.map({ $0.count == 1 && tree.isWord($0.lowerBound, "nil") }) ?? true else { return nil }
        // Empty when the name is assigned something that is no publisher chain (or never assigned):
        // the memo keeps no optionals.
        let compute = { () -> [AssignedPublisher] in
            var values: [AssignedPublisher] = []
            for ref in index.identifiers[property.name] {
                let other = index.trees[ref.tree]
                let k = ref.token
                guard other.tokenIs(k, property.name) else { continue }
                if k > 0, other.tokens[k - 1].kind == .ampersand { return [] }
                guard k + 2 < other.tokens.count else { continue }
                let next = other.tokens[k + 1].kind
                if next == .operator, other.isCompoundAssignment(k + 1) { return [] }
                guard next == .equal, !(k > 0 && (other.isWord(k - 1, "var") || other.isWord(k - 1, "let"))) else { continue }
                if other.isWord(k + 2, "nil"), FinitePublishers.endsStatement(k + 2, in: other) { continue }
                if let c = other.chain(startingAt: k + 2), FinitePublishers.endsStatement(other.chains[c].last, in: other) {
                    values.append(AssignedPublisher(tree: ref.tree, chain: c))
                } else if other.tokens[k + 2].kind == .identifier, FinitePublishers.endsStatement(k + 2, in: other),
                          let operands = FinitePublishers.localAlternatives(named: other.name(k + 2), visibleAt: k + 2, in: other) {
                    // `inFlight = refresh` with `let refresh = inFlight ?? makeRefresh()`: the property
                    // keeps what it held, or takes the other operand's pipeline.
                    for operand in operands where !(operand.count == 1 && other.tokenIs(operand.lowerBound, property.name)) {
                        guard let c = FinitePublishers.operandChain(operand, in: other) else { return [] }
                        values.append(AssignedPublisher(tree: ref.tree, chain: c))
                    }
                } else if other.tokens[k + 2].kind == .identifier, FinitePublishers.endsStatement(k + 2, in: other),
                          let c = FinitePublishers.localInitializerChain(named: other.name(k + 2), visibleAt: k + 2, in: other) {
                    // `refreshing = refresh`, a local bound to a pipeline.
                    values.append(AssignedPublisher(tree: ref.tree, chain: c))
                } else {
                    return []
                }
            }
            return values
        }
        let values = memo.map { $0.value(for: "assigned-optional-publishers \(property.name)", compute) } ?? compute()
        guard !values.isEmpty else { return nil }
        return values.map { ($0.tree, $0.chain) }
    }

    /// A publisher assigned to a property: its chain, by tree.
    struct AssignedPublisher: Sendable {
        var tree: Int
        var chain: Int
    }

    /// `if let refreshing {`, `guard let token else`: a binding of the same name without a value,
    /// which unwraps the property (or local) it names.
    static func isShorthandBinding(_ v: Int, in tree: SyntaxTree) -> Bool {
        let variable = tree.variables[v]
        let k = variable.nameToken
        guard variable.initializer == nil, variable.typeText.isEmpty, k > 0, k + 1 < tree.tokens.count,
              tree.isWord(k - 1, "let") || tree.isWord(k - 1, "var") else { return false }
        let next = tree.tokens[k + 1].kind
        return next == .leftBrace || next == .comma || tree.isWord(k + 1, "else")
    }

    /// The token after `last` starts a new statement or closes the block: the chain is the whole value.
    static func endsStatement(_ last: Int, in tree: SyntaxTree) -> Bool {
        tree.endsStatement(after: last)
    }

    /// For a source naming a computed property of the receiver's type (`viewModel.initialRegion` with
    /// `var initialRegion: AnyPublisher<…> { saved.map { … }.first().eraseToAnyPublisher() }`): the
    /// chains its getter returns, with the tree that holds them. A subscriber gets one of them.
    func computedPropertyPublishers(_ chain: Chain, through last: Int, in tree: SyntaxTree) -> (tree: SyntaxTree, chains: [Chain])? {
        guard let index, case let source = chain.elements[last], !source.isCall, source.subscripts.isEmpty,
              source.kind == .member || (last == 0 && source.kind == .root),
              // Most names are no computed property anywhere: asked before the receiver's type, whose
              // lookup walks its superclasses.
              index.declaresComputedProperty(named: source.name),
              last > 0 || SubscriptionFinder.localVariable(named: source.name, visibleAt: source.nameToken, in: tree) == nil,
              let owner = TypeResolver.ownerTypeThroughProperties(ofElement: last, in: chain, tree: tree, index: index),
              let property = index.property(source.name, ofType: owner), property.isComputed, !property.isStatic,
              let t = index.treeIndexByPath[property.file], case let holder = index.trees[t],
              let v = NeverFinishingSources.variable(named: source.name, onLine: property.line, in: holder),
              let getter = holder.getter(ofVariable: v), let returned = holder.chainsReturned(byFunction: getter), !returned.isEmpty
        else { return nil }
        return (holder, returned)
    }
}
