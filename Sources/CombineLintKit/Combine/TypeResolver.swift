/// Best-effort static types of names: enough to tell which type owns `viewModel.$posts`.
public enum TypeResolver {
    /// The type named by a type annotation or an initializer (`Foo?`, `Foo!`, `Foo<T>`, `Foo()`,
    /// `Foo.shared`, `Foo.make()`, `Namespace.Foo()`), or `nil`.
    public static func typeName(annotation: String, initializer: String) -> String? {
        if !annotation.isEmpty { return simpleTypeName(annotation) }
        guard let first = initializer.first, first.isUppercase else { return nil }
        // `WatchModels.Dashboard()` makes a `Dashboard`: the last capitalised component of the
        // leading name path (`Store.shared` is still a `Store`).
        var name = ""
        var component = ""
        for ch in initializer {
            if ch.isLetter || ch.isNumber || ch == "_" {
                component.append(ch)
            } else if ch == ".", component.first?.isUppercase == true {
                name = component
                component = ""
            } else {
                break
            }
        }
        if component.first?.isUppercase == true { name = component }
        return name.isEmpty ? nil : name
    }

    /// The type of a property: its annotation or initializer, or for an application delegate
    /// adaptor without either (`@UIApplicationDelegateAdaptor(AppDelegate.self) var delegate`) the
    /// type the wrapper's argument names.
    public static func typeName(of property: IndexedProperty) -> String? {
        if let written = typeName(annotation: property.typeText, initializer: property.initializerText) { return written }
        for attribute in property.attributes {
            guard let open = attribute.firstIndex(of: "("), attribute.hasSuffix(".self)"),
                  Catalogue.delegateAdaptorAttributes.contains(String(attribute.dropFirst().prefix(upTo: open))) else { continue }
            return simpleTypeName(String(attribute[attribute.index(after: open)...].dropLast(".self)".count)))
        }
        return nil
    }

    /// `Foo?` → `Foo`, `Foo<Bar>` → `Foo`, `Module.Foo` → `Foo`; `nil` for function, tuple and collection types.
    public static func simpleTypeName(_ text: String) -> String? {
        guard var s = namedTypeText(text) else { return nil }
        if let dot = s.lastIndex(of: ".") { s = s[s.index(after: dot)...] }
        let name = String(s).trimmingSpaces
        return name.isEmpty || name.utf8.contains(UInt8(ascii: " ")) ? nil : name
    }

    /// The type as written, with its qualification: `Feed.Model` of `Feed.Model?`, `Model` of
    /// `Model()`, `Feed.Model` of `Feed.Model.shared` (members start in lower case).
    public static func writtenTypeName(annotation: String, initializer: String) -> String? {
        if !annotation.isEmpty {
            guard let s = namedTypeText(annotation) else { return nil }
            let name = String(s).trimmingSpaces
            return name.isEmpty || name.utf8.contains(UInt8(ascii: " ")) ? nil : name
        }
        guard let first = initializer.first, first.isUppercase else { return nil }
        var name = ""
        for ch in initializer {
            if ch.isLetter || ch.isNumber || ch == "_" || ch == "." { name.append(ch) } else { break }
        }
        while let dot = name.lastIndex(of: "."), let next = name[name.index(after: dot)...].first, !next.isUppercase {
            name = String(name[..<dot])
        }
        return name.isEmpty ? nil : name
    }

    /// A type annotation without `?`/`!` and generic arguments, or `nil` for a function, tuple or collection type.
    private static func namedTypeText(_ text: String) -> Substring? {
        var s = Substring(text.trimmingSpaces)
        while let last = s.last, last == "?" || last == "!" { s.removeLast() }
        // `any SnapshotStoring`, `(any SnapshotStoring)?`, `BackupEngineProtocol & AnyObject`: the protocol named.
        if s.utf8.contains(UInt8(ascii: " ")) || s.utf8.contains(UInt8(ascii: "&")) { s = existentialCore(s) }
        // Bytes, not Foundation's substring search: every type annotation a rule reads comes here.
        if s.hasPrefix("(") || s.hasPrefix("[") || zip(s.utf8, s.utf8.dropFirst()).contains(where: { $0 == UInt8(ascii: "-") && $1 == UInt8(ascii: ">") }) { return nil }
        if let angle = s.firstIndex(of: "<") { s = s[..<angle] }
        return s
    }

    /// The type an existential or a composition names: `P` of `any P`, `(any P)`, `some P` and
    /// `P & AnyObject` (the first part that is no marker protocol, `Catalogue.compositionMarkerProtocols`).
    private static func existentialCore(_ text: Substring) -> Substring {
        var s = text
        if s.hasPrefix("("), s.hasSuffix(")") { s = s.dropFirst().dropLast() }
        for prefix in ["any ", "some "] where s.hasPrefix(prefix) { s = s.dropFirst(prefix.count) }
        guard s.utf8.contains(UInt8(ascii: "&")), !s.contains("<") else { return Substring(String(s).trimmingSpaces) }
        let parts = s.split(separator: "&").map { Substring(String($0).trimmingSpaces) }
        return parts.first { !Catalogue.compositionMarkerProtocols.contains(String($0)) } ?? s
    }

    /// The name of the type whose body (or extension) holds token i.
    public static func enclosingTypeName(at token: Int, in tree: SyntaxTree) -> String? {
        tree.enclosingType(of: token).map { tree.types[$0].name.lastNameComponent }
    }

    /// The type of the value named `name` at token `at`: a local, a parameter, or a property of the enclosing type.
    public static func typeOfName(_ name: String, at token: Int, in tree: SyntaxTree, index: ProjectIndex) -> String? {
        typeOfName(name, at: token, in: tree, index: index, qualified: false)
    }

    /// As `typeOfName(_:at:in:index:)`, with the type's qualification as written (`Feed.ViewModel`
    /// of `let viewModel: Feed.ViewModel`), so that a nested type is told apart from others of its
    /// simple name; a generic base class's parameter is bound as there.
    public static func writtenTypeOfName(_ name: String, at token: Int, in tree: SyntaxTree, index: ProjectIndex) -> String? {
        typeOfName(name, at: token, in: tree, index: index, qualified: true)
    }

    private static func typeOfName(_ name: String, at token: Int, in tree: SyntaxTree, index: ProjectIndex, qualified: Bool) -> String? {
        let named = qualified ? writtenTypeName(annotation:initializer:) : typeName(annotation:initializer:)
        let written: String?
        switch localDeclaration(of: name, at: token, in: tree) {
        case .local(let local):
            let v = tree.variables[local]
            // By the properties the index knows first: read as text, `ServiceContainer.shared.deepLinks` names `ServiceContainer`.
            written = (v.typeText.isEmpty ? propertyChainType(ofLocal: local, in: tree, index: index) : nil)
                ?? named(v.typeText, v.initializer.map { tree.text($0.lowerBound, $0.upperBound) } ?? "")
                ?? (v.typeText.isEmpty ? v.initializer.flatMap { castType(endingInitializer: $0, in: tree) } : nil)
                ?? (v.typeText.isEmpty ? callResultType(ofLocal: local, in: tree, index: index) : nil)
        case .parameter(let parameter):
            written = qualified ? named(parameter.typeText, "") : simpleTypeName(parameter.typeText)
        case nil:
            guard let owner = enclosingTypeName(at: token, in: tree), let property = index.property(name, ofType: owner) else {
                return conditionBindingType(of: name, at: token, in: tree, index: index)
            }
            let declared = (qualified ? named(property.typeText, property.initializerText) : nil) ?? typeName(of: property)
            // `let viewModel: ViewModel` of a generic base class: the subclass's argument.
            if let bound = declared.flatMap({ GenericBindings.boundType(of: $0, property: name, inType: owner, index: index) }) { return bound }
            written = declared
        }
        // `let viewModel: VM` in the code of `class BaseViewController<VM: BaseViewModel>`: a `BaseViewModel`.
        return written.flatMap { GenericBindings.constraint(ofParameter: $0, at: token, in: tree, index: index) } ?? written
    }

    /// `let cell = tableView.dequeueReusableCell(…) as! FeedCell`: the type (as written, `Feed.Cell`
    /// too) that a local's initializer casts its value to at its end.
    private static func castType(endingInitializer range: ClosedRange<Int>, in tree: SyntaxTree) -> String? {
        var k = range.upperBound
        guard k < tree.tokens.count, tree.tokens[k].kind == .identifier else { return nil }
        while k - 2 >= range.lowerBound, tree.tokens[k - 1].kind == .period, tree.tokens[k - 2].kind == .identifier { k -= 2 }
        var cast = k - 1
        if cast > range.lowerBound, [.exclamationMark, .questionMark].contains(tree.tokens[cast].kind)
            || (tree.tokens[cast].kind == .operator && ["!", "?"].contains(tree.text(cast))) { cast -= 1 }
        guard cast > range.lowerBound, tree.isWord(cast, "as") else { return nil }
        return tree.text(k, range.upperBound)
    }

    /// `if let viewModel = holder.viewModel { … }` (or `while let`, `guard let model = models[i] else
    /// { … }`, `as? FeedViewModel`) visible at the token: the type of the chain of stored properties
    /// the condition unwraps (or of the element it subscripts), or the type it casts to.
    private static func conditionBindingType(of name: String, at token: Int, in tree: SyntaxTree, index: ProjectIndex) -> String? {
        guard let k = SubscriptionFinder.optionalBindingToken(named: name, visibleAt: token, in: tree),
              k + 2 < token, tree.tokens[k + 1].kind == .equal else { return nil }
        let chain = tree.chain(startingAt: k + 2).map { tree.chains[$0] }
        // `as? FeedViewModel`, `as! FeedViewModel` after the value (a chain, or one name).
        let after = (chain?.last ?? k + 2) + 1
        if after + 2 < token, tree.isWord(after, "as"), tree.tokens[after + 2].kind == .identifier {
            return tree.name(after + 2)
        }
        // `if let session = scanSession`: a bare name (no chain of its own) is a property of the type around.
        if chain == nil, tree.tokens[k + 2].kind == .identifier, k + 3 < token,
           tree.tokens[k + 3].kind == .leftBrace || tree.tokens[k + 3].kind == .comma || tree.isWord(k + 3, "else"),
           localDeclaration(of: tree.name(k + 2), at: k + 2, in: tree) == nil,
           let owner = enclosingTypeName(at: k + 2, in: tree), let property = index.property(tree.name(k + 2), ofType: owner) {
            return typeName(of: property)
        }
        guard let chain, chain.last < token else { return nil }
        return storedPropertyChainType(chain, in: tree, index: index) ?? subscriptedElementType(chain, in: tree, index: index)
    }

    /// `models[indexPath.item]`, `store.rows[id]`: the element type of the stored collection
    /// property a chain subscripts once at its end (`[Model]`, `[Model?]`, `[ID: Model]`,
    /// `Array<Model>`, or made as `[Model]()`), read from a property of the enclosing type or
    /// through a chain of stored properties.
    private static func subscriptedElementType(_ chain: Chain, in tree: SyntaxTree, index: ProjectIndex) -> String? {
        let elements = chain.elements
        let last = elements.count - 1
        guard elements[last].subscripts.count == 1, !elements[last].isCall,
              elements.dropLast().allSatisfy({ !$0.isCall && $0.subscripts.isEmpty }) else { return nil }
        let owner: String?
        if last == 0 {
            guard elements[0].kind == .root, localDeclaration(of: elements[0].name, at: chain.first, in: tree) == nil else { return nil }
            owner = enclosingTypeName(at: chain.first, in: tree)
        } else {
            guard localDeclaration(of: elements[0].name, at: chain.first, in: tree) == nil else { return nil }
            owner = ownerTypeThroughProperties(ofElement: last, in: chain, tree: tree, index: index)
        }
        guard let owner, let property = index.property(elements[last].name, ofType: owner) else { return nil }
        return collectionElementTypeName(property.typeText.isEmpty && property.initializerText.hasSuffix("()")
                                         ? String(property.initializerText.dropLast(2)) : property.typeText)
    }

    /// `[Model]`, `[Model?]`, `[ID: Model]` or `Array<Model>` → `Model`.
    static func collectionElementTypeName(_ text: String) -> String? {
        var s = Substring(text.trimmingSpaces)
        while let last = s.last, last == "?" || last == "!" { s.removeLast() }
        var inner: Substring
        if s.hasPrefix("["), s.hasSuffix("]") {
            inner = s.dropFirst().dropLast()
        } else if s.hasPrefix("Array<"), s.hasSuffix(">") {
            inner = s.dropFirst("Array<".count).dropLast()
        } else {
            return nil
        }
        // A dictionary's value: after the colon at the top level.
        var depth = 0
        var colon: Substring.Index?
        for i in inner.indices {
            switch inner[i] {
            case "[", "<", "(": depth += 1
            case "]", ">", ")": depth -= 1
            case ":" where depth == 0: colon = i
            default: break
            }
            if colon != nil { break }
        }
        if let colon { inner = inner[inner.index(after: colon)...] }
        return simpleTypeName(String(inner))
    }

    /// `let router = ServiceContainer.shared.deepLinks`: the type of the last of a chain of stored
    /// properties that starts from a type, `self` or a property of the enclosing type (never from
    /// another local, so one local's type never asks for its own).
    private static func propertyChainType(ofLocal v: Int, in tree: SyntaxTree, index: ProjectIndex) -> String? {
        initialChain(ofLocal: v, in: tree).flatMap {
            storedPropertyChainType($0, in: tree, index: index) ?? subscriptedElementType($0, in: tree, index: index)
        }
    }

    /// The type of the last of `chain`'s stored properties (`ServiceContainer.shared.deepLinks`,
    /// `holder.viewModel`): a chain of plain members that starts from a type, `self` or a property
    /// of the enclosing type, not from a local or parameter.
    private static func storedPropertyChainType(_ chain: Chain, in tree: SyntaxTree, index: ProjectIndex) -> String? {
        guard chain.elements.count >= 2, chain.elements.allSatisfy({ !$0.isCall && $0.subscripts.isEmpty }),
              case let root = chain.elements[0], root.kind == .root, localDeclaration(of: root.name, at: chain.first, in: tree) == nil else { return nil }
        let last = chain.elements.count - 1
        guard let owner = ownerTypeThroughProperties(ofElement: last, in: chain, tree: tree, index: index),
              let property = index.property(chain.elements[last].name, ofType: owner) else { return nil }
        return typeName(of: property)
    }

    /// `let output = viewModel.transform(input: input)`: the result type that the project's functions
    /// the call may run declare (by full selector, else by name), when they all declare the same
    /// named type; not a generic parameter, a collection, a function or a tuple.
    private static func callResultType(ofLocal v: Int, in tree: SyntaxTree, index: ProjectIndex) -> String? {
        guard let chain = initialChain(ofLocal: v, in: tree), let call = chain.elements.last, call.isCall, call.closures.isEmpty, call.name.first?.isLowercase == true else { return nil }
        let declared = ProjectFunctionCalls.declarations(runBy: call, matching: .selectorElseName, requireBody: false, publisherResults: false, index: index)
        var names = Set<String?>()
        for reference in declared {
            let declaringTree = index.trees[reference.tree]
            let function = declaringTree.functions[reference.item]
            let name = simpleTypeName(function.returnType)
            // `func dequeue<Cell: UITableViewCell>(…) -> Cell`: the caller's argument decides.
            if let name, GenericBindings.genericParameters(of: function, in: declaringTree).contains(name) { return nil }
            names.insert(name)
        }
        guard names.count == 1, let name = names.first ?? nil, name != "Self" else { return nil }
        return name
    }

    /// The chain that is the whole initial value of local `v` (`viewModel.transform(input: input)`), if any.
    private static func initialChain(ofLocal v: Int, in tree: SyntaxTree) -> Chain? {
        guard let initializer = tree.variables[v].initializer, let c = tree.chain(startingAt: initializer.lowerBound),
              case let chain = tree.chains[c], chain.context == .declaration(v), chain.last == initializer.upperBound else { return nil }
        return chain
    }

    /// What declares a value named `name` inside the function around token `token`.
    public enum LocalDeclaration {
        /// A local variable: its index in `tree.variables`.
        case local(Int)
        /// A parameter of a function around the token.
        case parameter(Parameter)
    }

    /// The local variable or the parameter named `name` visible at token `token` (a local first,
    /// then the parameters of the functions around it, innermost first).
    public static func localDeclaration(of name: String, at token: Int, in tree: SyntaxTree) -> LocalDeclaration? {
        if let local = SubscriptionFinder.localVariable(named: name, visibleAt: token, in: tree) { return .local(local) }
        for scope in tree.scopeChain(of: token) {
            if case .functionBody(let f) = tree.scopes[scope].kind, let parameter = tree.functions[f].parameters.first(where: { $0.name == name }) {
                return .parameter(parameter)
            }
        }
        return nil
    }

    /// For element `e` of `chain` (a member such as `$posts`), the type that declares it:
    /// the enclosing type for `$posts` or `self.$posts`, the type of `viewModel` for `viewModel.$posts`.
    public static func ownerType(ofElement e: Int, in chain: Chain, tree: SyntaxTree, index: ProjectIndex) -> String? {
        if e == 0 { return enclosingTypeName(at: chain.first, in: tree) }
        if e == 1 {
            let root = chain.elements[0]
            if root.name == "self" { return enclosingTypeName(at: chain.first, in: tree) }
            if root.kind == .root, !root.isCall { return typeOfName(root.name, at: chain.first, in: tree, index: index) }
        }
        if e == 2, chain.elements[0].name == "self", !chain.elements[1].isCall {
            return typeOfName(chain.elements[1].name, at: chain.first, in: tree, index: index)
        }
        return nil
    }

    /// `AppEnvironment` in `AppEnvironment.shared.services…`: a project type named as the root (no
    /// local or parameter of that name), whose static members the next element reads.
    private static func staticOwner(of chain: Chain, first: Int, tree: SyntaxTree, index: ProjectIndex) -> String? {
        guard first == 1, let root = typeNamedAsRoot(of: chain, tree: tree), index.type(named: root) != nil else { return nil }
        return root
    }

    /// `Calendar` in `Calendar.current`, `Theme` in `Theme.shared.accent`: a capitalised plain root
    /// that no local or parameter of the scope declares, so a type (of the project or a framework)
    /// whose static members the next element reads.
    public static func typeNamedAsRoot(of chain: Chain, tree: SyntaxTree) -> String? {
        guard case let root = chain.elements[0], root.kind == .root, !root.isCall, root.subscripts.isEmpty,
              root.name.first?.isUppercase == true, localDeclaration(of: root.name, at: chain.first, in: tree) == nil else { return nil }
        return root.name
    }

    /// As `ownerType(ofElement:in:tree:index:)`, and further through stored properties whose types
    /// the index knows: `app.settings.$unit` is declared by the type of `AppModel.settings`.
    public static func ownerTypeThroughProperties(ofElement e: Int, in chain: Chain, tree: SyntaxTree, index: ProjectIndex) -> String? {
        if let type = ownerType(ofElement: e, in: chain, tree: tree, index: index) { return type }
        guard e >= 2 else { return nil }
        let first = chain.elements[0].name == "self" ? 2 : 1
        guard e > first, var type = ownerType(ofElement: first, in: chain, tree: tree, index: index)
                ?? staticOwner(of: chain, first: first, tree: tree, index: index) else { return nil }
        for k in first..<e {
            let element = chain.elements[k]
            guard element.kind == .member, !element.isCall, element.subscripts.isEmpty,
                  let property = index.property(element.name, ofType: type),
                  let next = typeName(of: property) else { return nil }
            type = next
        }
        return type
    }
}
