/// Declarations of all files, merged by type name: types with their properties, methods,
/// superclass and conformances, extensions from every file included. Built once before rules
/// run (pass 1), read-only after, so rules may ask about another file's declarations.
public struct ProjectIndex: Sendable {
    /// Types by simple name (the last component of a nested name, and the full dotted name).
    public private(set) var types: [String: IndexedType] = [:]
    /// The parsed files, in input order.
    public let trees: [SyntaxTree]
    /// Where each property name is referenced in a chain (`name`, `self.name`, `$name`, `x.$name`), across files:
    /// only for names that some type declares as `@Published` or as a subject.
    public private(set) var memberUses: [String: [MemberUse]] = [:]

    /// One chain element naming a member.
    public struct MemberUse: Sendable, Hashable {
        public var tree: Int
        public var chain: Int
        public var element: Int
        /// Written with `$` (the projected publisher of `@Published`).
        public var projected: Bool
    }

    public init(trees: [SyntaxTree]) {
        self.trees = trees
        for tree in trees { add(tree) }
        collectMemberUses()
    }

    private mutating func add(_ tree: SyntaxTree) {
        for type in tree.types {
            let key = type.name.split(separator: ".").last.map(String.init) ?? type.name
            // Mutate the stored entry in place: a copy taken out and written back would copy its
            // property table on every declaration (copy-on-write with two owners).
            let fresh = IndexedType(name: key, kind: type.kind, inheritance: [], attributes: [], properties: [:], methods: [], files: [])
            ProjectIndex.merge(type, of: tree, into: &types[key, default: fresh])
        }
    }

    private static func merge(_ type: TypeDecl, of tree: SyntaxTree, into entry: inout IndexedType) {
        if entry.kind == .extension && type.kind != .extension { entry.kind = type.kind }
        if type.kind != .extension {
            // The primary declaration's list comes first: its head is the superclass.
            entry.inheritance = type.inheritance + entry.inheritance.filter { !type.inheritance.contains($0) }
        } else {
            for item in type.inheritance where !entry.inheritance.contains(item) { entry.inheritance.append(item) }
        }
        entry.attributes += type.attributes
        if !entry.files.contains(tree.file.path) { entry.files.append(tree.file.path) }
        for v in type.variables {
            let variable = tree.variables[v]
            entry.properties[variable.name] = IndexedProperty(
                name: variable.name, typeText: variable.typeText, attributes: variable.attributes, modifiers: variable.modifiers,
                isLet: variable.isLet, isStatic: variable.isStatic, isComputed: variable.isComputed,
                initializerText: initializerText(variable, in: tree),
                file: tree.file.path, line: tree.line(of: variable.nameToken))
        }
        for f in type.functions where tree.functions[f].kind == .function {
            entry.methods.insert(tree.functions[f].name)
        }
    }

    /// The start of an initial value: enough to tell its type (`Foo(…)`, `CurrentValueSubject<…>(nil)`)
    /// without copying a long closure body into the index.
    private static func initializerText(_ variable: VariableDecl, in tree: SyntaxTree) -> String {
        guard let range = variable.initializer else { return "" }
        return tree.text(range.lowerBound, min(range.upperBound, range.lowerBound + 48))
    }

    private mutating func collectMemberUses() {
        var names = Set<String>()
        for type in types.values {
            for property in type.properties.values where property.hasAttribute("Published") || ProjectIndex.isSubjectType(property) {
                names.insert(property.name)
            }
        }
        guard !names.isEmpty else { return }
        for (t, tree) in trees.enumerated() {
            for (c, chain) in tree.chains.enumerated() {
                for (e, element) in chain.elements.enumerated() {
                    var name = element.name
                    var projected = false
                    if name.hasPrefix("$") {
                        name.removeFirst()
                        projected = true
                    }
                    if names.contains(name) {
                        memberUses[name, default: []].append(MemberUse(tree: t, chain: c, element: e, projected: projected))
                    }
                }
            }
        }
    }

    /// Whether a property's type or initial value names a Combine subject.
    static func isSubjectType(_ property: IndexedProperty) -> Bool {
        let text = property.typeText + " " + property.initializerText
        return text.contains("CurrentValueSubject") || text.contains("PassthroughSubject")
    }

    /// The type with this name (simple or dotted; the last component is used).
    public func type(named name: String) -> IndexedType? {
        let key = name.split(separator: ".").last.map(String.init) ?? name
        return types[ProjectIndex.stripGenerics(key)]
    }

    static func stripGenerics(_ name: String) -> String {
        if let angle = name.firstIndex(of: "<") { return String(name[..<angle]) }
        return name.trimmingSpaces
    }

    /// A property of a type or of one of its known superclasses.
    public func property(_ name: String, ofType typeName: String) -> IndexedProperty? {
        var seen = Set<String>()
        var current: String? = typeName
        while let name0 = current, seen.insert(name0).inserted, let type = type(named: name0) {
            if let property = type.properties[name] { return property }
            current = type.firstInherited
        }
        return nil
    }

    /// Whether `typeName` inherits from or conforms to `ancestor`, directly or through known types.
    public func inherits(_ typeName: String, from ancestor: String) -> Bool {
        var seen = Set<String>()
        var queue = [typeName]
        while let next = queue.popLast() {
            let key = ProjectIndex.stripGenerics(next)
            guard seen.insert(key).inserted else { continue }
            guard let type = type(named: key) else { continue }
            for item in type.inheritance {
                let base = ProjectIndex.stripGenerics(item)
                if base == ancestor || base.hasSuffix("." + ancestor) { return true }
                queue.append(base)
            }
        }
        return false
    }

    /// The inheritance names of a type and its known ancestors, nearest first.
    public func allAncestors(of typeName: String) -> [String] {
        var result: [String] = []
        var seen = Set<String>()
        var queue = [typeName]
        while !queue.isEmpty {
            let next = ProjectIndex.stripGenerics(queue.removeFirst())
            guard seen.insert(next).inserted, let type = type(named: next) else { continue }
            for item in type.inheritance {
                let base = ProjectIndex.stripGenerics(item)
                result.append(base)
                queue.append(base)
            }
        }
        return result
    }
}

extension String {
    /// The string without leading and trailing spaces, tabs and line breaks.
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\n" || f == "\r" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\n" || l == "\r" { s.removeLast() }
        return String(s)
    }
}
