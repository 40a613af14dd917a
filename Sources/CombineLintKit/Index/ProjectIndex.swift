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
    /// Methods called on other objects from SwiftUI `.onAppear`/`.task` closures, by method name.
    public private(set) var appearanceCalls: [String: [AppearanceCall]] = [:]

    /// One chain element naming a member.
    public struct MemberUse: Sendable, Hashable {
        public var tree: Int
        public var chain: Int
        public var element: Int
        /// Written with `$` (the projected publisher of `@Published`).
        public var projected: Bool
    }

    public init(trees: [SyntaxTree], jobs: Int = Parallel.defaultJobs) {
        self.trees = trees
        // Each file's declarations become entries in parallel; merging them in input order keeps
        // the result the same whatever the number of workers.
        let perFile = Parallel.map(count: trees.count, jobs: jobs) { ProjectIndex.entries(of: trees[$0]) }
        for entries in perFile {
            for (key, entry) in entries {
                if types[key] == nil {
                    types[key] = entry
                } else {
                    ProjectIndex.combine(entry, into: &types[key]!)
                }
            }
        }
        collectMemberUses(jobs: jobs)
        let calls = Parallel.map(count: trees.count, jobs: jobs) { AppearanceCalls.collect(in: trees[$0], treeIndex: $0) }
        for perFile in calls {
            for (name, call) in perFile { appearanceCalls[name, default: []].append(call) }
        }
    }

    /// One file's types, each as an entry of its own (in declaration order).
    private static func entries(of tree: SyntaxTree) -> [(String, IndexedType)] {
        tree.types.map { type in
            let key = type.name.split(separator: ".").last.map(String.init) ?? type.name
            var entry = IndexedType(name: key, kind: type.kind, inheritance: [], attributes: [], properties: [:], methods: [], files: [])
            fill(&entry, from: type, of: tree)
            return (key, entry)
        }
    }

    /// Folds a later declaration or extension of the same name into an entry.
    private static func combine(_ other: IndexedType, into entry: inout IndexedType) {
        if entry.kind == .extension && other.kind != .extension { entry.kind = other.kind }
        if other.kind != .extension {
            entry.inheritance = other.inheritance + entry.inheritance.filter { !other.inheritance.contains($0) }
        } else {
            for item in other.inheritance where !entry.inheritance.contains(item) { entry.inheritance.append(item) }
        }
        entry.attributes += other.attributes
        // Files arrive in input order, so a repeat can only be the last one (no quadratic scan
        // for a type extended in thousands of files).
        for file in other.files where entry.files.last != file { entry.files.append(file) }
        for (name, property) in other.properties { entry.properties[name] = property }
        entry.methods.formUnion(other.methods)
        entry.isDeclaredAtTopLevel = entry.isDeclaredAtTopLevel || other.isDeclaredAtTopLevel
    }

    /// A fresh entry for one declaration (its merge with the others happens in `combine`).
    private static func fill(_ entry: inout IndexedType, from type: TypeDecl, of tree: SyntaxTree) {
        entry.inheritance = type.inheritance
        entry.attributes = type.attributes
        entry.files = [tree.file.path]
        entry.isDeclaredAtTopLevel = type.kind != .extension && type.parentType == nil && !type.isLocal
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

    private mutating func collectMemberUses(jobs: Int) {
        var names = Set<String>()
        for type in types.values {
            for property in type.properties.values where property.hasAttribute("Published") || ProjectIndex.isSubjectType(property) {
                names.insert(property.name)
            }
        }
        guard !names.isEmpty else { return }
        // Most element names are no property of interest: a length check skips the hashing.
        var lengths = [Bool](repeating: false, count: 66)
        for name in names where name.utf8.count < 64 { lengths[name.utf8.count] = true; lengths[name.utf8.count + 1] = true }
        let trees = self.trees
        let perFile = Parallel.map(count: trees.count, jobs: jobs) { t -> [(String, MemberUse)] in
            var uses: [(String, MemberUse)] = []
            for (c, chain) in trees[t].chains.enumerated() {
                for (e, element) in chain.elements.enumerated() where !element.isCall {
                    let length = element.name.utf8.count
                    guard length < 66, lengths[length] else { continue }
                    let projected = element.name.utf8.first == UInt8(ascii: "$")
                    let name = projected ? String(element.name.dropFirst()) : element.name
                    if names.contains(name) {
                        uses.append((name, MemberUse(tree: t, chain: c, element: e, projected: projected)))
                    }
                }
            }
            return uses
        }
        for uses in perFile {
            for (name, use) in uses { memberUses[name, default: []].append(use) }
        }
    }

    /// Whether a property's type or initial value names a Combine subject.
    static func isSubjectType(_ property: IndexedProperty) -> Bool {
        for text in [property.typeText, property.initializerText] where text.utf8.count >= 18 {
            if text.containsBytes("CurrentValueSubject") || text.containsBytes("PassthroughSubject") { return true }
        }
        return false
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
    /// Substring search on UTF-8 bytes (Foundation's `contains` goes through NSString on Linux,
    /// which is slow on the indexing path).
    func containsBytes(_ needle: String) -> Bool {
        let h = Array(utf8), n = Array(needle.utf8)
        guard !n.isEmpty, h.count >= n.count else { return n.isEmpty }
        var i = 0
        while i <= h.count - n.count {
            if h[i] == n[0] {
                var j = 1
                while j < n.count && h[i + j] == n[j] { j += 1 }
                if j == n.count { return true }
            }
            i += 1
        }
        return false
    }

    /// The string without leading and trailing spaces, tabs and line breaks.
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\n" || f == "\r" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\n" || l == "\r" { s.removeLast() }
        return String(s)
    }
}
