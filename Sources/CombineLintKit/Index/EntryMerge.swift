/// Merges the files' index entries by name, file after file in input order.
struct EntryMerge {
    private(set) var types: [String: IndexedType] = [:]
    /// Property names some entry declared again over an earlier entry's property of the same type name.
    private(set) var replacedProperties = Set<String>()

    init(capacity: Int) {
        types.reserveCapacity(capacity)
    }

    /// Takes in one file's entries, last declared first. The list is taken apart from its end:
    /// entries move into the result instead of being copied, which would retain, and later
    /// release, every string and array they hold.
    mutating func add(_ entries: inout [IndexedType]) {
        while let entry = entries.popLast() {
            let key = entry.name
            if let slot = types.index(forKey: key) {
                EntryMerge.absorb(entry, into: &types.values[slot], replaced: &replacedProperties)
            } else {
                types[key] = consume entry
            }
        }
    }

    /// Folds a later declaration or extension of the same name into an entry.
    private static func absorb(_ other: IndexedType, into entry: inout IndexedType, replaced: inout Set<String>) {
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
        for (name, property) in other.properties {
            if entry.properties.updateValue(property, forKey: name) != nil { replaced.insert(name) }
        }
        entry.methods.formUnion(other.methods)
        entry.isDeclaredAtTopLevel = entry.isDeclaredAtTopLevel || other.isDeclaredAtTopLevel
        if entry.genericClause.isEmpty { entry.genericClause = other.genericClause }
    }
}
