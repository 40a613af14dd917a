/// Code of a SwiftUI view that runs as an action (a button's action, `.onTapGesture { … }`,
/// `.onAppear { … }`, a `Task { … }`), not while the view draws: a value it reads is used once,
/// when the action runs, and no redraw depends on it.
enum ViewActionClosures {
    /// Whether `token` sits inside such an action closure, at any depth.
    static func runsInAction(_ token: Int, in tree: SyntaxTree) -> Bool {
        var s: Int? = Int(tree.scopeOfToken[token])
        while let scope = s {
            if case .closure(let c) = tree.scopes[scope].kind, let call = tree.call(receiving: c) {
                let element = tree.chains[call.chain].elements[call.element]
                let name = element.name
                // `Button("Save") { … }`, `Button(action: { … })`: the first closure is the action.
                if Catalogue.viewActionInitializers.contains(name), element.closures.first == c { return true }
                if element.argument("action")?.closure == c || element.argument("perform")?.closure == c { return true }
                if name == "Task" || Catalogue.viewActionModifiers.contains(name) { return true }
            }
            s = tree.scopes[scope].parent
        }
        return false
    }

    /// The action closure of a `Button(…)`: the `action:` argument, or else the first trailing
    /// closure (`Button("Save") { … }`); none when the action is a function passed by name
    /// (`Button(action: save) { Text("Save") }`, whose closure is the label).
    static func buttonAction(of element: ChainElement) -> Int? {
        if let action = element.argument("action") { return action.closure }
        return element.trailingClosures.first.flatMap { $0.label == nil ? $0.closure : nil }
    }
}
