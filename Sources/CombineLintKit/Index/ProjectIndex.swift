/// Declarations of all files, merged by type name: types with their properties, methods,
/// superclass and conformances, extensions from every file included. Built once before rules
/// run (pass 1), read-only after, so rules may ask about another file's declarations.
public struct ProjectIndex: Sendable {
    /// The tables, shared by every copy of the index (rules hand the index to many small values, and
    /// a copy of thirty tables would retain each one); copied on the first change of a shared one.
    private var tables = Tables()
    /// What the app's settings files say (multiple scenes); set by the engine before rules run.
    public var appSettings = AppSettings()

    /// The tables, copied first when another index shares them.
    private mutating func uniqueTables() -> Tables {
        if !isKnownUniquelyReferenced(&tables) { tables = tables.copy() }
        return tables
    }

    /// Types by simple name (the last component of a nested name, and the full dotted name).
    public internal(set) var types: [String: IndexedType] {
        _read { yield tables.types }
        _modify { yield &uniqueTables().types }
    }
    /// The parsed files, in input order.
    public internal(set) var trees: [SyntaxTree] {
        _read { yield tables.trees }
        _modify { yield &uniqueTables().trees }
    }
    /// Where each property name is referenced in a chain (`name`, `self.name`, `$name`, `x.$name`), across files:
    /// only for names that some type declares as `@Published` or as a subject.
    public internal(set) var memberUses: [String: [MemberUse]] {
        _read { yield tables.memberUses }
        _modify { yield &uniqueTables().memberUses }
    }
    /// Every identifier token of the project, by name (backticks removed).
    public internal(set) var identifiers: NamePostings<TokenReference> {
        _read { yield tables.identifiers }
        _modify { yield &uniqueTables().identifiers }
    }
    /// Every chain element of the project, by its name as written (`$posts` for a projection).
    public internal(set) var chainElements: NamePostings<ElementReference> {
        _read { yield tables.chainElements }
        _modify { yield &uniqueTables().chainElements }
    }
    /// Every function, initializer and accessor declaration, by name (`viewWillAppear`, `init`, `get`).
    public internal(set) var functions: NamePostings<DeclarationReference> {
        _read { yield tables.functions }
        _modify { yield &uniqueTables().functions }
    }
    /// Every type declaration and extension, by the last component of its name (`Inner` of `Outer.Inner`).
    public internal(set) var typeDeclarations: NamePostings<DeclarationReference> {
        _read { yield tables.typeDeclarations }
        _modify { yield &uniqueTables().typeDeclarations }
    }
    /// Every `typealias` declaration, by its name: the name's token.
    public internal(set) var typealiasDeclarations: NamePostings<TokenReference> {
        _read { yield tables.typealiasDeclarations }
        _modify { yield &uniqueTables().typealiasDeclarations }
    }
    /// The keys of `types` whose properties include a name, by that name.
    var typesDeclaringProperty: NamePostings<String> {
        _read { yield tables.typesDeclaringProperty }
        _modify { yield &uniqueTables().typesDeclaringProperty }
    }
    /// The names each file mentions, by position in `trees`.
    public internal(set) var vocabularies: [FileVocabulary] {
        _read { yield tables.vocabularies }
        _modify { yield &uniqueTables().vocabularies }
    }
    /// The keys of the types whose inheritance list names a type, by that type's last name component.
    var directSubtypes: [String: [String]] {
        _read { yield tables.directSubtypes }
        _modify { yield &uniqueTables().directSubtypes }
    }
    /// Remembered answers of `inherits(_:from:)` (a cache: it changes no answer).
    var ancestry: AncestryCache {
        _read { yield tables.ancestry }
        _modify { yield &uniqueTables().ancestry }
    }
    /// Answers of `declaresSubjectProperty(named:)`.
    var subjectPropertyNames: NameFlagCache {
        _read { yield tables.subjectPropertyNames }
        _modify { yield &uniqueTables().subjectPropertyNames }
    }
    /// Answers of `declaresComputedProperty(named:)`.
    var computedPropertyNames: NameFlagCache {
        _read { yield tables.computedPropertyNames }
        _modify { yield &uniqueTables().computedPropertyNames }
    }
    /// Answers of `NeverFinishingSources.isNeverFinishingProperty(_:index:)` (a cache, filled as rules ask).
    var neverFinishingPropertyNames: NameFlagCache {
        _read { yield tables.neverFinishingPropertyNames }
        _modify { yield &uniqueTables().neverFinishingPropertyNames }
    }
    /// Answers of `LongLivedObjects.isTestCase(_:index:)` (a cache: rules ask it for every use of a name).
    var testCaseTypeNames: NameFlagCache {
        _read { yield tables.testCaseTypeNames }
        _modify { yield &uniqueTables().testCaseTypeNames }
    }
    /// Each file's position in `trees`, by path.
    public internal(set) var treeIndexByPath: [String: Int] {
        _read { yield tables.treeIndexByPath }
        _modify { yield &uniqueTables().treeIndexByPath }
    }

    /// One chain element naming a member.
    public struct MemberUse: Sendable, Hashable {
        public var tree: Int
        public var chain: Int
        public var element: Int
        /// Written with `$` (the projected publisher of `@Published`).
        public var projected: Bool
    }

    /// The index of already parsed files.
    public init(trees: [SyntaxTree], jobs: Int = Parallel.defaultJobs) {
        // Each file's declarations become entries in parallel, merged in input order as they come.
        let merge = InOrderMerge(files: trees.count, expectedTypes: trees.reduce(0) { $0 + $1.types.count })
        let names = Parallel.map(count: trees.count, jobs: jobs) { i -> FileNames in
            var names = FileNames(of: trees[i], at: i)
            merge.add(IndexEntries(of: trees[i], at: i), keys: names.takeKeys(), ofFile: i)
            return names
        }
        self.init(trees: trees, gathered: merge.finished(), names: names, jobs: jobs)
    }

    /// Parses the files and indexes them: each file's entries are taken right after its tree is
    /// built, by the same worker, while the tree is still in its cache, and merged while later
    /// files are parsed (`InOrderMerge`). The trees are `trees`.
    public init(files: [SourceFile], jobs: Int = Parallel.defaultJobs) {
        self.init(parsed: ProjectIndex.parse(files, jobs: jobs), jobs: jobs)
    }

    /// The files parsed, with each file's part of the index gathered (pass 1, in parallel): what
    /// `init(parsed:jobs:)` builds the project-wide tables from. Two steps, so that a lint run
    /// can time parsing and indexing apart.
    public struct ParsedFiles: Sendable {
        fileprivate let trees: [SyntaxTree]
        fileprivate let gathered: InOrderMerge.Result
        fileprivate let names: [FileNames]
    }

    /// Parses the files and gathers each one's index entries as its tree is built.
    public static func parse(_ files: [SourceFile], jobs: Int = Parallel.defaultJobs) -> ParsedFiles {
        // Apps declare one to three types a file; the merge's table grows past that if needed.
        let merge = InOrderMerge(files: files.count, expectedTypes: files.count * 2)
        let parsed = Parallel.map(count: files.count, jobs: jobs) { i -> (tree: SyntaxTree, names: FileNames) in
            let tree = SyntaxTree(file: files[i])
            var names = FileNames(of: tree, at: i)
            merge.add(IndexEntries(of: tree, at: i), keys: names.takeKeys(), ofFile: i)
            return (tree, names)
        }
        return ParsedFiles(trees: parsed.map(\.tree), gathered: merge.finished(), names: parsed.map(\.names))
    }

    /// The index of parsed files: the project-wide tables from what each file gathered.
    public init(parsed: ParsedFiles, jobs: Int = Parallel.defaultJobs) {
        self.init(trees: parsed.trees, gathered: parsed.gathered, names: parsed.names, jobs: jobs)
    }

    /// The index from the merged entries: the chains are scanned for uses of the observed names
    /// (in parallel), and the uses of the names that stand after the merge are kept.
    private init(trees: [SyntaxTree], gathered: InOrderMerge.Result, names: [FileNames], jobs: Int) {
        self.trees = trees
        for (i, tree) in trees.enumerated() where treeIndexByPath[tree.file.path] == nil { treeIndexByPath[tree.file.path] = i }
        // The four tables are independent: built two at a time on the workers.
        let tables = Parallel.map(count: 4, jobs: jobs) { table -> Any in
            switch table {
            case 0:
                return NamePostings(numbering: gathered.identifiers,
                                    emitEntries: { t, emit in FileNames.identifierReferences(of: trees[t], at: t, emit) })
            case 1:
                return NamePostings(numbering: gathered.elements,
                                    emitEntries: { t, emit in FileNames.elementReferences(of: trees[t], at: t, emit) })
            case 2: return NamePostings(perFile: names.map(\.functions))
            default: return NamePostings(perFile: names.map(\.types))
            }
        }
        vocabularies = names.map(\.vocabulary)
        identifiers = tables[0] as! NamePostings<TokenReference>
        chainElements = tables[1] as! NamePostings<ElementReference>
        functions = tables[2] as! NamePostings<DeclarationReference>
        typeDeclarations = tables[3] as! NamePostings<DeclarationReference>
        typealiasDeclarations = NamePostings(perFile: names.map(\.typealiases))
        types = gathered.merge.types
        for (key, type) in types {
            for entry in type.inheritance { directSubtypes[ProjectIndex.stripGenerics(entry).lastNameComponent, default: []].append(key) }
        }
        var propertyNames: [(key: NameKey, entry: String)] = []
        for (key, type) in types {
            for name in type.properties.keys { propertyNames.append((NameKey(name), key)) }
        }
        typesDeclaringProperty = NamePostings(perFile: [propertyNames])
        let observed = gathered.observed
        let scanner = MemberUseScanner(names: observed.names)
        let scanned = Parallel.map(count: scanner.names.isEmpty ? 0 : trees.count, jobs: jobs) { i in
            scanner.hits(in: trees[i], treeIndex: i)
        }
        // Uses are kept for the names that stand, and for elements the length filter of just those
        // names lets through (as when only they were looked for).
        let standing = observed.standing(after: gathered.merge)
        let lengths = MemberUseScanner.lengthFilter(zip(observed.names, standing).filter(\.1).map(\.0))
        let kept = { (hit: MemberUseScanner.Hit) in standing[hit.name] && lengths[Int(hit.length)] }
        // Counted first, so that each name's list is allocated once at its size (a corpus can
        // hold tens of thousands of uses of a few names).
        var counts = [Int](repeating: 0, count: scanner.names.count)
        for hits in scanned {
            for hit in hits where kept(hit) { counts[hit.name] += 1 }
        }
        var uses = counts.map { count -> [MemberUse] in
            var list: [MemberUse] = []
            list.reserveCapacity(count)
            return list
        }
        for hits in scanned {
            for hit in hits where kept(hit) { uses[hit.name].append(hit.use) }
        }
        for (id, list) in uses.enumerated() where !list.isEmpty { memberUses[scanner.names[id]] = list }
    }

    /// Uses of `@Published` properties and subjects are recorded.
    static func isObserved(_ property: IndexedProperty) -> Bool {
        isPublished(property) || isSubjectType(property)
    }

    /// `property.hasAttribute("Published")` without building its two strings per call.
    private static func isPublished(_ property: IndexedProperty) -> Bool {
        property.attributes.contains { $0 == "@Published" || $0.hasPrefix("@Published(") }
    }

    /// Whether a property's type or initial value names a Combine subject.
    static func isSubjectType(_ property: IndexedProperty) -> Bool {
        namesSubject(property.typeText) || namesSubject(property.initializerText)
    }

    /// Whether a type or initializer text names `CurrentValueSubject` or `PassthroughSubject`.
    static func namesSubject(_ text: String) -> Bool {
        text.utf8.count >= 18 && (text.containsBytes("CurrentValueSubject") || text.containsBytes("PassthroughSubject"))
    }

    /// The type with this name (simple or dotted; the last component is used).
    public func type(named name: String) -> IndexedType? {
        // Generics first: the last component of `Base<Feed.Model>` is not `Model>`.
        types[ProjectIndex.stripGenerics(name).lastNameComponent]
    }

    /// The name before its generic arguments (`Box<Int>` gives `Box`), or the name without
    /// surrounding spaces. Read as bytes: a `Character` search costs far more, and type names
    /// are looked up in every rule.
    static func stripGenerics(_ name: String) -> String {
        let utf8 = name.utf8
        if let angle = utf8.firstIndex(of: UInt8(ascii: "<")) { return String(name[..<angle]) }
        guard let first = utf8.first, let last = utf8.last, isSpace(first) || isSpace(last) else { return name }
        return name.trimmingSpaces
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// A property of a type or of one of its known superclasses (as many as `allAncestors(of:)` reads:
    /// a lookup per use of a name must not walk a chain of thousands of classes).
    public func property(_ name: String, ofType typeName: String) -> IndexedProperty? {
        var current: String? = typeName
        var steps = 0
        while let name0 = current, steps <= ProjectIndex.ancestorsLimit, let type = type(named: name0) {
            if let property = type.properties[name] { return property }
            current = type.firstInherited
            steps += 1
        }
        return nil
    }

    /// The file that declares `property`, with the property's index in its `variables`.
    public func declaration(of property: IndexedProperty) -> (tree: SyntaxTree, variable: Int)? {
        guard let t = treeIndexByPath[property.file], property.variable < trees[t].variables.count else { return nil }
        return (trees[t], property.variable)
    }

    /// The chains the getter of computed `property` returns (`{ subject.eraseToAnyPublisher() }`), by
    /// their index in the declaring file's tree (at `tree` in `trees`); nil when it has no getter.
    public func chainsReturnedByGetter(of property: IndexedProperty) -> (tree: Int, chains: [Int])? {
        guard property.isComputed, let t = treeIndexByPath[property.file], property.variable < trees[t].variables.count,
              let getter = trees[t].getter(ofVariable: property.variable) else { return nil }
        return (t, trees[t].returnedChainIndices(ofFunction: getter))
    }

    /// Whether `typeName` inherits from or conforms to `ancestor`, directly or through known types.
    public func inherits(_ typeName: String, from ancestor: String) -> Bool {
        // A search over the inheritance entries, which stops at types already answered. When it
        // fails, no project type it read reaches `ancestor` (it read all their ancestors); when it
        // succeeds, every type on the way from `typeName` to the match does.
        let start = ProjectIndex.stripGenerics(typeName)
        // Most questions were answered before (rules ask for each use of a name): no search state.
        if let known = ancestry.answer(.init(type: start, ancestor: ancestor)) { return known }
        var seen: Set<String> = [start]
        var cameFrom: [String: String] = [:]
        var queue = [start]
        // Only project types are searched and remembered: a framework type (`UIViewController`)
        // has no known ancestors, and asking the shared cache about it costs a lock and two hashes.
        var searched: [String] = []
        while let key = queue.popLast() {
            // Keys are stripped of generics already (the start above, the bases below).
            guard let inheritance = types[key.lastNameComponent]?.inheritance else { continue }
            if key != start, let known = ancestry.answer(.init(type: key, ancestor: ancestor)) {
                if known { return recordPath(to: key, cameFrom: cameFrom, ancestor: ancestor) }
                continue
            }
            searched.append(key)
            for item in inheritance {
                for base in bases(ofEntry: item) {
                    if ProjectIndex.names(base, ancestor) { return recordPath(to: key, cameFrom: cameFrom, ancestor: ancestor) }
                    if seen.insert(base).inserted {
                        cameFrom[base] = key
                        queue.append(base)
                    }
                }
            }
        }
        if searched.first != start { searched.append(start) }
        ancestry.record(false, for: searched, ancestor: ancestor)
        return false
    }

    /// What an inheritance entry stands for, generics stripped: itself, or, for a name that no type of
    /// the project has but a `typealias` does, every type its declarations name: one per platform
    /// (`typealias PlatformAppDelegate = UIApplicationDelegate` and `= NSApplicationDelegate` in the
    /// branches of an `#if`), each part of a composition (`typealias Services = Loading & Saving`).
    func bases(ofEntry entry: String) -> [String] {
        let base = ProjectIndex.stripGenerics(entry)
        let name = base.lastNameComponent
        guard types[name] == nil, !typealiasDeclarations[name].isEmpty else { return [base] }
        let targets = typealiasTargets(of: name).flatMap { target in
            target.split(separator: "&").map { ProjectIndex.stripGenerics(String($0).trimmingSpaces) }
        }
        return targets.isEmpty || targets.contains(base) ? [base] : targets
    }

    /// Whether an inheritance entry (generics stripped) names `ancestor`: the same name, or a
    /// qualified one ending in it (`UIKit.UITableViewCell`). Compared as bytes, without building
    /// `"." + ancestor` for each entry.
    static func names(_ base: String, _ ancestor: String) -> Bool {
        if base == ancestor { return true }
        let b = base.utf8, a = ancestor.utf8
        guard b.count > a.count, b.last == a.last else { return false }
        let dot = b.index(b.endIndex, offsetBy: -(a.count + 1))
        return b[dot] == UInt8(ascii: ".") && b[b.index(after: dot)...].elementsEqual(a)
    }

    /// Whether two types can be the type of one object: the same name, or one inherits from or
    /// conforms to the other (directly or through known types).
    public func areRelated(_ a: String, _ b: String) -> Bool {
        a == b || inherits(a, from: b) || inherits(b, from: a)
    }

    /// Whether more than one type declaration of the project (extensions aside) has this simple
    /// name: then what `types` merged under the name may come from another of them.
    public func declaresSeveralTypes(named name: String) -> Bool {
        typeDeclarations[name].lazy.filter { self.trees[$0.tree].types[$0.item].kind != .extension }.dropFirst().first != nil
    }

    /// The simple names for which `areRelated(_:name)` holds: `name` itself, the types it inherits
    /// from or conforms to, and the types that inherit from or conform to it, directly or through
    /// known types. A lookup of those, rather than a relation test against each of the project's
    /// types, keeps questions about one of thousands of same-named members linear.
    public func relatedTypes(of name: String) -> Set<String> {
        var related: Set<String> = [name]
        for ancestor in allAncestors(of: name) { related.insert(ancestor.lastNameComponent) }
        for subtype in subtypes(of: name) { related.insert(subtype.lastNameComponent) }
        return related
    }

    /// Records that `key` and the types through which the search reached it inherit from `ancestor`.
    private func recordPath(to key: String, cameFrom: [String: String], ancestor: String) -> Bool {
        var path = [key]
        var current = key
        while let previous = cameFrom[current], path.count <= cameFrom.count {
            path.append(previous)
            current = previous
        }
        ancestry.record(true, for: path, ancestor: ancestor)
        return true
    }

    /// The names of the types whose inheritance clause names `name` (by its last component).
    public func directSubtypes(of name: String) -> [String] { directSubtypes[name] ?? [] }

    /// The keys of every type that inherits from or conforms to `name` (a simple name), directly
    /// or through known types: the types for which `inherits(_:from: name)` holds, in no order.
    public func subtypes(of name: String) -> [String] {
        var seen = Set<String>()
        var queue = directSubtypes[name] ?? []
        while let next = queue.popLast() {
            guard seen.insert(next).inserted else { continue }
            queue.append(contentsOf: directSubtypes[next] ?? [])
        }
        return Array(seen)
    }

    /// The keys of the types that inherit from or conform to `name`, nearest first (by breadth), at
    /// most `limit` of them: a question asked for each of thousands of classes in one chain must not
    /// walk the whole chain each time.
    public func subtypes(of name: String, limit: Int) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        var queue = directSubtypes[name] ?? []
        var head = 0
        while head < queue.count, result.count < limit {
            let next = queue[head]
            head += 1
            guard seen.insert(next).inserted else { continue }
            result.append(next)
            queue.append(contentsOf: directSubtypes[next] ?? [])
        }
        return result
    }

    /// As `allAncestors(of:)`, at most `limit` names, nearest first.
    public func allAncestors(of typeName: String, limit: Int) -> [String] {
        var result: [String] = []
        var seen = Set<String>()
        var queue = [typeName]
        var head = 0
        while head < queue.count, result.count < limit {
            let next = ProjectIndex.stripGenerics(queue[head])
            head += 1
            guard seen.insert(next).inserted, let type = type(named: next) else { continue }
            for item in type.inheritance {
                for base in bases(ofEntry: item) where result.count < limit {
                    result.append(base)
                    queue.append(base)
                }
            }
        }
        return result
    }

    /// The inheritance names of a type and its known ancestors, nearest first: at most
    /// `ancestorsLimit` of them, far more than real hierarchies have, so that each of thousands of
    /// classes in one generated chain asking for its ancestors does not walk the whole chain.
    public func allAncestors(of typeName: String) -> [String] {
        allAncestors(of: typeName, limit: ProjectIndex.ancestorsLimit)
    }

    /// How many ancestors `allAncestors(of:)` reads at most.
    static let ancestorsLimit = 64
}

extension String {
    /// Substring search on UTF-8 bytes (Foundation's `contains` goes through NSString on Linux,
    /// which is slow on the indexing path).
    func containsBytes(_ needle: StaticString) -> Bool {
        // Read in place (a native string is contiguous; others are copied once by `withUTF8`).
        var text = self
        return text.withUTF8 { ByteSearch.contains(needle, in: $0, range: 0..<$0.count) }
    }

    /// The string without leading and trailing spaces, tabs and line breaks.
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\n" || f == "\r" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\n" || l == "\r" { s.removeLast() }
        return String(s)
    }
}
