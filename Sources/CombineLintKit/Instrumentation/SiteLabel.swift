/// The label of an inserted `.trace(…)`: where the subscription is made, readable in a trace
/// report (the trace also records `#fileID:#line`, so the label need not be unique).
///
/// `FeedViewModel.bind` inside a method, `FeedViewModel.init`, `FeedViewModel.title` inside a
/// property's accessor or initial value, `Outer.Inner.start` for nested types, `start` in a
/// free function, and `Feed.swift:42` (file name and line) in top-level code.
public enum SiteLabel {
    /// `lineShift`: lines inserted above the token (an import line), so that a `File.swift:LINE`
    /// label gives the line of the instrumented file, the one the trace records.
    public static func label(forToken token: Int, in tree: SyntaxTree, lineShift: Int = 0) -> String {
        let type = tree.enclosingType(of: token)
        let member = memberName(at: token, type: type, in: tree)
        switch (type.map { qualifiedName(of: $0, in: tree) }, member) {
        case let (typeName?, member?): return typeName + "." + member
        case let (typeName?, nil): return typeName
        case let (nil, member?): return member
        case (nil, nil):
            let name = FolderNames.fileName(of: tree.file.path)
            return name + ":" + String(tree.line(of: token) + lineShift)
        }
    }

    /// The outermost non-local function around the token (a local function or closure belongs
    /// to it), as a name: an accessor by its property's name; else the property whose initial
    /// value holds the token.
    static func memberName(at token: Int, type: Int?, in tree: SyntaxTree) -> String? {
        for scope in tree.scopeChain(of: token) {
            switch tree.scopes[scope].kind {
            case .functionBody(let f):
                let function = tree.functions[f]
                if function.isLocal { continue }
                if function.kind == .accessor, let v = function.variable { return tree.variables[v].name }
                return function.name
            case .typeBody:
                break
            default:
                continue
            }
            break
        }
        guard let type else { return nil }
        for v in tree.types[type].variables {
            if let initializer = tree.variables[v].initializer, initializer.contains(token) { return tree.variables[v].name }
        }
        return nil
    }

    /// `Outer.Inner` for a type nested in another (an extension's name is as written).
    static func qualifiedName(of type: Int, in tree: SyntaxTree) -> String {
        var parts = [tree.types[type].name]
        var parent = tree.types[type].parentType
        while let p = parent {
            parts.append(tree.types[p].name)
            parent = tree.types[p].parentType
        }
        return parts.reversed().joined(separator: ".")
    }
}
