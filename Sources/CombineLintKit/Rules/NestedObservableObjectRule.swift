/// An `@Published` property holding another `ObservableObject` class: SwiftUI observes the
/// outer object only, so changes inside the inner one never redraw the views.
public struct NestedObservableObjectRule: Rule {
    public static let description = RuleDescription(
        id: "nested_observable_object",
        name: "Nested ObservableObject",
        defaultSeverity: .warning,
        summary: "An @Published property whose type is an ObservableObject class, without forwarding its objectWillChange."
    )

    public init() {}

    /// A file with no `@Published` property has no finding.
    static let requiredNames = NameSet(["Published"])

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.mentions(anyOf: Self.requiredNames) else { return [] }
        let tree = context.tree
        let index = context.index
        var findings: [Finding] = []
        for type in tree.types where type.kind == .class {
            let typeName = type.name.lastNameComponent
            guard index.inherits(typeName, from: "ObservableObject") else { continue }
            for v in type.variables {
                let variable = tree.variables[v]
                guard variable.hasAttribute("Published"), !variable.isStatic else { continue }
                let initializer = variable.initializer.map { tree.text($0.lowerBound, $0.upperBound) } ?? ""
                guard let inner = TypeResolver.typeName(annotation: variable.typeText, initializer: initializer),
                      let innerType = index.type(named: inner), innerType.kind == .class,
                      index.inherits(inner, from: "ObservableObject") else { continue }
                if forwardsChanges(of: variable.name, inType: typeName, index: index) { continue }
                findings.append(context.finding(
                    tokens: variable.nameToken,
                    message: "`\(variable.name)` is an ObservableObject inside an ObservableObject: SwiftUI sees only reassignments of it, never the changes inside `\(inner)`; forward its objectWillChange to this object's, or observe it directly with @ObservedObject in the view."))
            }
        }
        return findings
    }

    /// Anywhere in the type (any file, any extension): `name.objectWillChange` or `self.name.objectWillChange`.
    private func forwardsChanges(of name: String, inType typeName: String, index: ProjectIndex) -> Bool {
        for use in index.chainElements["objectWillChange"] {
            let tree = index.trees[use.tree]
            let chain = tree.chains[use.chain]
            let names = chain.names
            // The chain's first `objectWillChange`, right after the property's name.
            guard names.firstIndex(of: "objectWillChange") == use.element, use.element > 0, names[use.element - 1] == name else { continue }
            if TypeResolver.enclosingTypeName(at: chain.first, in: tree) == typeName { return true }
        }
        return false
    }
}
