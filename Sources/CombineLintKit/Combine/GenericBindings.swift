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
        guard let type = index.type(named: name) else { return nil }
        for path in type.files {
            guard let t = index.treeIndexByPath[path] else { continue }
            let tree = index.trees[t]
            for declaration in tree.types where declaration.kind != .extension && declaration.name.lastNameComponent == name
                && !declaration.genericClause.isEmpty {
                let names = TypeText.topLevelParts(declaration.genericClause.dropFirst().dropLast()).map { part in
                    String(part.prefix { $0 != ":" && $0 != " " })
                }
                return names.isEmpty ? nil : names
            }
        }
        return nil
    }

    /// `[A, B<C, D>]` of `Base<A, B<C, D>>`; empty without arguments.
    static func genericArguments(_ entry: String) -> [String] {
        guard let open = entry.firstIndex(of: "<"), let close = entry.lastIndex(of: ">"), open < close else { return [] }
        return TypeText.topLevelParts(entry[entry.index(after: open)..<close])
    }
}
