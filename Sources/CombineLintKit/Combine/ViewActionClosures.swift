/// Code of a SwiftUI view that runs as an action (a button's action, `.onTapGesture { … }`,
/// `.onAppear { … }`, a `Task { … }`), not while the view draws: a value it reads is used once,
/// when the action runs, and no redraw depends on it.
enum ViewActionClosures {
    /// Whether `token` sits inside such an action closure, at any depth.
    static func runsInAction(_ token: Int, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        var s: Int? = Int(tree.scopeOfToken[token])
        while let scope = s {
            if case .closure(let c) = tree.scopes[scope].kind, let call = tree.call(receiving: c) {
                let element = tree.chains[call.chain].elements[call.element]
                let name = element.name
                // `Button("Save") { … }`, `Button(action: { … })`; not the label of `Button(action: save) { … }`.
                if Catalogue.viewActionInitializers.contains(name), buttonAction(of: element) == c { return true }
                if element.argument("action")?.closure == c || element.argument("perform")?.closure == c { return true }
                if name == "Task" || Catalogue.viewActionModifiers.contains(name) { return true }
                if isCallbackOfProjectView(c, element: element, index: index) { return true }
            }
            s = tree.scopes[scope].parent
        }
        return false
    }

    /// A closure handed to a project view's memberwise initializer for a stored callback that returns
    /// nothing (`MediaBrowserView(library: store) { url in … }` with `var onOpen: (URL) -> Void`): the
    /// view calls it when the user acts, not while it draws (a `@ViewBuilder` content closure returns a view).
    static func isCallbackOfProjectView(_ c: Int, element: ChainElement, index: ProjectIndex) -> Bool {
        guard element.kind == .root, element.isCall, element.name.first?.isUppercase == true,
              let type = index.type(named: element.name), type.kind == .struct, index.inherits(element.name, from: "View") else { return false }
        let property: IndexedProperty?
        if let argument = element.arguments.first(where: { $0.closure == c }) {
            property = argument.label.flatMap { type.properties[$0] }
        } else if element.trailingClosures.first?.closure == c, element.trailingClosures.count == 1 {
            // The memberwise initializer takes the stored properties in order: a trailing closure fills the last closure one.
            property = type.properties.values.filter { !$0.isStatic && !$0.isComputed && $0.typeText.contains("->") }
                .max { ($0.file, $0.variable) < ($1.file, $1.variable) }
        } else {
            property = nil
        }
        guard let property, !property.isComputed else { return false }
        return TypeText.isFunctionReturningNothing(property.typeText)
    }

    /// The action closure of a `Button(…)`: the `action:` argument, or else the first trailing
    /// closure (`Button("Save") { … }`); none when the action is a function passed by name
    /// (`Button(action: save) { Text("Save") }`, whose closure is the label).
    static func buttonAction(of element: ChainElement) -> Int? {
        if let action = element.argument("action") { return action.closure }
        return element.trailingClosures.first.flatMap { $0.label == nil ? $0.closure : nil }
    }
}
