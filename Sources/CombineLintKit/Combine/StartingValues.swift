/// What a publisher delivers as soon as it is subscribed to. A `CurrentValueSubject`, a
/// `$property`, `Just`, a KVO publisher and anything after `prepend(…)` deliver a value at once; a
/// `PassthroughSubject`, a `NotificationCenter` publisher, `objectWillChange` and a timer wait
/// for an event. Names are followed through the index: a local's initial value, a parameter's
/// type, a property of this or another type (its annotation, its initial value, its getter's
/// returned publisher: an erased `AnyPublisher` over a subject).
public enum StartingValue: Sendable, Equatable {
    /// Delivers a value when subscribed to.
    case atOnce
    /// Delivers nothing until an event: `source` describes it (``a `PassthroughSubject` ``),
    /// `file` and `token` are where that source is written (`token` indexes that file's tree).
    case waits(source: String, file: String, token: Int)
    /// Not known.
    case unknown
}

public struct StartingValues: Sendable {
    public let index: ProjectIndex
    /// How many names, properties and getters deep a question is followed.
    private static let maximumDepth = 6

    public init(index: ProjectIndex) { self.index = index }

    /// What the expression at token range `range` of `tree` delivers when subscribed to.
    public func startingValue(ofExpression range: ClosedRange<Int>, in tree: SyntaxTree) -> StartingValue {
        startingValue(ofExpression: range, in: tree, depth: 0)
    }

    /// What elements `0..<end` of `chain` deliver when subscribed to.
    public func startingValue(of chain: Chain, before end: Int, in tree: SyntaxTree) -> StartingValue {
        startingValue(of: chain, before: end, in: tree, depth: 0)
    }

    private func startingValue(ofExpression range: ClosedRange<Int>, in tree: SyntaxTree, depth: Int) -> StartingValue {
        guard let c = tree.chain(startingAt: range.lowerBound) else {
            // A lone name is not a chain: `passwordChanged` in `CombineLatest($email, passwordChanged)`.
            let k = range.lowerBound
            guard range.count == 1, tree.tokens[k].kind == .identifier else { return .unknown }
            return nameValue(tree.name(k), at: k, in: tree, depth: depth)
        }
        let chain = tree.chains[c]
        // The chain must be the whole expression (`a ?? b` is not `a`).
        guard chain.last == range.upperBound else { return .unknown }
        return startingValue(of: chain, before: chain.elements.count, in: tree, depth: depth)
    }

    private func startingValue(of chain: Chain, before end: Int, in tree: SyntaxTree, depth: Int) -> StartingValue {
        guard depth < StartingValues.maximumDepth, end > 0, end <= chain.elements.count else { return .unknown }
        let elements = chain.elements
        var firstOperator = 1
        while firstOperator < end, !StartingValues.isOperator(elements[firstOperator]) { firstOperator += 1 }
        let source = sourceValue(chain, through: firstOperator - 1, in: tree, depth: depth)
        for e in firstOperator..<end {
            let element = elements[e]
            if element.name == "prepend" { return .atOnce }
            // No operator makes a value out of nothing, except the ones that bring in another publisher;
            // an operator the catalogue does not know may be one of those.
            if Catalogue.valueAddingOperators.contains(element.name) || Catalogue.operators[element.name] == nil
                || Catalogue.latestCombiners.contains(element.name) || element.name == "zip" {
                if case .waits = source { return .unknown }
            }
        }
        return source
    }

    /// `.map { … }`, `.eraseToAnyPublisher()`: a member call that transforms what came before.
    private static func isOperator(_ element: ChainElement) -> Bool {
        element.kind == .member && element.isCall && !Catalogue.sourceMembers.contains(element.name)
            && (Catalogue.operators[element.name] != nil || element.name.first?.isLowercase == true)
    }

    /// What the source `elements[0...last]` delivers.
    private func sourceValue(_ chain: Chain, through last: Int, in tree: SyntaxTree, depth: Int) -> StartingValue {
        let elements = chain.elements
        let root = elements[0]
        let source = elements[last]
        let place = { (token: Int, what: String) in StartingValue.waits(source: what, file: tree.file.path, token: token) }
        if root.kind == .literal {
            // `[1, 2].publisher` delivers its elements at once.
            return last == 1 && source.name == "publisher" && !source.isCall ? .atOnce : .unknown
        }
        if Catalogue.isProjected(source.name) { return .atOnce }
        if source.name == "objectWillChange", !source.isCall { return place(source.nameToken, "`objectWillChange`") }
        if source.name == "publish", let every = source.argument("every") {
            // A timer ticking every second or faster delivers its first value within that interval:
            // a combination waiting for it is late by less than a second, not silent.
            if StartingValues.literalSeconds(every.value, in: tree).map({ $0 <= 1 }) == true { return .unknown }
            return place(source.nameToken, "a `Timer.publish` timer")
        }
        if source.name == "publisher", source.isCall, let target = source.argument("for") {
            // KVO's `publisher(for: \.x)` sends the current value first (its default options include `.initial`).
            if tree.tokens[target.value.lowerBound].kind == .backslash {
                return source.argument("options") == nil ? .atOnce : .unknown
            }
            return place(source.nameToken, "a `NotificationCenter` publisher")
        }
        var names = Array(elements[0...last].map(\.name))
        if names.first == "Combine" { names.removeFirst() }
        if names.count == 1, root.isCall {
            if root.name == "Just" || root.name == "CurrentValueSubject" { return .atOnce }
            if root.name == "PassthroughSubject" { return place(root.nameToken, "a `PassthroughSubject`") }
            return .unknown
        }
        // A name: `events`, `self.events`, `model.events`.
        guard !source.isCall, source.subscripts.isEmpty, last <= 1 || (last == 2 && root.name == "self") else { return .unknown }
        if last == 0 { return nameValue(root.name, at: root.nameToken, in: tree, depth: depth) }
        guard let owner = TypeResolver.ownerType(ofElement: last, in: chain, tree: tree, index: index),
              let property = index.property(source.name, ofType: owner) else { return .unknown }
        return propertyValue(property, depth: depth)
    }

    /// A name written alone at token `token`: a local, a parameter, or a property of the enclosing type.
    private func nameValue(_ name: String, at token: Int, in tree: SyntaxTree, depth: Int) -> StartingValue {
        if name == "objectWillChange" { return .waits(source: "`objectWillChange`", file: tree.file.path, token: token) }
        if let v = SubscriptionFinder.localVariable(named: name, visibleAt: token, in: tree) {
            return variableValue(v, in: tree, depth: depth)
        }
        if let parameter = parameter(named: name, at: token, in: tree) {
            return annotationValue(parameter.typeText, file: tree.file.path, token: token)
        }
        guard let owner = TypeResolver.enclosingTypeName(at: token, in: tree), let property = index.property(name, ofType: owner) else { return .unknown }
        return propertyValue(property, depth: depth)
    }

    /// A parameter of an enclosing function named `name`.
    private func parameter(named name: String, at token: Int, in tree: SyntaxTree) -> Parameter? {
        guard let f = tree.enclosingFunction(of: token) else { return nil }
        return tree.functions[f].parameters.first { $0.name == name }
    }

    /// What a declared type delivers: a subject by its kind, `Published<…>.Publisher` at once.
    private func annotationValue(_ typeText: String, file: String, token: Int) -> StartingValue {
        switch SubjectDeclarations.subjectType(annotation: typeText) {
        case "CurrentValueSubject": return .atOnce
        case "PassthroughSubject": return .waits(source: "a `PassthroughSubject`", file: file, token: token)
        default: return typeText.contains("Published<") ? .atOnce : .unknown
        }
    }

    /// The seconds of an interval written as one number literal (`every: 0.5`), else `nil`.
    static func literalSeconds(_ value: ClosedRange<Int>, in tree: SyntaxTree) -> Double? {
        guard value.count == 1 else { return nil }
        let kind = tree.tokens[value.lowerBound].kind
        guard kind == .integerLiteral || kind == .floatLiteral else { return nil }
        return Double(tree.text(value.lowerBound).replacingOccurrences(of: "_", with: ""))
    }

    /// A variable of `tree`: by its annotation, else its initial value, else the publisher its getter returns.
    private func variableValue(_ v: Int, in tree: SyntaxTree, depth: Int) -> StartingValue {
        let variable = tree.variables[v]
        if variable.hasAttribute("Published") { return .unknown }
        let declared = annotationValue(variable.typeText, file: tree.file.path, token: variable.nameToken)
        if declared != .unknown { return declared }
        if let initializer = variable.initializer {
            for chain in tree.chains(in: initializer) where chain.context == .declaration(v) {
                return startingValue(of: chain, before: chain.elements.count, in: tree, depth: depth + 1)
            }
            return .unknown
        }
        // The getter's returned publishers: all must agree.
        guard variable.isComputed, let getter = tree.getter(ofVariable: v), let returned = tree.chainsReturned(byFunction: getter) else { return .unknown }
        var answer: StartingValue? = nil
        for chain in returned {
            let value = startingValue(of: chain, before: chain.elements.count, in: tree, depth: depth + 1)
            if value == .unknown { return .unknown }
            if let previous = answer, (previous == .atOnce) != (value == .atOnce) { return .unknown }
            if answer == nil { answer = value }
        }
        return answer ?? .unknown
    }

    /// A property the index knows: found in the file that declares it, and judged there.
    private func propertyValue(_ property: IndexedProperty, depth: Int) -> StartingValue {
        guard !property.hasAttribute("Published") else { return .unknown }
        guard let (tree, v) = index.declaration(of: property) else { return annotationValue(property.typeText, file: property.file, token: 0) }
        return variableValue(v, in: tree, depth: depth)
    }
}
