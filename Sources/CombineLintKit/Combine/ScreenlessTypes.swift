/// Types that show nothing: a service, a scheduler or a poller that no view observes and that holds
/// nothing on screen. What such a type's pipelines deliver late, no one sees late.
enum ScreenlessTypes {
    /// Whether the type declared at `t` of `tree` shows nothing: it is a class, struct or actor
    /// (not an extension, whose declaration is elsewhere) that inherits from no UIKit, AppKit or
    /// SwiftUI main-actor type (an application delegate, which shows nothing itself, aside), is no
    /// `ObservableObject`, declares no `@Published` property (state someone observes), and keeps
    /// no view, control or menu bar item in a stored property.
    static func showsNothing(typeAt t: Int, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        let type = tree.types[t]
        guard type.kind != .extension, type.kind != .protocol else { return false }
        let name = type.name.lastNameComponent
        let bases = type.inheritance.map { ProjectIndex.stripGenerics($0).lastNameComponent } + index.allAncestors(of: name).map(\.lastNameComponent)
        if bases.contains("ObservableObject") { return false }
        if bases.contains(where: { Catalogue.mainActorBaseTypes.contains($0) && !Catalogue.applicationObjectTypes.contains($0) }) { return false }
        for v in type.variables {
            let variable = tree.variables[v]
            if variable.hasAttribute("Published") { return false }
            if holdsScreenElement(variable, in: tree) { return false }
        }
        return true
    }

    /// A stored property typed or made as a view, a control or a menu bar item (`let label = UILabel()`,
    /// `weak var button: NSButton?`, `var statusItem: NSStatusItem!`).
    private static func holdsScreenElement(_ variable: VariableDecl, in tree: SyntaxTree) -> Bool {
        let isScreenType = { (name: String) in
            let simple = ProjectIndex.stripGenerics(name).lastNameComponent
            return Catalogue.mainActorBaseTypes.contains(simple) || simple == Catalogue.statusItemType
        }
        let annotation = String(variable.typeText.filter { $0 != "?" && $0 != "!" && $0 != " " })
        if !annotation.isEmpty, isScreenType(annotation) { return true }
        if let initializer = variable.initializer, tree.tokens[initializer.lowerBound].kind == .identifier,
           isScreenType(tree.name(initializer.lowerBound)) { return true }
        return false
    }
}
