/// The methods of one type across all its declarations and extensions (in every file), with the
/// calls they make on `self` to each other: `bind()`, `self.bind()`, `self?.bind()`,
/// `strongSelf.bind()`; calls on other objects (`viewModel.bind()`) are not edges. A call goes to
/// the methods whose full selector it spells (`configure(cell, for: row)` → `configure(_:for:)`),
/// and only when none does (default arguments, trailing closures) to every method of its name.
public struct MethodCallGraph: Sendable {
    /// One method (a `func` member, not local) of the type.
    public struct Method: Sendable, Hashable {
        /// Index into `ProjectIndex.trees`.
        public var tree: Int
        /// Index into that tree's `functions`.
        public var function: Int
        public var name: String
        public var selectorName: String
        public var body: Range<Int>
        /// A property observer (`didSet`/`willSet` of a stored property of the type), named
        /// `property.didSet`: it runs when a method of the type writes the property.
        public var isObserver: Bool = false
        /// A method of a project superclass that the type does not override and that calls on self
        /// a method the type declares (`final func onAppear() { didAppear() }` of a base view model):
        /// Swift dispatches that call to the type's override, so it is a caller of it.
        public var isInherited: Bool = false
        /// A default implementation from an extension of a protocol the type conforms to, which the
        /// type does not declare itself (`extension StageRingBinding { func bindRings(…) }`): a call
        /// on self of that selector runs it.
        public var isProtocolDefault: Bool = false

        /// For a property observer, the property it observes (`title` of `title.didSet`).
        public var observedProperty: String? {
            guard isObserver, let dot = name.lastIndex(of: ".") else { return nil }
            return String(name[..<dot])
        }
    }

    /// A call on self to a method of the type: the callee's name, the selector its arguments
    /// spell (`configure(_:for:)`), and the call's name token.
    public struct Call: Sendable, Hashable {
        public var name: String
        public var selector: String
        public var token: Int
    }

    public let typeName: String
    public let methods: [Method]
    /// Per method (same order as `methods`): the calls it makes on self to methods of the type.
    public let calls: [[Call]]
    /// Method indices by name.
    public let byName: [String: [Int]]
    /// Method indices by full selector.
    private let bySelector: [String: [Int]]
    /// Method indices by file and body start, and by file and function declaration.
    private let byBody: [Place: Int]
    private let byFunction: [Place: Int]

    /// A position in one file of the project: `trees[tree]`, item `item` (a token or a function).
    private struct Place: Hashable, Sendable {
        var tree: Int
        var item: Int
    }

    /// The method whose body is `body` in `index.trees[tree]`, if it is one of the type's.
    public func method(inTree tree: Int, body: Range<Int>) -> Int? {
        guard let m = byBody[Place(tree: tree, item: body.lowerBound)], methods[m].body == body else { return nil }
        return m
    }

    /// The method declared as `index.trees[tree].functions[function]`, if it is one of the type's.
    public func method(inTree tree: Int, function: Int) -> Int? { byFunction[Place(tree: tree, item: function)] }

    /// The graph of the type made of `parts` (its declaration and extensions, in input order),
    /// named `typeName` in messages.
    /// With `memo`, the type's property observers are methods too (`title.didSet`), and a write to
    /// the property on self (`title = …`, `self.title = …`) is a call of its observers.
    /// `ancestors` holds the parts of the type's project superclasses, nearest first: their
    /// methods that call one of the type's own (and that no nearer class declares) join the graph,
    /// marked `isInherited`. `protocolDefaults` holds the parts of the protocols it conforms to:
    /// their methods with a body that neither the type nor its ancestors declare join the graph,
    /// marked `isProtocolDefault`.
    public init(typeName: String, parts: [DeclarationReference], ancestors: [[DeclarationReference]] = [],
                protocolDefaults: [[DeclarationReference]] = [], index: ProjectIndex, memo: ProjectMemo? = nil) {
        self.typeName = typeName
        var methods: [Method] = []
        // The type's declarations and extensions, file by file (the index lists them in input
        // order); in each file, their member functions in source order.
        var memberFunctions: [(tree: Int, functions: [Int])] = []
        for ref in parts {
            let declaration = index.trees[ref.tree].types[ref.item]
            if memberFunctions.last?.tree != ref.tree { memberFunctions.append((ref.tree, [])) }
            memberFunctions[memberFunctions.count - 1].functions += declaration.functions
        }
        for (t, functions) in memberFunctions {
            let tree = index.trees[t]
            for f in functions.sorted() {
                let function = tree.functions[f]
                guard function.kind == .function, !function.isLocal, function.enclosingType != nil,
                      let open = function.bodyOpen, let close = function.bodyClose else { continue }
                methods.append(Method(tree: t, function: f, name: function.name, selectorName: function.selectorName, body: open..<close))
            }
        }
        // Observers of the type's stored instance properties, found through the file's table.
        var observed: Set<String> = []
        if let memo {
            for ref in parts {
                let tree = index.trees[ref.tree]
                let observedVariables = tree.types[ref.item].variables.filter { tree.variables[$0].hasObservers && !tree.variables[$0].isStatic }
                guard !observedVariables.isEmpty else { continue }
                let table = PropertyObservers.of(tree: ref.tree, index: index, memo: memo)
                for v in observedVariables {
                    for f in table.byVariable[v] ?? [] {
                        let function = tree.functions[f]
                        guard let open = function.bodyOpen, let close = function.bodyClose else { continue }
                        let name = tree.variables[v].name + "." + function.name
                        observed.insert(tree.variables[v].name)
                        methods.append(Method(tree: ref.tree, function: f, name: name, selectorName: name, body: open..<close, isObserver: true))
                    }
                }
            }
        }
        methods += MethodCallGraph.inheritedCallers(of: methods, ancestors: ancestors, index: index)
        methods += MethodCallGraph.defaultImplementations(besides: methods, ancestors: ancestors, protocols: protocolDefaults, index: index)
        var byName: [String: [Int]] = [:]
        var bySelector: [String: [Int]] = [:]
        var byBody: [Place: Int] = [:]
        var byFunction: [Place: Int] = [:]
        // Sized once: a type of a hundred thousand methods would otherwise rehash every table
        // about seventeen times.
        byName.reserveCapacity(methods.count)
        bySelector.reserveCapacity(methods.count)
        byBody.reserveCapacity(methods.count)
        byFunction.reserveCapacity(methods.count)
        for (m, method) in methods.enumerated() {
            byName[method.name, default: []].append(m)
            bySelector[method.selectorName, default: []].append(m)
            // The first method of a place stands, as a search in order would find it.
            if byBody[Place(tree: method.tree, item: method.body.lowerBound)] == nil {
                byBody[Place(tree: method.tree, item: method.body.lowerBound)] = m
            }
            if byFunction[Place(tree: method.tree, item: method.function)] == nil {
                byFunction[Place(tree: method.tree, item: method.function)] = m
            }
        }
        self.methods = methods
        self.byName = byName
        self.bySelector = bySelector
        self.byBody = byBody
        self.byFunction = byFunction
        self.calls = methods.map { method in
            let tree = index.trees[method.tree]
            let calls = MethodCallGraph.selfCalls(in: method.body, of: tree, names: byName)
            return observed.isEmpty ? calls : calls + MethodCallGraph.observedWrites(in: method.body, of: tree, observed: observed)
        }
    }

    /// The methods of `ancestors` (nearest first) that no nearer class declares and that call on
    /// self one of `own` methods' names.
    private static func inheritedCallers(of own: [Method], ancestors: [[DeclarationReference]], index: ProjectIndex) -> [Method] {
        guard !ancestors.isEmpty else { return [] }
        var ownNames: [String: [Int]] = [:]
        for (m, method) in own.enumerated() where !method.isObserver { ownNames[method.name, default: []].append(m) }
        var declared = Set(own.map(\.selectorName))
        var result: [Method] = []
        for parts in ancestors {
            var found: [Method] = []
            for ref in parts {
                let tree = index.trees[ref.tree]
                for f in tree.types[ref.item].functions.sorted() {
                    let function = tree.functions[f]
                    guard function.kind == .function, !function.isLocal, function.enclosingType != nil,
                          !function.modifiers.contains(where: { $0 == "static" || $0 == "class" }),
                          let open = function.bodyOpen, let close = function.bodyClose,
                          !declared.contains(function.selectorName),
                          !selfCalls(in: open..<close, of: tree, names: ownNames).isEmpty else { continue }
                    found.append(Method(tree: ref.tree, function: f, name: function.name, selectorName: function.selectorName,
                                        body: open..<close, isInherited: true))
                }
            }
            result += found
            // A nearer class's method hides a farther one's of the same selector.
            for ref in parts {
                let tree = index.trees[ref.tree]
                for f in tree.types[ref.item].functions { declared.insert(tree.functions[f].selectorName) }
            }
        }
        return result
    }

    /// The methods with a body of `protocols`' parts (their extensions) whose selector no method of
    /// `own` and no part of `ancestors` declares, each selector once (the first protocol's).
    private static func defaultImplementations(besides own: [Method], ancestors: [[DeclarationReference]],
                                               protocols: [[DeclarationReference]], index: ProjectIndex) -> [Method] {
        guard !protocols.isEmpty else { return [] }
        var declared = Set(own.lazy.filter { !$0.isObserver }.map(\.selectorName))
        for ref in ancestors.joined() {
            let tree = index.trees[ref.tree]
            for f in tree.types[ref.item].functions { declared.insert(tree.functions[f].selectorName) }
        }
        var result: [Method] = []
        for ref in protocols.joined() {
            let tree = index.trees[ref.tree]
            for f in tree.types[ref.item].functions.sorted() {
                let function = tree.functions[f]
                guard function.kind == .function, !function.isLocal, !function.isStatic,
                      let open = function.bodyOpen, let close = function.bodyClose,
                      declared.insert(function.selectorName).inserted else { continue }
                result.append(Method(tree: ref.tree, function: f, name: function.name, selectorName: function.selectorName,
                                     body: open..<close, isProtocolDefault: true))
            }
        }
        return result
    }

    /// Writes to observed properties of self in `range` (`title = …`, `self.title = …`, and
    /// `self?.title = …` in a closure with `[weak self]`, which runs the observer whenever `self`
    /// is still there), as calls of their observers (`title.didSet`, `title.willSet`): the observer
    /// runs on each.
    static func observedWrites(in range: Range<Int>, of tree: SyntaxTree, observed: Set<String>) -> [Call] {
        var result: [Call] = []
        for k in range where tree.tokens[k].kind == .equal && k > range.lowerBound {
            var start = k - 1
            while start > range.lowerBound, !tree.statementStarts[start] { start -= 1 }
            guard start < k else { continue }
            let name: String
            if case .selfMember(let member) = SubscriptionFinder.owner(ofTarget: start, through: k - 1, in: tree) {
                name = member
            } else if start + 3 == k - 1, tree.isWord(start, "self"), tree.tokens[start + 1].kind == .questionMark,
                      tree.tokens[start + 2].kind == .period, tree.tokens[k - 1].kind == .identifier {
                name = tree.name(k - 1)
            } else {
                continue
            }
            guard observed.contains(name) else { continue }
            for accessor in ["didSet", "willSet"] {
                result.append(Call(name: name + "." + accessor, selector: name + "." + accessor, token: k - 1))
            }
        }
        return result
    }

    /// The calls of method `f` of `tree` on `self` (`restoreDraft()`, `self.restoreDraft()`) made by
    /// code of its own type (by simple name, extensions in other files included), found through the
    /// index's chain-element postings of its name; argument labels are not compared. A
    /// `#selector(…)` naming the method is no call of it.
    static func ownTypeCalls(of f: Int, in tree: SyntaxTree, index: ProjectIndex) -> [ElementReference] {
        let function = tree.functions[f]
        guard let owner = function.enclosingType else { return [] }
        let typeName = tree.types[owner].name.lastNameComponent
        return index.chainElements[function.name].filter { reference in
            let caller = index.trees[reference.tree]
            let chain = caller.chains[reference.chain]
            let e = reference.element
            guard chain.elements[e].isCall, e == 0 || (e == 1 && chain.elements[0].name == "self"),
                  !isSelectorReference(chain, in: caller),
                  let callerType = caller.enclosingType(of: chain.first) else { return false }
            return caller.types[callerType].name.lastNameComponent == typeName
        }
    }

    /// `#selector(enabledOnlyToggled(_:))`: the method named for a control or a notification to call
    /// later, not a call made there.
    private static func isSelectorReference(_ chain: Chain, in tree: SyntaxTree) -> Bool {
        let open = Int(tree.enclosing[chain.first])
        return open > 0 && tree.tokens[open].kind == .leftParen && tree.tokens[open - 1].kind == .poundKeyword
            && tree.tokenIs(open - 1, "#selector")
    }

    /// Calls on self to methods named in `names`, made by code in `range` of `tree`.
    public static func selfCalls(in range: Range<Int>, of tree: SyntaxTree, names: [String: [Int]]) -> [Call] {
        var result: [Call] = []
        guard !range.isEmpty else { return [] }
        for chain in tree.chains(in: range.lowerBound...(range.upperBound - 1)) {
            // The selector (a string built from the labels) only for calls of the type's names.
            if let callee = selfCallee(chain), names[callee.name] != nil { result.append(call(callee)) }
            // `sections.forEach(watchRow)`: a method reference handed to `forEach` runs once per element, now.
            for element in chain.elements where element.name == "forEach" && element.isCall {
                guard element.arguments.count == 1, let argument = element.arguments.first, argument.label == nil,
                      let reference = referenceToken(in: argument.value, of: tree), let call = referenceCall(reference, in: tree, names: names)
                else { continue }
                result.append(call)
            }
        }
        return result
    }

    /// The method name token of a method handed on by reference: a value written `name` or `self.name`
    /// (`forEach(watchRow)`, `sink(receiveValue: self.handleState)`).
    static func referenceToken(in value: ClosedRange<Int>, of tree: SyntaxTree) -> Int? {
        if value.count == 1, tree.tokens[value.lowerBound].kind == .identifier { return value.lowerBound }
        if value.count == 3, tree.isSelfReference(value.lowerBound), tree.tokens[value.lowerBound + 1].kind == .period,
           tree.tokens[value.upperBound].kind == .identifier { return value.upperBound }
        return nil
    }

    /// The call a method reference at `token` stands for, if it names one of the type's methods (`names`).
    static func referenceCall(_ token: Int, in tree: SyntaxTree, names: [String: [Int]]) -> Call? {
        let name = tree.name(token)
        guard names[name] != nil else { return nil }
        return Call(name: name, selector: name + "(_:)", token: token)
    }

    /// `name(…)` (implicit self) or `self.name(…)` / `self?.name(…)` / `strongSelf.name(…)`.
    public static func selfCall(_ chain: Chain, in tree: SyntaxTree) -> Call? {
        selfCallee(chain).map(call)
    }

    /// The element of a call on self: the root of `name(…)`, or the member of `self.name(…)`.
    private static func selfCallee(_ chain: Chain) -> ChainElement? {
        let root = chain.root
        guard root.kind == .root else { return nil }
        if root.isCall {
            guard root.name != "self", root.name != "super", root.name != "Self" else { return nil }
            return root
        }
        guard chain.elements.count >= 2, Catalogue.selfAliases.contains(root.name) else { return nil }
        let callee = chain.elements[1]
        guard callee.kind == .member, callee.isCall else { return nil }
        return callee
    }

    private static func call(_ callee: ChainElement) -> Call {
        Call(name: callee.name, selector: selector(of: callee), token: callee.nameToken)
    }

    /// The selector a call spells: its name and argument labels, a trailing closure as `_`.
    static func selector(of call: ChainElement) -> String {
        call.name + "(" + call.argumentLabels.map { $0 + ":" }.joined() + ")"
    }

    /// The methods a call may run: those whose selector it spells, else every one of its name.
    public func callees(of call: Call) -> [Int] {
        bySelector[call.selector] ?? byName[call.name] ?? []
    }

    /// The last component of a dotted type name.
    public static func simpleName(_ name: String) -> String {
        name.lastNameComponent
    }

    /// Methods reachable from `start` through calls (itself included).
    public func reachable(from start: Int) -> Set<Int> { reachable(from: [start]) }

    /// Methods reachable from any of `starts` through calls (those included): one walk for all,
    /// rather than one per start.
    public func reachable<S: Sequence>(from starts: S) -> Set<Int> where S.Element == Int {
        var seen = Set(starts)
        var queue = Array(seen)
        while let next = queue.popLast() {
            for call in calls[next] {
                for callee in callees(of: call) where seen.insert(callee).inserted { queue.append(callee) }
            }
        }
        return seen
    }
}
