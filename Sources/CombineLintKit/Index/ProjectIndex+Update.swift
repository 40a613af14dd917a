/// The index after one file changed, for a process that keeps it (`combinelint server`): the
/// changed file's entries replace its old ones in every table, and only the types it declares
/// or extends are merged again (from the files that hold them, in input order). The result is
/// the index that building it anew over the same trees would give (`ProjectIndexUpdateTests`),
/// at the cost of the file and of the lists its names are in, not of the project.
extension ProjectIndex {
    /// Replaces the tree at position `t` (the same file, new text).
    public mutating func replaceTree(at t: Int, with tree: SyntaxTree) {
        precondition(trees[t].file.path == tree.file.path, "a tree replaced by another file's")
        let old = trees[t]
        trees[t] = tree
        // Answers about ancestry may change with any declaration.
        ancestry = AncestryCache()
        subjectPropertyNames = NameFlagCache()
        computedPropertyNames = NameFlagCache()
        neverFinishingPropertyNames = NameFlagCache()
        testCaseTypeNames = NameFlagCache()

        // Postings: the file's names.
        let oldNames = FileNames(of: old, at: t)
        let newNames = FileNames(of: tree, at: t)
        vocabularies[t] = newNames.vocabulary
        identifiers.replaceEntries(ofTree: t, oldKeys: Self.keys { FileNames.identifierKeys(of: old, $0) },
                                   new: Self.pairs(keys: { FileNames.identifierKeys(of: tree, $0) },
                                                   entries: { FileNames.identifierReferences(of: tree, at: t, $0) }))
        chainElements.replaceEntries(ofTree: t, oldKeys: Self.keys { FileNames.elementKeys(of: old, $0) },
                                     new: Self.pairs(keys: { FileNames.elementKeys(of: tree, $0) },
                                                     entries: { FileNames.elementReferences(of: tree, at: t, $0) }))
        functions.replaceEntries(ofTree: t, oldKeys: oldNames.functions.map(\.key), new: newNames.functions)
        typeDeclarations.replaceEntries(ofTree: t, oldKeys: oldNames.types.map(\.key), new: newNames.types)
        typealiasDeclarations.replaceEntries(ofTree: t, oldKeys: oldNames.typealiases.map(\.key), new: newNames.typealiases)

        // Types: those the file declared or declares, merged again.
        let oldEntries = IndexEntries(of: old, at: t)
        let newEntries = IndexEntries(of: tree, at: t)
        var affected = Set(oldEntries.types.map(\.name))
        affected.formUnion(newEntries.types.map(\.name))
        var changedProperties = Set<String>()
        for key in affected.sorted() {
            let before = types[key]
            let after = mergedType(key, replacing: t, with: newEntries)
            types[key] = after
            updateSubtypes(of: key, before: before, after: after)
            changedProperties.formUnion(before?.properties.keys ?? [:].keys)
            changedProperties.formUnion(after?.properties.keys ?? [:].keys)
        }
        for name in changedProperties {
            let key = NameKey(name)
            var list = typesDeclaringProperty[key].filter { !affected.contains($0) }
            for type in affected.sorted() where types[type]?.properties[name] != nil { list.append(type) }
            typesDeclaringProperty.override(key, with: list)
        }

        // Uses of observed names: the file's own are found again; a name that starts or stops
        // being observed gains or loses its uses everywhere.
        var candidates = changedProperties
        for observed in oldEntries.observed + newEntries.observed { candidates.insert(observed.name) }
        var standing = Set(memberUses.keys)
        var scannedEverywhere = Set<String>()
        for name in candidates {
            let stands = properties(named: name).contains(where: ProjectIndex.isObserved)
            if stands && memberUses[name] == nil {
                standing.insert(name)
                scannedEverywhere.insert(name)
                memberUses[name] = usesEverywhere(of: name)
            } else if !stands && memberUses[name] != nil {
                standing.remove(name)
                memberUses[name] = nil
            }
        }
        for (name, uses) in memberUses where !scannedEverywhere.contains(name) && uses.contains(where: { $0.tree == t }) {
            memberUses[name] = uses.filter { $0.tree != t }
        }
        let scanner = MemberUseScanner(names: standing.subtracting(scannedEverywhere).sorted())
        var found: [String: [MemberUse]] = [:]
        if !scanner.names.isEmpty {
            for hit in scanner.hits(in: tree, treeIndex: t) { found[scanner.names[hit.name], default: []].append(hit.use) }
        }
        for (name, uses) in found {
            let current = memberUses[name] ?? []
            let split = current.firstIndex { $0.tree > t } ?? current.count
            memberUses[name] = Array(current[..<split]) + uses + Array(current[split...])
        }
        for (name, uses) in memberUses where uses.isEmpty { memberUses[name] = nil }
    }

    /// The index with one more file at the end of the input order (built anew: files are added
    /// rarely, when the editor opens one outside the workspace folders).
    public func appendingTree(_ tree: SyntaxTree) -> ProjectIndex {
        var index = ProjectIndex(trees: trees + [tree])
        index.appSettings = appSettings
        return index
    }

    /// The index built anew from these trees, with this index's app settings.
    public func rebuilt(from trees: [SyntaxTree]) -> ProjectIndex {
        var index = ProjectIndex(trees: trees)
        index.appSettings = appSettings
        return index
    }

    /// How much the tables have been patched, against their size: past a point, building the
    /// index anew pays (`ProjectIndex(trees:)`).
    public var patchedFraction: Double {
        let patched = identifiers.overridingCount + chainElements.overridingCount
        return Double(patched) / Double(max(1, identifiers.count + chainElements.count))
    }

    /// The merged entry of a type name over the files that hold it, file `t` holding `entries` now.
    private func mergedType(_ key: String, replacing t: Int, with entries: IndexEntries) -> IndexedType? {
        var files = Set((types[key]?.files ?? []).compactMap { treeIndexByPath[$0] })
        files.remove(t)
        if entries.types.contains(where: { $0.name == key }) { files.insert(t) }
        var merge = EntryMerge(capacity: 1)
        for i in files.sorted() {
            var own = (i == t ? entries : IndexEntries(of: trees[i], at: i)).types.filter { $0.name == key }
            merge.add(&own)
        }
        return merge.types[key]
    }

    /// `directSubtypes` after one type's entry changed.
    private mutating func updateSubtypes(of key: String, before: IndexedType?, after: IndexedType?) {
        for entry in before?.inheritance ?? [] {
            let base = ProjectIndex.stripGenerics(entry).lastNameComponent
            directSubtypes[base]?.removeAll { $0 == key }
            if directSubtypes[base]?.isEmpty == true { directSubtypes[base] = nil }
        }
        for entry in after?.inheritance ?? [] {
            directSubtypes[ProjectIndex.stripGenerics(entry).lastNameComponent, default: []].append(key)
        }
    }

    /// The uses of an observed name in every file that has a chain element of that name.
    private func usesEverywhere(of name: String) -> [MemberUse] {
        var files = Set<Int>()
        for reference in chainElements[name] { files.insert(reference.tree) }
        for reference in chainElements["$" + name] { files.insert(reference.tree) }
        let scanner = MemberUseScanner(names: [name])
        return files.sorted().flatMap { i in scanner.hits(in: trees[i], treeIndex: i).map(\.use) }
    }

    private static func keys(_ emit: ((NameKey) -> Void) -> Void) -> [NameKey] {
        var keys: [NameKey] = []
        emit { keys.append($0) }
        return keys
    }

    private static func pairs<Entry>(keys: ((NameKey) -> Void) -> Void, entries: ((Entry) -> Void) -> Void) -> [(key: NameKey, entry: Entry)] {
        let all = Self.keys(keys)
        var result: [(key: NameKey, entry: Entry)] = []
        result.reserveCapacity(all.count)
        var n = 0
        entries { entry in
            result.append((all[n], entry))
            n += 1
        }
        return result
    }
}
