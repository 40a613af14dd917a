/// Which of the project's type declarations a written type name means at a place, by Swift's
/// lookup rules as far as a lexical scanner can follow them: a qualified name (`Feed.Model`)
/// matches the declarations whose nesting path ends with it; a simple name (`Model`) means a type
/// nested in one of the types around the place (innermost first), else a top-level one. A type
/// nested elsewhere is not visible by its simple name, and two equally near candidates are
/// ambiguous: both give no answer, never a same-named type from somewhere else.
public enum TypeDeclarationResolver {
    /// The declaration (`trees[tree].types[item]`) that `written` names at token `token` of
    /// `index.trees[treeIndex]`, or `nil` when there is none or the name is ambiguous. Extensions
    /// are not declarations.
    /// With `memo`, the declarations of each simple name are gathered once per run.
    public static func declaration(named written: String, at token: Int, inTree treeIndex: Int, index: ProjectIndex,
                                   memo: ProjectMemo? = nil) -> DeclarationReference? {
        let nearest = candidates(named: written, at: token, inTree: treeIndex, index: index, memo: memo)
        return nearest.count == 1 ? nearest[0] : nil
    }

    /// The nearest declarations that `written` may name at token `token`: one when the name
    /// resolves, several when it is ambiguous (all of them), none when no declaration of the
    /// project is visible there by that name. With `memo`, the declarations of each simple name
    /// are gathered once per run: each feature of an app may declare a nested `ViewModel`, and
    /// gathering them for every place that names one would grow with the square of the app.
    public static func candidates(named written: String, at token: Int, inTree treeIndex: Int, index: ProjectIndex,
                                  memo: ProjectMemo? = nil) -> [DeclarationReference] {
        var cache: [String: Declarations] = [:]
        if let memo, let last = written.split(separator: ".").last {
            let name = String(last)
            cache[name] = memo.value(for: "type-declarations \(name)") { Declarations(lastName: name, index: index) }
        }
        return candidates(named: written, at: token, inTree: treeIndex, index: index, cache: &cache)
    }

    /// `candidates(named:at:inTree:index:)` for a caller that resolves many names: the
    /// declarations of each simple name are gathered once, in `cache` (a common name such as
    /// `ViewModel` has dozens in an app of several features).
    public static func candidates(named written: String, at token: Int, inTree treeIndex: Int, index: ProjectIndex,
                                  cache: inout [String: Declarations]) -> [DeclarationReference] {
        let path = written.split(separator: ".").map(String.init)
        guard let last = path.last, !last.isEmpty else { return [] }
        let named = cache[last] ?? Declarations(lastName: last, index: index)
        cache[last] = named
        guard !named.references.isEmpty else { return [] }
        return named.nearest(path, scopes: path.count > 1 ? [] : scopes(at: token, in: index.trees[treeIndex]),
                             fromFile: index.trees[treeIndex].file.path)
    }

    /// The declarations (not extensions) of one simple name with their nesting paths, made once
    /// for a name that many places write.
    public struct Declarations: Sendable {
        public let references: [DeclarationReference]
        let paths: [[String]]
        /// The folders of each declaration's file, outermost first.
        let folders: [[Substring]]

        /// The declarations (positions in `references`, in order) by the nesting path of the type
        /// around them, joined with dots (`Feed` for `Feed.Model`, "" at the top level), and by
        /// each suffix of two or more names of their own path (`Feed.Model`): every feature of an
        /// app may declare a nested `ViewModel`, and each place asks for one of them.
        private let byParent: [String: [Int]]
        private let bySuffix: [String: [Int]]
        /// The longest suffix kept in `bySuffix`: written names rarely have more than three dots,
        /// and keying every suffix of a deeply nested path cost the square of its depth.
        static let longestIndexedSuffix = 4

        public init(lastName: String, index: ProjectIndex) {
            references = index.typeDeclarations[lastName].filter { index.trees[$0.tree].types[$0.item].kind != .extension }
            paths = references.map { qualifiedPath(ofType: $0.item, in: index.trees[$0.tree]) }
            folders = references.map { TypeDeclarationResolver.folders(of: index.trees[$0.tree].file.path) }
            var byParent: [String: [Int]] = [:]
            var bySuffix: [String: [Int]] = [:]
            for (i, path) in paths.enumerated() {
                byParent[path.dropLast().joined(separator: "."), default: []].append(i)
                var suffix = path.last ?? ""
                for name in path.dropLast().reversed().prefix(Declarations.longestIndexedSuffix - 1) {
                    suffix = name + "." + suffix
                    bySuffix[suffix, default: []].append(i)
                }
            }
            self.byParent = byParent
            self.bySuffix = bySuffix
        }

        /// The nearest of them that `path` (a written name split at its dots) names from a place
        /// inside the types of `scopes` (their nesting paths, innermost first; asked only for a
        /// simple name).
        /// Of equally near declarations, the one whose file shares the most folders with
        /// `fromFile` wins (a project of several apps or modules, each in its folder, declares the
        /// same names in each); a tie stays ambiguous.
        public func nearest(_ path: [String], scopes: [[String]], fromFile: String) -> [DeclarationReference] {
            if path.count > 1 {
                let indexed = bySuffix[path.suffix(Declarations.longestIndexedSuffix).joined(separator: ".")] ?? []
                // A longer written name is matched against the whole path of each candidate.
                let matching = path.count <= Declarations.longestIndexedSuffix ? indexed
                    : indexed.filter { paths[$0].count >= path.count && paths[$0].suffix(path.count).elementsEqual(path) }
                return closest(matching, to: fromFile)
            }
            for scope in scopes + [[]] {
                if let visible = byParent[scope.joined(separator: ".")], !visible.isEmpty { return closest(visible, to: fromFile) }
            }
            return []
        }

        private func closest(_ matching: [Int], to file: String) -> [DeclarationReference] {
            guard matching.count > 1 else { return matching.map { references[$0] } }
            let here = TypeDeclarationResolver.folders(of: file)
            let shared = matching.map { m in zip(folders[m], here).prefix(while: { $0 == $1 }).count }
            let best = shared.max() ?? 0
            let winners = matching.indices.filter { shared[$0] == best }
            return winners.count == 1 ? [references[matching[winners[0]]]] : matching.map { references[$0] }
        }
    }

    /// The folder names of a file's path, outermost first.
    static func folders(of path: String) -> [Substring] {
        Array(path.split(separator: "/").dropLast())
    }

    /// The nesting paths of the types around token `token`, innermost first (the top level not included).
    public static func scopes(at token: Int, in tree: SyntaxTree) -> [[String]] {
        tree.enclosingTypes(of: token).map { qualifiedPath(ofType: $0, in: tree) }
    }

    /// The nesting paths of the types around token `token`, innermost first, as one string: two
    /// places with the same key resolve every name alike.
    public static func scopeKey(at token: Int, in tree: SyntaxTree) -> String {
        tree.enclosingTypes(of: token).map { qualifiedPath(ofType: $0, in: tree).joined(separator: ".") }.joined(separator: "|")
    }

    /// The names of type `t` and the types it is nested in, outermost first (`["Feed", "Model"]`).
    static func qualifiedPath(ofType t: Int, in tree: SyntaxTree) -> [String] {
        // An extension's own name may be dotted (`extension Feed.Model { struct Row {} }`).
        tree.nestingChain(ofType: t).reversed().flatMap { tree.types[$0].name.split(separator: ".").map(String.init) }
    }
}
