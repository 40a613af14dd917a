/// A readable rendering of what the scanner saw: types, members, functions, closures with
/// captures, and chains with their calls and context. Backs `combinelint dump tree`.
public enum SyntaxDump {
    public static func render(_ tree: SyntaxTree) -> String {
        var out: [String] = []
        func loc(_ token: Int) -> String {
            guard token >= 0, token < tree.tokens.count else { return "?:?" }
            let l = tree.file.location(ofOffset: tree.tokens[token].startOffset)
            return "\(l.line):\(l.column)"
        }
        for (i, type) in tree.types.enumerated() {
            var line = "type[\(i)] \(type.kind.rawValue) \(type.name)\(type.genericClause) @\(loc(type.nameToken))"
            if !type.inheritance.isEmpty { line += " : " + type.inheritance.joined(separator: ", ") }
            if !type.attributes.isEmpty || !type.modifiers.isEmpty { line += " [" + (type.attributes + type.modifiers).joined(separator: " ") + "]" }
            if let parent = type.parentType { line += " in type[\(parent)]" }
            if type.isLocal { line += " local" }
            out.append(line)
        }
        for (i, f) in tree.functions.enumerated() {
            var line = "func[\(i)] \(f.kind.rawValue) \(f.selectorName) @\(loc(f.nameToken))"
            if !f.returnType.isEmpty { line += " -> \(f.returnType)" }
            if !f.attributes.isEmpty || !f.modifiers.isEmpty { line += " [" + (f.attributes + f.modifiers).joined(separator: " ") + "]" }
            if let t = f.enclosingType { line += " in type[\(t)]" }
            if let v = f.variable { line += " of var[\(v)]" }
            if f.bodyOpen == nil { line += " no-body" }
            if f.isLocal { line += " local" }
            out.append(line)
        }
        for (i, v) in tree.variables.enumerated() {
            var line = "var[\(i)] \(v.isLet ? "let" : "var") \(v.name)"
            if !v.typeText.isEmpty { line += ": \(v.typeText)" }
            if let initializer = v.initializer { line += " = \(tree.text(initializer.lowerBound, initializer.upperBound))" }
            line += " @\(loc(v.nameToken))"
            if !v.attributes.isEmpty || !v.modifiers.isEmpty { line += " [" + (v.attributes + v.modifiers).joined(separator: " ") + "]" }
            if v.isComputed { line += " computed" }
            if v.hasObservers { line += " observed" }
            if let t = v.enclosingType { line += " in type[\(t)]" }
            if v.isLocal { line += " local" }
            out.append(line)
        }
        for (i, c) in tree.closures.enumerated() {
            var line = "closure[\(i)] @\(loc(c.open))-\(loc(c.close))"
            if !c.captures.isEmpty {
                line += " captures [" + c.captures.map { ($0.specifier == .strong ? "" : $0.specifier.rawValue + " ") + $0.name + ($0.expression != $0.name ? " = " + $0.expression : "") }.joined(separator: ", ") + "]"
            }
            if !c.parameters.isEmpty { line += " params (" + c.parameters.joined(separator: ", ") + ")" }
            if !c.selfUnwraps.isEmpty { line += " unwraps-self @" + c.selfUnwraps.map(loc).joined(separator: ",") }
            let parent = tree.scopes[c.scope].parent.map { describe(tree.scopes[$0].kind) } ?? "-"
            line += " in \(parent)"
            out.append(line)
        }
        for chain in tree.chains where chain.elements.count > 1 || chain.root.isCall {
            var parts: [String] = []
            for element in chain.elements {
                var s = element.name + tree.genericArguments(of: element)
                if element.hasParentheses { s += "(" + element.arguments.map { ($0.label.map { $0 + ": " } ?? "") + ($0.closure.map { "closure[\($0)]" } ?? tree.text($0.value.lowerBound, $0.value.upperBound)) }.joined(separator: ", ") + ")" }
                for trailing in element.trailingClosures { s += " " + (trailing.label.map { $0 + ": " } ?? "") + "{closure[\(trailing.closure)]}" }
                if !element.subscripts.isEmpty { s += "[…]" }
                parts.append(s)
            }
            out.append("chain @\(loc(chain.first)) \(parts.joined(separator: ".")) — \(describe(chain.context, tree))")
        }
        return out.joined(separator: "\n") + (out.isEmpty ? "" : "\n")
    }

    static func describe(_ kind: Scope.Kind) -> String {
        switch kind {
        case .file: return "file"
        case .typeBody(let t): return "type[\(t)]"
        case .functionBody(let f): return "func[\(f)]"
        case .accessorBlock(let v): return "accessors of var[\(v)]"
        case .closure(let c): return "closure[\(c)]"
        case .controlFlow(let word): return word.rawValue
        case .other: return "block"
        }
    }

    static func callDescription(_ open: Int, _ tree: SyntaxTree) -> String {
        if let call = tree.call(openedAt: open) { return tree.chains[call.chain].elements[call.element].name + "(…)" }
        return "(…)"
    }

    static func describe(_ context: ChainContext, _ tree: SyntaxTree) -> String {
        switch context {
        case .statement: return "statement"
        case .discardAssignment: return "discarded (_ =)"
        case .declaration(let v): return "declares var[\(v)] \(tree.variables[v].name)"
        case .assignment(let target, let compound): return (compound ? "compound-assigned to " : "assigned to ") + tree.text(target.lowerBound, target.upperBound)
        case .returned: return "returned"
        case .implicitReturn: return "implicitly returned"
        case .argument(let open): return "argument of " + callDescription(open, tree)
        case .collectionElement: return "collection element"
        case .interpolation: return "interpolation"
        case .other: return "other"
        }
    }
}
