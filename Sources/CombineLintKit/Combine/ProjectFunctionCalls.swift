/// What a call of the project's own functions (`validator.validate(text)`, `api.rates()`) may run
/// and what those functions declare or return, for the rules that judge a pipeline by its source.
enum ProjectFunctionCalls {
    /// Declarations of the project's functions a call may run, with their positions by the simple
    /// name of the type that declares each: worked out once per selector, so that each receiver type
    /// takes its own group (every feature may declare a `load()` of its own service) without reading
    /// every declaration of the name again.
    struct Candidates: Sendable {
        var functions: [DeclarationReference] = []
        var byOwner: [String: [Int]] = [:]

        init(grouping functions: [DeclarationReference], index: ProjectIndex) {
            self.functions = functions
            for (position, ref) in functions.enumerated() {
                let tree = index.trees[ref.tree]
                guard let t = tree.functions[ref.item].enclosingType else { continue }
                byOwner[tree.types[t].name.lastNameComponent, default: []].append(position)
            }
        }

        /// The candidates declared by type `typeName`, the types it inherits from or conforms to, or
        /// those inheriting from or conforming to it, in their order; empty when none is.
        func declared(byTypesRelatedTo typeName: String, index: ProjectIndex) -> [DeclarationReference] {
            index.relatedTypes(of: typeName).flatMap { byOwner[$0] ?? [] }.sorted().map { functions[$0] }
        }
    }

    /// How a call is matched to the project's declarations of its name.
    enum Matching {
        /// Its argument labels fit the parameters (defaults and trailing closures allowed).
        case labels
        /// The declarations of its full selector (`load(page:)`), else every one of its name.
        case selectorElseName
    }

    /// The project's functions (not closures, initializers or accessors) named as `call` that
    /// return something and that it may run, matched as `matching` says, among those that pass
    /// `requireBody` (protocol requirements left out), `publisherResults` (a result type that is
    /// no publisher left out, and an `async` overload not declared to return one: a pipeline runs
    /// the synchronous one) and `also`. Test doubles are the caller's choice.
    static func declarations(runBy call: ChainElement, matching: Matching, requireBody: Bool, publisherResults: Bool,
                             also: (FunctionDecl) -> Bool = { _ in true }, index: ProjectIndex) -> [DeclarationReference] {
        let labels = matching == .labels ? call.argumentLabels : []
        let declarations = index.functions[call.name].filter { reference in
            let function = index.trees[reference.tree].functions[reference.item]
            guard function.kind == .function, function.returnsValue, !requireBody || function.bodyOpen != nil,
                  matching != .labels || function.accepts(argumentLabels: labels) else { return false }
            return (!publisherResults || !(NonPublisherResults.returnsNoPublisher(function, index: index)
                                            || (function.isAsync && !function.returnType.containsBytes("Publisher")))) && also(function)
        }
        guard matching == .selectorElseName else { return declarations }
        let selector = MethodCallGraph.selector(of: call)
        let spelled = declarations.filter { index.trees[$0.tree].functions[$0.item].selectorName == selector }
        return spelled.isEmpty ? declarations : spelled
    }

    /// The project's functions that `call` may run: its argument labels fit their parameters and
    /// they return something; test doubles aside when the app has an implementation of its own.
    /// Protocol requirements (no body) are included.
    static func callable(_ call: ChainElement, index: ProjectIndex) -> [DeclarationReference] {
        TestCaseCode.preferringApp(declarations(runBy: call, matching: .labels, requireBody: false, publisherResults: false, index: index), index: index)
    }

    /// As `callable(_:index:)`, for the call at element `c` of `chain`: a call on a type by its name
    /// (`LocalAmountValidator.validate($0)`) runs that type's static function, not a same-named one of
    /// another type, when the project declares it there.
    static func callable(at c: Int, of chain: Chain, index: ProjectIndex) -> [DeclarationReference] {
        let all = callable(chain.elements[c], index: index)
        guard c == 1, case let receiver = chain.elements[0], receiver.kind == .root, !receiver.isCall,
              receiver.name.first?.isUppercase == true else { return all }
        let owned = all.filter { reference in
            let tree = index.trees[reference.tree]
            guard let t = tree.functions[reference.item].enclosingType else { return false }
            return tree.types[t].name.lastNameComponent == receiver.name
        }
        return owned.isEmpty ? all : owned
    }

    /// Whether the call at element `c` of `chain` is made on a framework type or one of its shared
    /// objects (`NotificationCenter.default.publisher(for:)`, `UIApplication.shared.open(_:)`,
    /// `URLSession.shared.…`): a type the project does not declare (at most extends). Such a call
    /// runs no method declared in the body of a project type, whatever its name and labels.
    static func isMadeOnFrameworkType(at c: Int, of chain: Chain, index: ProjectIndex) -> Bool {
        guard c >= 1, c <= 2, case let root = chain.elements[0], root.kind == .root, !root.isCall, root.subscripts.isEmpty,
              root.name.first?.isUppercase == true, chain.elements[1..<c].allSatisfy({ !$0.isCall && $0.subscripts.isEmpty }) else { return false }
        guard let type = index.type(named: root.name) else { return true }
        return type.kind == .extension
    }

    /// Whether the declaration stands in the body of a type the project declares (not in an
    /// extension, which may extend a framework type or a protocol).
    static func isDeclaredInProjectType(_ reference: DeclarationReference, index: ProjectIndex) -> Bool {
        let tree = index.trees[reference.tree]
        guard let t = tree.functions[reference.item].enclosingType else { return false }
        return tree.types[t].kind != .extension
    }

    /// The element of `chain` that is its source call, when the chain is such a call followed only by
    /// operators in `allowed` (`validator.validate($0).eraseToAnyPublisher()`): the first call, on a
    /// plain receiver (`validator`, `self.validator`) or none.
    static func sourceCall(of chain: Chain, followedOnlyBy allowed: Set<String>) -> Int? {
        guard let c = chain.elements.firstIndex(where: { $0.isCall }),
              chain.elements[..<c].allSatisfy({ !$0.isCall && $0.subscripts.isEmpty }),
              chain.elements[(c + 1)...].allSatisfy({ allowed.contains($0.name) }) else { return nil }
        // `Just(x)`, `Future { … }`: a type's initializer, judged as a root elsewhere.
        if c == 0, chain.elements[0].name.first?.isUppercase == true { return nil }
        return c
    }

    /// Whether a declared publisher result cannot fail: its failure type is `Never`
    /// (`AnyPublisher<String, Never>`), or it is a `Just`.
    static func declaresNeverFailing(_ returnType: String) -> Bool {
        let text = returnType.filter { !$0.isWhitespace }
        return text.hasSuffix(",Never>") || text.hasPrefix("Just<")
    }

    /// Whether function `f`'s body calls a function of its own selector (`self.metadata(for: name)`
    /// inside `func metadata(for names: [String])`, `wrapped.request(endpoint).retry(2)` inside a retrying
    /// client's `request(_:)`): it hands on what the others of the selector give.
    static func callsItsOwnSelector(_ f: Int, in tree: SyntaxTree) -> Bool {
        let function = tree.functions[f]
        guard let open = function.bodyOpen, let close = function.bodyClose, open < close else { return false }
        let selector = function.selectorName
        return tree.chainIndices(in: open...close).contains { c in
            tree.chains[c].elements.contains { $0.isCall && $0.name == function.name && MethodCallGraph.selector(of: $0) == selector }
        }
    }
}
