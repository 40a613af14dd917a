/// One file's contribution to the project index: an entry per type declaration or extension, and
/// its SwiftUI appearance calls, built without looking at other files (so files are done in parallel).
struct IndexEntries: Sendable {
    /// A property whose uses the index records (`@Published`, or a subject), by its type's key.
    struct Observed: Sendable {
        var type: String
        var name: String
    }

    /// The file's types, each as an entry of its own, last declared first (the merge takes them
    /// from the end); an entry's `name` is its key.
    var types: [IndexedType] = []
    /// The observed properties among the entries' (after repeats within an entry), in no particular order.
    /// Told apart here, while each declaration is at hand, rather than by a walk over the merged index.
    var observed: [Observed] = []

    /// Methods called on other objects from the file's SwiftUI appearance closures, by method name.

    /// The entries of file `index` of the project (a borrowed value: its fields are read in place).
    init(of tree: SyntaxTree, at index: Int) {
        self.init(types: tree.types, variables: tree.variables, functions: tree.functions, tokens: tree.tokens, file: tree.file)
    }

    private init(types: [TypeDecl], variables: [VariableDecl], functions: [FunctionDecl], tokens: [Token], file: SourceFile) {
        guard !types.isEmpty else { return }
        let tree = Declarations(types: types, variables: variables, functions: functions, tokens: tokens, file: file)
        self.types.reserveCapacity(types.count)
        for t in types.indices.reversed() {
            self.types.append(entry(for: t, of: tree))
        }
    }

    /// The parts of a syntax tree that the entries come from.
    private struct Declarations {
        let types: [TypeDecl]
        let variables: [VariableDecl]
        let functions: [FunctionDecl]
        let tokens: [Token]
        let file: SourceFile
        /// One reader for the file (made per call, it would retain the shared word tables each time).
        let reader: TokenText
        /// `[file.path]`, one array that every entry of the file shares.
        let files: [String]

        init(types: [TypeDecl], variables: [VariableDecl], functions: [FunctionDecl], tokens: [Token], file: SourceFile) {
            self.types = types
            self.variables = variables
            self.functions = functions
            self.tokens = tokens
            self.file = file
            reader = TokenText(bytes: file.bytes, tokens: tokens)
            files = [file.path]
        }

        /// 1-based line of code token i (as `SyntaxTree.line(of:)`).
        func line(of i: Int) -> Int { file.lineIndex(ofOffset: tokens[i].startOffset) + 1 }
        /// As `SyntaxTree.text(_:_:)`.
        func text(_ first: Int, _ last: Int) -> String { reader.joined(first, last) }
    }

    /// A fresh entry for one declaration (its merge with the others happens in `ProjectIndex`).
    /// Fields are read in place: copying a whole declaration would retain all its strings and arrays.
    private mutating func entry(for t: Int, of tree: Declarations) -> IndexedType {
        let key = tree.types[t].name.lastNameComponent
        let path = tree.file.path
        let variables = tree.types[t].variables
        // Sized up front: growing by doubling rehashes every name again.
        var properties = [String: IndexedProperty](minimumCapacity: variables.count)
        let observedBefore = observed.count
        for v in variables {
            let name = tree.variables[v].name
            let property = IndexedProperty(
                name: name, typeText: tree.variables[v].typeText,
                attributes: tree.variables[v].attributes, modifiers: tree.variables[v].modifiers,
                isLet: tree.variables[v].isLet, isStatic: tree.variables[v].isStatic, isComputed: tree.variables[v].isComputed,
                initializerText: IndexEntries.initializerText(tree.variables[v].initializer, in: tree),
                file: path, line: tree.line(of: tree.variables[v].nameToken), variable: v)
            let isObserved = ProjectIndex.isObserved(property)
            let count = properties.count
            properties[name] = consume property
            if properties.count == count {
                // A repeated name: the later declaration stands.
                if let i = observed[observedBefore...].firstIndex(where: { $0.name == name }) { observed.remove(at: i) }
            }
            if isObserved { observed.append(Observed(type: key, name: name)) }
        }
        let functions = tree.types[t].functions
        // Sized for the methods alone: a type of initializers and accessors allocates no set.
        var methodCount = 0
        for f in functions where tree.functions[f].kind == .function { methodCount += 1 }
        var methods = Set<String>(minimumCapacity: methodCount)
        for f in functions where tree.functions[f].kind == .function {
            methods.insert(tree.functions[f].name)
        }
        let kind = tree.types[t].kind
        return IndexedType(name: key, kind: kind, inheritance: tree.types[t].inheritance,
                           attributes: tree.types[t].attributes, properties: properties, methods: methods, files: tree.files,
                           isDeclaredAtTopLevel: kind != .extension && tree.types[t].parentType == nil && !tree.types[t].isLocal,
                           genericClause: kind == .extension ? "" : tree.types[t].genericClause)
    }

    /// The start of an initial value: enough to tell its type (`Foo(…)`, `CurrentValueSubject<…>(nil)`)
    /// without copying a long closure body into the index.
    private static func initializerText(_ initializer: ClosedRange<Int>?, in tree: Declarations) -> String {
        guard let range = initializer else { return "" }
        return tree.text(range.lowerBound, min(range.upperBound, range.lowerBound + 48))
    }
}
