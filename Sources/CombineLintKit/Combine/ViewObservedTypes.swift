/// The types that SwiftUI views observe: the simple names of the types of the project's
/// `@ObservedObject`, `@StateObject` and `@EnvironmentObject` properties, and the declarations
/// those names resolve to where they are written. Worked out once per run.
public struct ViewObservedTypes: Sendable {
    public let names: Set<String>
    /// The project declarations the properties' types resolve to (`TypeDeclarationResolver`).
    public let declarations: Set<DeclarationReference>

    /// Where the run's one copy is kept in the memo.
    private static let memoKey = "view-observed-types"

    /// The project's observed types, worked out once per run and shared by every rule that asks.
    public static func of(_ index: ProjectIndex, memo: ProjectMemo) -> ViewObservedTypes {
        memo.value(for: memoKey) { ViewObservedTypes(index: index, objectWillChangeUses: ObjectWillChangeUses.of(index, memo: memo)) }
    }

    /// Makes them ahead of the files that ask (`Rule.preparations`).
    public static func preparation(_ index: ProjectIndex, memo: ProjectMemo) -> Preparation {
        Preparation(memoKey) { _ = of(index, memo: memo) }
    }

    /// `objectWillChangeUses`: the run's table of `objectWillChange` chains, shared with the rules that read it.
    init(index: ProjectIndex, objectWillChangeUses uses: ObjectWillChangeUses) {
        var names = Set<String>()
        var declarations = Set<DeclarationReference>()
        var resolved: [String: TypeDeclarationResolver.Declarations] = [:]
        var members: [Int: [MemberPlace: Int]] = [:]
        let attributes = Catalogue.viewObservingAttributes.map { "@" + $0 }
        // With their arguments too (`@ObservedObject(…)`): built once, not per attribute read.
        let withArguments = attributes.map { $0 + "(" }
        for type in index.types.values {
            for property in type.properties.values
            where property.attributes.contains(where: { attribute in attributes.contains(attribute) || withArguments.contains { attribute.hasPrefix($0) } }) {
                // `@StateObject var model = Feature.ViewModel()`: the simple name of the qualified type
                // (`typeName` would stop at the first dot).
                if let written = TypeResolver.writtenTypeName(annotation: property.typeText, initializer: property.initializerText) {
                    names.insert(written.lastNameComponent)
                    if let declaration = Self.resolve(written, of: property, index: index, cache: &resolved, members: &members) {
                        declarations.insert(declaration)
                    }
                }
            }
        }
        self.names = names
        self.declarations = declarations
        // An observed type that sends its own `objectWillChange` when a child's does
        // (`Publishers.Merge(sidebar.objectWillChange, …).sink { self?.objectWillChange.send() }`)
        // redraws its views at each change of the child.
        var forwarded = Set<String>()
        for (child, owners) in uses.forwardingTypes {
            for owner in owners where names.contains(owner.lastNameComponent) && uses.sendingTypes.contains(owner.lastNameComponent) {
                guard let property = index.property(child, ofType: owner), !property.isStatic,
                      let type = TypeResolver.typeName(annotation: property.typeText, initializer: property.initializerText),
                      index.type(named: type)?.kind == .class, !names.contains(type.lastNameComponent) else { continue }
                forwarded.insert(type.lastNameComponent)
            }
        }
        self.forwarded = forwarded
    }

    /// The simple names of the classes whose `objectWillChange` an observed type forwards as its
    /// own: views redraw at their changes, though none observes them directly.
    public let forwarded: Set<String>

    /// Whether a change of `typeName` redraws a view: views observe it (`observe(_:index:)`), or an
    /// observed type forwards its changes.
    public func redrawViews(_ typeName: String, index: ProjectIndex) -> Bool {
        observe(typeName, index: index) || forwarded.contains(typeName.lastNameComponent)
    }

    /// The declaration that `written` names at the property's declaration.
    private static func resolve(_ written: String, of property: IndexedProperty, index: ProjectIndex,
                                cache: inout [String: TypeDeclarationResolver.Declarations],
                                members: inout [Int: [MemberPlace: Int]]) -> DeclarationReference? {
        guard let t = index.treeIndexByPath[property.file] else { return nil }
        let tree = index.trees[t]
        // The file's members by line and name, made once per file (a file may hold thousands).
        if members[t] == nil {
            var places: [MemberPlace: Int] = [:]
            for variable in tree.variables where !variable.isLocal {
                let place = MemberPlace(line: tree.line(of: variable.nameToken), name: variable.name)
                if places[place] == nil { places[place] = variable.nameToken }
            }
            members[t] = places
        }
        guard let nameToken = members[t]?[MemberPlace(line: property.line, name: property.name)] else { return nil }
        let nearest = TypeDeclarationResolver.candidates(named: written, at: nameToken, inTree: t, index: index, cache: &cache)
        return nearest.count == 1 ? nearest[0] : nil
    }

    /// Where a member is declared: its line and name.
    private struct MemberPlace: Hashable {
        var line: Int
        var name: String
    }

    /// Whether views observe the type declared at `t` of `index.trees[treeIndex]`. A simple name
    /// declared once in the project is judged by name (`observe(_:index:)`); when several types
    /// share it (`Feature.ViewModel` in two features), only a view property that resolves to this
    /// declaration counts, or an observed ancestor written in its own inheritance list: a view of
    /// the other type says nothing about this one.
    public func observe(typeAt t: Int, inTree treeIndex: Int, index: ProjectIndex) -> Bool {
        let type = index.trees[treeIndex].types[t]
        let name = type.name.lastNameComponent
        guard type.kind != .extension, index.declaresSeveralTypes(named: name) else { return observe(name, index: index) }
        if declarations.contains(DeclarationReference(tree: treeIndex, item: t)) { return true }
        return type.inheritance.map { ProjectIndex.stripGenerics($0) }.contains { base in
            names.contains(base.lastNameComponent) || index.allAncestors(of: base).contains(where: names.contains)
        }
    }

    /// Whether views observe `typeName` or one of its ancestors (`@ObservedObject var model: FeedModelType`).
    public func observe(_ typeName: String, index: ProjectIndex) -> Bool {
        names.contains(typeName) || index.allAncestors(of: typeName).contains(where: names.contains)
    }
}
