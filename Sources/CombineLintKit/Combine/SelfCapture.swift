/// Whether a closure holds `self` strongly, by Swift's capture rules.
public enum SelfCapture {
    /// The token that makes closure `c` capture `self` strongly, or `nil` when it does not:
    /// - `[weak self]` / `[unowned self]` on `c`: not strong;
    /// - an explicit `[self]`, or a strong alias `[strongSelf = self]`: strong (the `self` token);
    /// - otherwise any use of `self` in the body, nested closures included (a nested closure's own
    ///   `[weak self]` is evaluated inside `c`, so `c` must hold `self` to hand it over), unless an
    ///   enclosing closure captured `self` weakly and did not make it strong again
    ///   (`guard let self`) before `c` was created.
    public static func strongSelfToken(in c: Int, of tree: SyntaxTree) -> Int? {
        let closure = tree.closures[c]
        let token: Int
        if let alias = strongAliasToken(of: closure, in: tree) {
            // `[weak self, strongSelf = self]` still holds `self` through the alias.
            token = alias
        } else if closure.capturesSelfWeakly {
            return nil
        } else if let capture = closure.selfCapture, capture.specifier == .strong {
            token = capture.nameToken
        } else if let first = tree.firstSelfReference(in: c) {
            token = first
        } else {
            return nil
        }
        return selfIsStrong(at: closure.open, in: tree) ? token : nil
    }

    /// The `self` token of a strong capture `[name = self]` in the closure's capture list.
    private static func strongAliasToken(of closure: Closure, in tree: SyntaxTree) -> Int? {
        for capture in closure.captures where capture.specifier == .strong && capture.name != "self" && capture.expression == "self" {
            var k = capture.nameToken + 1
            while k < closure.bodyStart, k < tree.tokens.count {
                if tree.isSelfReference(k) { return k }
                if tree.tokens[k].kind == .comma { break }
                k += 1
            }
        }
        return nil
    }

    /// Whether `self` names a strong reference at token `position`: outside any closure, in
    /// closures that hold it strongly, or after a `guard let self` that covers it in a closure
    /// between it and the nearest weak capture (`[weak self] in … { guard let self … { here } }`).
    public static func selfIsStrong(at position: Int, in tree: SyntaxTree) -> Bool {
        guard var o = tree.innermostClosure(of: position) else { return true }
        if tree.closures[o].open == position {
            guard let parent = tree.parentClosure(of: o) else { return true }
            o = parent
        }
        // Only closures that bind `self` anew decide; those between hold it as they got it.
        var next: Int? = tree.closures[o].bindsSelfAnew ? o : tree.selfBindingAncestor(of: o)
        while let c = next {
            if unwrapCovers(position, in: c, of: tree) { return true }
            if tree.closures[c].capturesSelfWeakly { return false }
            next = tree.selfBindingAncestor(of: c)
        }
        return true
    }

    /// Whether an unwrap of `self` in closure c's own body (`guard let self`, `if let self { … }`)
    /// comes before `position` and its scope holds it.
    private static func unwrapCovers(_ position: Int, in c: Int, of tree: SyntaxTree) -> Bool {
        let closure = tree.closures[c]
        for unwrap in closure.selfUnwraps where unwrap < position {
            let unwrapScope = tree.scopes[Int(tree.scopeOfToken[unwrap])]
            if unwrapScope.contains(position) || Int(tree.scopeOfToken[unwrap]) == closure.scope {
                // `if let self { … }` covers its body only: the unwrap's statement braces.
                if isIfUnwrap(unwrap, in: tree) {
                    if let body = ifBody(after: unwrap, in: tree), body.contains(position) { return true }
                    continue
                }
                return true
            }
        }
        return false
    }

    private static func isIfUnwrap(_ unwrap: Int, in tree: SyntaxTree) -> Bool {
        var k = unwrap - 1
        while k >= 0, k > unwrap - 40 {
            if tree.isWord(k, "if") || tree.isWord(k, "while") { return true }
            if tree.isWord(k, "guard") { return false }
            if tree.statementStarts[k] { return false }
            k -= 1
        }
        return false
    }

    /// The scope of the `{ … }` body that follows an `if let self` condition.
    private static func ifBody(after unwrap: Int, in tree: SyntaxTree) -> Scope? {
        var k = unwrap + 1
        let level = tree.enclosing[unwrap]
        while k < tree.tokens.count {
            if tree.tokens[k].kind == .leftBrace, tree.enclosing[k] == level {
                let scope = tree.scopes[Int(tree.scopeOfToken[k])]
                if case .controlFlow = scope.kind { return scope }
            }
            if tree.tokens[k].kind == .rightBrace, tree.enclosing[k] < level { return nil }
            k += 1
        }
        return nil
    }

    /// Whether code at `token` belongs to a reference type (class or actor, or an extension of one):
    /// only there can `self` take part in a retain cycle. Unknown extended types count as classes.
    public static func isInReferenceType(_ token: Int, of tree: SyntaxTree, index: ProjectIndex) -> Bool {
        guard let t = tree.enclosingType(of: token) else { return false }
        let type = tree.types[t]
        switch type.kind {
        case .class, .actor: return true
        case .struct, .enum, .protocol: return false
        case .extension:
            guard let known = index.type(named: type.name) else { return true }
            switch known.kind {
            case .struct, .enum: return false
            // A protocol extension: `self` is an object when the protocol is class-bound
            // (`: AnyObject`, `: SomeClass`) or the extension says `where Self: SomeClass`.
            case .protocol: return isClassBound(type.name, index: index) || constrainsSelfToClass(t, in: tree, index: index)
            default: return true
            }
        }
    }

    /// A protocol that only classes can adopt: it inherits `AnyObject`, `class`, a class, or such a protocol.
    static func isClassBound(_ name: String, index: ProjectIndex) -> Bool {
        var seen = Set<String>()
        var queue = [name]
        while let next = queue.popLast() {
            guard seen.insert(next).inserted, let type = index.type(named: next) else { continue }
            for item in type.inheritance {
                let base = ProjectIndex.stripGenerics(item)
                if isClassName(base, index: index) { return true }
                if index.type(named: base)?.kind == .protocol { queue.append(base) }
            }
        }
        return false
    }

    /// `extension P where Self: UIViewController` (or `Self: AnyObject`, a project class).
    static func constrainsSelfToClass(_ t: Int, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        let type = tree.types[t]
        guard let open = type.bodyOpen else { return false }
        var k = type.nameToken
        while k + 2 < open {
            if tree.tokenIs(k, "Self"), tree.tokens[k + 1].kind == .colon, isClassName(tree.name(k + 2), index: index) { return true }
            k += 1
        }
        return false
    }

    /// `AnyObject`, `class`, a class the project declares, or a UIKit/AppKit class by its prefix.
    static func isClassName(_ name: String, index: ProjectIndex) -> Bool {
        if name == "AnyObject" || name == "class" || name == "NSObjectProtocol" { return true }
        if let known = index.type(named: name) { return known.kind == .class || known.kind == .actor }
        let platformPrefix = name.hasPrefix("UI") || name.hasPrefix("NS")
        let protocolSuffix = Catalogue.platformProtocolSuffixes.contains { name.hasSuffix($0) }
        return platformPrefix && !protocolSuffix
    }
}
