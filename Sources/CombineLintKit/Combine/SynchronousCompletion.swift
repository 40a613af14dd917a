/// Publishers that deliver all their values and finish during `subscribe`, on the subscribing
/// thread: once `sink` returns, nothing of the subscription is left (so its token need not be
/// kept, and a subscription made in its closure is made a fixed number of times, then).
public enum SynchronousCompletion {
    /// Whether chain elements `0..<end` are a publisher that delivers all its values and finishes
    /// during `subscribe` (`Just(x)`, `Empty()`, `Fail(error:)`, `Record`, `[1, 2].publisher`,
    /// `Publishers.Sequence(…)`), followed only by operators that deliver on the same thread at once
    /// (`map`, `filter`, `collect`; not `receive(on:)`, `delay`, `flatMap` or a combining operator
    /// unless its inputs are such publishers too):
    /// nothing is left to cancel when `sink` returns, so its token need not be kept.
    /// With the project's index, two more: a collection property of another object
    /// (`route.stops.publisher`), and a source that replays its current value on subscription (a
    /// `CurrentValueSubject`, a `@Published` property's `$` publisher) limited by `first()` or
    /// `prefix(1)` right after it: its one value comes during `subscribe`, and the limit finishes.
    public static func finishesDuringSubscribe(_ chain: Chain, before end: Int, in tree: SyntaxTree, index: ProjectIndex? = nil,
                                               depth: Int = 0) -> Bool {
        let elements = chain.elements
        guard end <= elements.count, end > 0 else { return false }
        let root = elements[0]
        var first: Int
        if let p = sequencePublisher(chain, in: tree, index: index) {
            first = p + 1
        } else if let index, let limit = firstValueOfReplayingSource(chain, in: tree, index: index) {
            first = limit + 1
        } else if root.name == "Publishers", elements.count > 1, elements[1].isCall, depth < 4,
                  Catalogue.combiningOperators.contains(elements[1].name),
                  inputsFinishDuringSubscribe(elements[1], in: tree, index: index, depth: depth) {
            // `Publishers.Zip([1, 2].publisher, ["a", "b"].publisher)`: inputs that all deliver and
            // finish during `subscribe` are combined and finished during it too.
            first = 2
        } else if root.kind == .root, root.isCall, Catalogue.synchronousRoots.contains(root.name) {
            if root.name == "Empty", root.argument("completeImmediately") != nil { return false }
            first = 1
        } else if depth < 4, let local = FinitePublishers.constantLocalPipeline(named: root, in: tree),
                  finishesDuringSubscribe(local, before: local.elements.count, in: tree, index: index, depth: depth + 1) {
            // `let numbers = [1, 2].publisher` then `numbers.map { … }.sink { … }`: a constant local
            // bound to such a publisher is that publisher.
            first = 1
        } else {
            return false
        }
        guard first <= end else { return false }
        for element in elements[first..<end] {
            let name = element.name
            // `.zip(["a", "b"].publisher)`, `.merge(with: Just(0))`: inputs that also deliver and finish
            // during `subscribe` are combined (and finished) during it too.
            if element.isCall, Catalogue.inputSubscribingCombiners.contains(name), depth < 4,
               inputsFinishDuringSubscribe(element, in: tree, index: index, depth: depth) {
                continue
            }
            // A scheduler hop (`receive(on:)`, `delay(for:scheduler:)`) delivers later; `collect()` on such
            // a source still delivers during `sink`.
            guard element.isCall, Catalogue.sameThreadOperators.contains(name),
                  element.argument("on") == nil, element.argument("scheduler") == nil,
                  !Catalogue.flatteningOperators.contains(name), !Catalogue.publisherMakingClosureOperators.contains(name),
                  !Catalogue.inputSubscribingCombiners.contains(name), !Catalogue.sharingOperators.contains(name) else { return false }
        }
        return true
    }

    /// The last element of a sequence's publisher that starts `chain` (the position of `publisher`
    /// in `[1, 2].publisher`, of `Sequence(…)` in `Publishers.Sequence(…)`), or nil when it starts
    /// otherwise. A sequence gives all its elements and finishes. Sequences are literals, the cases
    /// of a `CaseIterable` type, and names declared (or, with the index, known) as a standard collection.
    public static func sequencePublisher(_ chain: Chain, in tree: SyntaxTree, index: ProjectIndex?) -> Int? {
        let elements = chain.elements
        let root = elements[0]
        if root.kind == .literal, elements.count > 1, elements[1].name == "publisher", !elements[1].isCall { return 1 }
        if root.name == "Publishers", elements.count > 1, elements[1].name == "Sequence", elements[1].isCall { return 1 }
        if root.kind == .root, let cases = elements.firstIndex(where: { $0.name == "allCases" }), cases >= 1,
           cases + 1 < elements.count, elements[..<cases].allSatisfy({ !$0.isCall && $0.subscripts.isEmpty && $0.name.first?.isUppercase == true }),
           !elements[cases].isCall, elements[cases].subscripts.isEmpty,
           elements[cases + 1].name == "publisher", !elements[cases + 1].isCall {
            // `Section.allCases.publisher`, `GroceryStore.Category.allCases.publisher`: the cases of a
            // `CaseIterable` type, a collection.
            return cases + 1
        }
        if root.kind == .root, !root.isCall, root.subscripts.isEmpty, let p = collectionPublisher(in: elements),
           declaredType(of: root.name, at: chain.first, in: tree).map({ isStandardCollection($0) || (p == 1 && isSingleValue($0)) })
            ?? (isCollectionLiteralConstant(root.name, at: chain.first, in: tree)
                || isCollectionFromProjectCall(root.name, at: chain.first, in: tree, index: index)) {
            // `func show(_ notes: [Note]) { _ = notes.publisher.map { … }.sink { … } }`: a parameter or
            // local declared as an array, set or dictionary is a sequence; its publisher is one too, also
            // after the collection's own steps (`notes.map(\.id).publisher`).
            return p
        }
        if let index, let p = memberCollectionPublisher(chain, in: tree, index: index) { return p }
        // `defaults.dictionaryRepresentation().keys.sorted().publisher`: after a step that only a
        // collection has (no publisher sorts, reverses or has keys), whatever the root.
        if let p = elements.indices.dropFirst(2).first(where: { elements[$0].name == "publisher" }), !elements[p].isCall,
           isCollectionOnlyStep(elements[p - 1]) {
            return p
        }
        return nil
    }

    /// A step that gives a collection and that no publisher has: `sorted()`, `reversed()`,
    /// `shuffled()`, `enumerated()`, a dictionary's `keys` or a collection's `indices`.
    private static func isCollectionOnlyStep(_ element: ChainElement) -> Bool {
        element.subscripts.isEmpty && (element.isCall ? Catalogue.collectionOnlyTransforms.contains(element.name)
                                                        : Catalogue.collectionOnlyMembers.contains(element.name))
    }

    /// The position of `publisher` in `root.publisher`, `root.map(…).filter(…).publisher` or
    /// `root.values.publisher`: the sequence's publisher, after steps that make a collection of a
    /// collection (a transform, or a dictionary's `keys`/`values` view).
    private static func collectionPublisher(in elements: ChainElements) -> Int? {
        guard let p = elements.indices.dropFirst().first(where: { elements[$0].name == "publisher" }), !elements[p].isCall,
              elements[1..<p].allSatisfy(isCollectionStep) else { return nil }
        return p
    }

    /// Whether the combining call `element` has publisher inputs (its arguments other than closures),
    /// each a chain that delivers and finishes during `subscribe`.
    private static func inputsFinishDuringSubscribe(_ element: ChainElement, in tree: SyntaxTree, index: ProjectIndex?, depth: Int) -> Bool {
        let inputs = element.arguments.filter { $0.closure == nil }
        return !inputs.isEmpty && inputs.allSatisfy { argument in
            guard let c = tree.chain(startingAt: argument.value.lowerBound) else { return false }
            return finishesDuringSubscribe(tree.chains[c], before: tree.chains[c].elements.count, in: tree, index: index, depth: depth + 1)
        }
    }

    /// The position of `publisher` in `route.stops.publisher`: a stored property, declared as a
    /// standard collection, of an object whose type the index knows (a parameter, a local, a property,
    /// through further stored properties or a type's shared instance, `LibraryStore.shared.books`),
    /// also after the collection's own steps (`trip.legs.map(\.line).publisher`).
    private static func memberCollectionPublisher(_ chain: Chain, in tree: SyntaxTree, index: ProjectIndex) -> Int? {
        let elements = chain.elements
        guard elements.count > 2, elements[0].kind == .root, !elements[0].isCall, elements[0].subscripts.isEmpty,
              let p = elements.indices.dropFirst().first(where: { elements[$0].name == "publisher" }), !elements[p].isCall else { return nil }
        // The property: the last plain member before the collection's steps.
        var member = p - 1
        while member > 0, isCollectionStep(elements[member]) { member -= 1 }
        guard member >= 1, elements[member].kind == .member, !elements[member].isCall, elements[member].subscripts.isEmpty,
              elements[1...member].allSatisfy({ !$0.isCall && $0.subscripts.isEmpty }),
              // Asked before the owner's type, whose lookup walks its superclasses.
              case let sequence = { (property: IndexedProperty) in
                  isStandardCollection(property.typeText) || (member + 1 == p && isSingleValue(property.typeText))
                      || (property.typeText.isEmpty && index.declaration(of: property).map { hasCollectionLiteralValue($0.variable, in: $0.tree) } == true)
              },
              index.properties(named: elements[member].name).contains(where: sequence),
              let owner = TypeResolver.ownerTypeThroughProperties(ofElement: member, in: chain, tree: tree, index: index)
                ?? staticMemberOwner(of: chain, member: member, in: tree, index: index),
              let property = index.property(elements[member].name, ofType: owner), !property.isComputed,
              sequence(property) else { return nil }
        return p
    }

    /// `Self.themes`, `Shelves.themes`: the type whose static member the chain's first member reads,
    /// when the root names the enclosing type (`Self`) or a project type.
    private static func staticMemberOwner(of chain: Chain, member: Int, in tree: SyntaxTree, index: ProjectIndex) -> String? {
        guard member == 1 else { return nil }
        if chain.elements[0].name == "Self" { return TypeResolver.enclosingTypeName(at: chain.first, in: tree) }
        guard let root = TypeResolver.typeNamedAsRoot(of: chain, tree: tree), index.type(named: root) != nil else { return nil }
        return root
    }

    /// An optional of a value or a `Result` (`var stationsResult: Result<[Station], Error>`): its
    /// `publisher` gives at most one value (or the failure) and finishes.
    private static func isSingleValue(_ typeText: String) -> Bool {
        isOptionalValue(typeText) || isResultValue(typeText)
    }

    /// `Result<Success, Failure>` as written, also qualified (`Swift.Result<…>`).
    private static func isResultValue(_ typeText: String) -> Bool {
        let text = typeText.filter { !$0.isWhitespace }
        return (text.hasPrefix("Result<") || text.hasPrefix("Swift.Result<")) && text.hasSuffix(">")
    }

    /// An optional of a type that is no publisher (`var importError: Error?`): its `publisher` is
    /// `Optional.Publisher`, which gives the value, if any, and finishes.
    private static func isOptionalValue(_ typeText: String) -> Bool {
        let text = typeText.filter { !$0.isWhitespace }
        guard text.hasSuffix("?"), case let wrapped = String(text.dropLast()), !wrapped.isEmpty, !wrapped.hasSuffix("?") else { return false }
        let simple = ProjectIndex.stripGenerics(wrapped).lastNameComponent
        return !Catalogue.namesPublisherType(simple) && !simple.hasSuffix("Subject") && !simple.hasSuffix("Publisher")
    }

    /// A step from a collection to a collection: a transform (`map(\.id)`), or a dictionary's
    /// `keys`/`values` view.
    private static func isCollectionStep(_ element: ChainElement) -> Bool {
        element.isCall ? Catalogue.collectionTransforms.contains(element.name)
            : Catalogue.collectionViewMembers.contains(element.name) && element.subscripts.isEmpty
    }

    /// The position of `first()` (or `prefix(1)`) right after a source that gives its current value
    /// on subscription: `trips.currentState.first()` with `let currentState = CurrentValueSubject<…>(…)`,
    /// `model.$status.first()` with `@Published var status`.
    private static func firstValueOfReplayingSource(_ chain: Chain, in tree: SyntaxTree, index: ProjectIndex) -> Int? {
        let elements = chain.elements
        guard let limit = elements.indices.first(where: { elements[$0].isCall }), limit > 0,
              elements[limit].closures.isEmpty, elements[limit].subscripts.isEmpty,
              (elements[limit].name == "first" && elements[limit].arguments.isEmpty)
                || (elements[limit].name == "prefix" && elements[limit].arguments.count == 1 && elements[limit].arguments[0].label == nil
                    && tree.text(elements[limit].arguments[0].value.lowerBound, elements[limit].arguments[0].value.upperBound) == "1"),
              elements[..<limit].allSatisfy({ $0.subscripts.isEmpty }) else { return nil }
        let source = elements[limit - 1]
        let projected = source.name.hasPrefix("$")
        let name = projected ? String(source.name.dropFirst()) : source.name
        guard let owner = TypeResolver.ownerTypeThroughProperties(ofElement: limit - 1, in: chain, tree: tree, index: index),
              let property = index.property(name, ofType: owner) else { return nil }
        if projected { return !property.isComputed && property.hasAttribute("Published") ? limit : nil }
        // Declared as one, also where a protocol requires it (`var currentState: CurrentValueSubject<…> { get }`).
        if declaresCurrentValueSubject(property, index: index) { return limit }
        // `var habitsPublisher: AnyPublisher<[Habit], Never> { habitsSubject.eraseToAnyPublisher() }`:
        // a computed property that only erases one of the type's replaying sources.
        return property.isComputed && erasesReplayingSource(property, of: owner, index: index) ? limit : nil
    }

    /// Whether the getter of computed `property` (of type `owner`) returns only its type's own
    /// `CurrentValueSubject` or `@Published` projection, erased (`subject.eraseToAnyPublisher()`,
    /// `$items.eraseToAnyPublisher()`).
    private static func erasesReplayingSource(_ property: IndexedProperty, of owner: String, index: ProjectIndex) -> Bool {
        guard let (tree, v) = index.declaration(of: property), let getter = tree.getter(ofVariable: v),
              let returned = tree.chainsReturned(byFunction: getter), !returned.isEmpty else { return false }
        return returned.allSatisfy { chain in
            var elements = chain.elements[...]
            if elements.first?.name == "self" { elements = elements.dropFirst() }
            guard elements.count == 2, let source = elements.first, !source.isCall, source.subscripts.isEmpty,
                  elements.last?.name == "eraseToAnyPublisher", elements.last?.isCall == true else { return false }
            let projected = source.name.hasPrefix("$")
            let name = projected ? String(source.name.dropFirst()) : source.name
            guard name != property.name, let stored = index.property(name, ofType: owner), !stored.isComputed else { return false }
            return projected ? stored.hasAttribute("Published") : declaresCurrentValueSubject(stored, index: index)
        }
    }

    /// A property written as a `CurrentValueSubject`: by its type (also `Combine.` and optional), or,
    /// without one, by its initial value.
    private static func declaresCurrentValueSubject(_ property: IndexedProperty, index: ProjectIndex) -> Bool {
        guard let (tree, v) = index.declaration(of: property) else { return false }
        return SubjectDeclarations.subjectType(ofVariable: v, in: tree) == "CurrentValueSubject"
    }

    /// `let variants = product.variants(of: color)`, where every project function of that selector
    /// is declared to return an array, a set or a dictionary: the local holds a collection.
    private static func isCollectionFromProjectCall(_ name: String, at token: Int, in tree: SyntaxTree, index: ProjectIndex?) -> Bool {
        guard let index, case .local(let v) = TypeResolver.localDeclaration(of: name, at: token, in: tree), tree.variables[v].isLet,
              let initializer = tree.variables[v].initializer, let c = tree.chain(startingAt: initializer.lowerBound),
              tree.chains[c].last == initializer.upperBound, let call = tree.chains[c].elements.last, call.isCall,
              call.closures.isEmpty || call.kind == .member else { return false }
        let selector = MethodCallGraph.selector(of: call)
        let declared = index.functions[call.name].filter { index.trees[$0.tree].functions[$0.item].selectorName == selector }
        return !declared.isEmpty && declared.allSatisfy { isStandardCollection(index.trees[$0.tree].functions[$0.item].returnType) }
    }

    /// `let chapters = [Chapter(…), Chapter(…)]`: a constant local bound to an array or dictionary
    /// literal is a collection without a written type; its `publisher` is a sequence's too.
    private static func isCollectionLiteralConstant(_ name: String, at token: Int, in tree: SyntaxTree, depth: Int = 0) -> Bool {
        guard case .local(let v) = TypeResolver.localDeclaration(of: name, at: token, in: tree), tree.variables[v].isLet,
              let initializer = tree.variables[v].initializer else { return false }
        let open = initializer.lowerBound
        if hasCollectionLiteralValue(v, in: tree) { return true }
        // `let delays = (0..<5).map { … }`: a range's own steps give an array.
        if tree.tokens[open].kind == .leftParen, case let close = Int(tree.matching[open]), close > open, close + 2 <= initializer.upperBound,
           tree.tokens[close + 1].kind == .period, Catalogue.collectionTransforms.contains(tree.name(close + 2)),
           ((open + 1)..<close).contains(where: { Int(tree.enclosing[$0]) == open && (tree.tokenIs($0, "..<") || tree.tokenIs($0, "...")) }) {
            return true
        }
        // `let ids = notes.map(\.id)`, `let doubled = [1, 2].map { … }`: a collection's own steps give a collection.
        guard depth < 2, let c = tree.chain(spanning: initializer) else { return false }
        let elements = tree.chains[c].elements
        guard elements.count >= 2, elements.dropFirst().allSatisfy({ $0.isCall && Catalogue.collectionTransforms.contains($0.name) }) else { return false }
        let root = elements[0]
        if root.kind == .literal { return true }
        guard root.kind == .root, !root.isCall, root.subscripts.isEmpty else { return false }
        return declaredType(of: root.name, at: initializer.lowerBound, in: tree).map(isStandardCollection)
            ?? isCollectionLiteralConstant(root.name, at: initializer.lowerBound, in: tree, depth: depth + 1)
    }

    /// The type written for a parameter, a local, or a stored property of the enclosing type (declared
    /// in this file) named `name` where token `token` stands, if any.
    private static func declaredType(of name: String, at token: Int, in tree: SyntaxTree) -> String? {
        switch TypeResolver.localDeclaration(of: name, at: token, in: tree) {
        case .local(let v): return tree.variables[v].typeText.isEmpty ? nil : tree.variables[v].typeText
        case .parameter(let parameter): return parameter.typeText
        case nil:
            // `private var buffer: [String] = []` read as `buffer.publisher` in a method of the type.
            guard let t = tree.enclosingType(of: token),
                  let v = tree.types[t].variables.first(where: { tree.variables[$0].name == name }),
                  !tree.variables[v].isComputed else { return nil }
            if !tree.variables[v].typeText.isEmpty { return tree.variables[v].typeText }
            // `private let themes = ["news", "sport"]`: an array or dictionary literal fixes the type.
            guard hasCollectionLiteralValue(v, in: tree), let initializer = tree.variables[v].initializer else { return nil }
            return tree.text(initializer.lowerBound, initializer.upperBound)
        }
    }

    /// Whether variable `v` is given one array or dictionary literal as its whole value (`["a", "b"]`),
    /// which makes it a standard collection when no type is written.
    private static func hasCollectionLiteralValue(_ v: Int, in tree: SyntaxTree) -> Bool {
        guard let initializer = tree.variables[v].initializer else { return false }
        return tree.tokens[initializer.lowerBound].kind == .leftBracket && Int(tree.matching[initializer.lowerBound]) == initializer.upperBound
    }

    /// `[Note]`, `[String: Int]`, `Set<Int>`, `Array<Note>` (optional ones aside: `notes?.publisher`
    /// is another chain): standard collections, whose `publisher` delivers every element during
    /// `subscribe`.
    private static func isStandardCollection(_ typeText: String) -> Bool {
        let text = typeText.filter { !$0.isWhitespace }
        if text.hasPrefix("["), text.hasSuffix("]") { return true }
        return ["Array<", "Set<", "Dictionary<", "ContiguousArray<"].contains { text.hasPrefix($0) && text.hasSuffix(">") }
    }
}
