/// Cross-file questions answered from the index's tables, in time proportional to the answer.
extension ProjectIndex {
    /// The names the file at `path` mentions (`everything` for a file the index does not hold).
    public func vocabulary(ofFile path: String) -> FileVocabulary {
        guard let t = treeIndexByPath[path], t < vocabularies.count else { return .everything }
        return vocabularies[t]
    }

    /// The positions in `trees` of the files that declare or extend the type `typeName`, in input order.
    public func treeIndices(declaring typeName: String) -> [Int] {
        guard let files = type(named: typeName)?.files else { return [] }
        var seen = Set<Int>()
        return files.compactMap { treeIndexByPath[$0] }.filter { seen.insert($0).inserted }.sorted()
    }

    /// The declarations of functions named `name` in the types of simple name `typeName` and their
    /// extensions, in input order: read from the files of those types only (a method name such as
    /// `update` may be declared in every type of the project).
    public func functions(named name: String, inTypesNamed typeName: String) -> [DeclarationReference] {
        let declared = functions[name]
        guard !declared.isEmpty else { return [] }
        return treeIndices(declaring: typeName).flatMap { t in
            declared.entries(inTree: t).filter { reference in
                let tree = trees[t]
                return tree.functions[reference.item].enclosingType.map { tree.types[$0].name.lastNameComponent == typeName } ?? false
            }
        }
    }

    /// Every declaration and extension whose name is `name` as written (`Feed`, `Feed.Cell`), in input order.
    public func typeDeclarations(named name: String) -> [DeclarationReference] {
        typeDeclarations[name.lastNameComponent].filter { trees[$0.tree].types[$0.item].name == name }
    }

    /// The properties named `name` in any type of the project (as the merge left them).
    /// Whether more than one type declares a property of this name (without copying them).
    public func declaresPropertyInSeveralTypes(named name: String) -> Bool {
        typesDeclaringProperty[name].count > 1
    }

    public func properties(named name: String) -> [IndexedProperty] {
        typesDeclaringProperty[name].compactMap { types[$0]?.properties[name] }
    }

    /// Whether some type of the project declares a property of this name whose type or initial
    /// value names a subject (`let events = PassthroughSubject<…>()`). Answered once per name.
    public func declaresSubjectProperty(named name: String) -> Bool {
        subjectPropertyNames.answer(name) {
            typesDeclaringProperty[name].contains { key in types[key]?.properties[name].map(ProjectIndex.isSubjectType) ?? false }
        }
    }

    /// Whether some type of the project declares a computed property of this name. Answered once
    /// per name: asked for each use of a name, a list of its thousand declarations would be built
    /// each time.
    public func declaresComputedProperty(named name: String) -> Bool {
        computedPropertyNames.answer(name) {
            typesDeclaringProperty[name].contains { key in types[key]?.properties[name]?.isComputed ?? false }
        }
    }

    /// The type that the typealias `name` stands for, as written (`UICollectionViewDiffableDataSource<Section, Row>`
    /// for `typealias DataSource = …`), when every declaration of that name in the project says the
    /// same; nil when there is none, or when two say different things (nested aliases of one name).
    public func typealiasTarget(of name: String) -> String? {
        let targets = typealiasTargets(of: name)
        guard let first = targets.first, targets.allSatisfy({ $0 == first }) else { return nil }
        return first
    }

    /// What each `typealias` declaration of `name` in the project stands for, as written, in input
    /// order: nested aliases of one name (`typealias DataSource = …` in several screens) may differ.
    /// Empty when there is none, or when one cannot be read.
    public func typealiasTargets(of name: String) -> [String] {
        var found: [String] = []
        for reference in typealiasDeclarations[name] {
            let tree = trees[reference.tree]
            var k = reference.token + 1
            // A generic alias: `typealias Handler<T> = (T) -> Void`.
            if k < tree.tokens.count, tree.tokenIs(k, "<") {
                while k < tree.tokens.count, !tree.tokenIs(k, ">") { k += 1 }
                k += 1
            }
            guard k + 1 < tree.tokens.count, tree.tokens[k].kind == .equal else { return [] }
            // A type has no statement, brace or semicolon in it: the first of those ends it.
            var end = k + 1
            while end + 1 < tree.tokens.count, !tree.statementStarts[end + 1],
                  ![.leftBrace, .rightBrace, .semicolon].contains(tree.tokens[end + 1].kind) { end += 1 }
            found.append(tree.text(k + 1, end))
        }
        return found
    }

    /// Whether any file assigns `name` (`name = …`, `x.name = …`, `name += …`) or passes it `inout`
    /// (`&name`), other than at a declaration (`var name = …`).
    public func isAssigned(_ name: String) -> Bool {
        for ref in identifiers[name] {
            let tree = trees[ref.tree]
            let k = ref.token
            guard tree.tokenIs(k, name) else { continue }
            if k > 0, tree.tokens[k - 1].kind == .ampersand { return true }
            guard k + 1 < tree.tokens.count else { continue }
            let next = tree.tokens[k + 1].kind
            let assigns = next == .equal || (next == .operator && tree.isCompoundAssignment(k + 1))
            if assigns, !(k > 0 && (tree.isWord(k - 1, "var") || tree.isWord(k - 1, "let"))) { return true }
        }
        return false
    }

    /// The project's classes that `typeName` inherits from, nearest first, at most `limit` of them:
    /// real hierarchies are a few levels deep, and a walk per type up a chain of ten thousand classes
    /// would be quadratic.
    public func superclasses(of typeName: String, limit: Int) -> [String] {
        var result: [String] = []
        var seen: Set<String> = [typeName]
        var current = type(named: typeName)
        while result.count < limit, let parent = current?.firstInherited {
            let simple = ProjectIndex.stripGenerics(parent).lastNameComponent
            guard seen.insert(simple).inserted, let next = type(named: simple), next.kind == .class else { break }
            result.append(simple)
            current = next
        }
        return result
    }
}
