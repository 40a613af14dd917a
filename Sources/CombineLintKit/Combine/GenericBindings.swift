/// The type a generic ancestor's parameter stands for in a subclass: `let viewModel: ViewModel`
/// of `class BaseViewController<ViewModel: ViewModelType>` is a `RecipeDetailViewModel` in
/// `final class RecipeDetailViewController: BaseViewController<RecipeDetailViewModel>`. Without
/// this, `viewModel.$pendingShare` in the subclass belongs to a type named `ViewModel`, which no
/// declaration of the project is.
public enum GenericBindings {
    /// The type bound to `written` (a property's written type) in `typeName`, when `written` is a
    /// generic parameter of the ancestor declaring property `property`, bound by the inheritance
    /// clauses on the way from `typeName` up to that ancestor; `nil` otherwise.
    public static func boundType(of written: String, property: String, inType typeName: String, index: ProjectIndex) -> String? {
        // Each step's generic parameters are bound by the entry its subclass inherits through;
        // a parameter bound to the subclass's own parameter takes that one's binding.
        var bindings: [String: String] = [:]
        var seen = Set<String>()
        var current = typeName
        while seen.insert(current).inserted, let type = index.type(named: current) {
            if type.properties[property] != nil {
                return current == typeName ? nil : bindings[written]
            }
            guard let entry = type.firstInherited else { return nil }
            let base = ProjectIndex.stripGenerics(entry)
            guard let parameters = genericParameters(of: base, index: index) else { return nil }
            let arguments = genericArguments(entry)
            var next: [String: String] = [:]
            for (parameter, argument) in zip(parameters, arguments) {
                next[parameter] = bindings[argument] ?? TypeResolver.simpleTypeName(argument)
            }
            bindings = next
            current = base
        }
        return nil
    }

    /// The parameter names of the generic class `name` (`ViewModel` of `<ViewModel: ViewModelType>`),
    /// read from its declaration (not an extension); `nil` when it has none.
    static func genericParameters(of name: String, index: ProjectIndex) -> [String]? {
        guard let clause = genericClause(of: name, index: index) else { return nil }
        let names = TypeText.topLevelParts(clause.dropFirst().dropLast()).map { part in
            String(part.prefix { $0 != ":" && $0 != " " })
        }
        return names.isEmpty ? nil : names
    }

    /// The parameter names of function `function`'s generic clause (`Cell` and `T` of
    /// `func make<Cell: UIView, T>(…)`); empty when it has none.
    static func genericParameters(of function: FunctionDecl, in tree: SyntaxTree) -> Set<String> {
        let open = function.nameToken + 1
        guard open < tree.tokens.count, tree.tokenIs(open, "<") else { return [] }
        var close = open
        while close + 1 < tree.tokens.count, tree.tokens[close + 1].kind != .leftParen { close += 1 }
        let clause = tree.text(open, close)
        guard clause.hasSuffix(">") else { return [] }
        return Set(TypeText.topLevelParts(clause.dropFirst().dropLast()).map { part in String(part.prefix { $0 != ":" && $0 != " " }) })
    }

    /// The generic clause (`<ViewModel: ViewModelType>`) of type `name`'s declaration, not an extension.
    static func genericClause(of name: String, index: ProjectIndex) -> String? {
        guard let clause = index.type(named: name)?.genericClause, !clause.isEmpty else { return nil }
        return clause
    }

    /// What `type`, a generic parameter of the type whose code holds token `token`, is constrained
    /// to (`BaseViewModel` for `VM` in `class BaseViewController<VM: BaseViewModel>` and its
    /// extensions): every argument is one, so its members are that type's. `nil` for any other name.
    public static func constraint(ofParameter type: String, at token: Int, in tree: SyntaxTree, index: ProjectIndex) -> String? {
        guard type.first?.isUppercase == true, let t = tree.enclosingType(of: token) else { return nil }
        let declaration = tree.types[t]
        let clause = declaration.kind == .extension ? genericClause(of: declaration.name.lastNameComponent, index: index) : declaration.genericClause
        return clause.flatMap { genericConstraint(of: type, in: $0) }
    }


    /// The protocol or class that generic parameter `name` is constrained to in a clause such as
    /// `<Model: FeedModeling, Item>` (the first of `A & B`), without its generic arguments
    /// (`BaseListViewModel` of `<Item: Hashable, ViewModel: BaseListViewModel<Item>>`).
    static func genericConstraint(of name: String, in clause: String) -> String? {
        func trimmed(_ text: some StringProtocol) -> String { String(text.filter { $0 != " " && $0 != "\n" && $0 != "\t" }) }
        guard clause.hasPrefix("<"), clause.hasSuffix(">") else { return nil }
        for parameter in TypeText.topLevelParts(clause.dropFirst().dropLast()) {
            let parts = parameter.split(separator: ":", maxSplits: 1).map(trimmed)
            guard parts.count == 2, parts[0] == name else { continue }
            let first = ProjectIndex.stripGenerics(parts[1].split(separator: "&").first.map(trimmed) ?? "")
            return first.isEmpty ? nil : first
        }
        return nil
    }

    /// `[A, B<C, D>]` of `Base<A, B<C, D>>`; empty without arguments.
    static func genericArguments(_ entry: String) -> [String] {
        guard let open = entry.firstIndex(of: "<"), let close = entry.lastIndex(of: ">"), open < close else { return [] }
        return TypeText.topLevelParts(entry[entry.index(after: open)..<close])
    }
}
