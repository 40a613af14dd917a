/// The property names whose uses the index records: names for which some type's merged property is
/// observed (`@Published`, or a subject). Gathered from each file's observed declarations as the
/// file is merged (`InOrderMerge`); the finished merge then tells which names stand.
struct ObservedNames {
    /// Every name that some observed declaration has, without repeats.
    private(set) var names: [String] = []
    /// Per name: the keys of the types declaring it observed.
    private var types: [[String]] = []
    /// Each name's position in `names`.
    private var ids: [String: Int] = [:]

    init() {}

    /// Takes in one file's observed declarations (files in input order give names in a stable order).
    mutating func add(_ entries: IndexEntries) {
        for property in entries.observed {
            if let id = ids[property.name] {
                types[id].append(property.type)
            } else {
                ids[property.name] = names.count
                names.append(property.name)
                types.append([property.type])
            }
        }
    }

    /// Per name: whether it stands after the merge. A declaration that a later one of the same type
    /// name replaced may not; the merged property then decides.
    func standing(after merge: EntryMerge) -> [Bool] {
        names.indices.map { id in
            !merge.replacedProperties.contains(names[id]) || types[id].contains { key in
                merge.types[key]?.properties[names[id]].map(ProjectIndex.isObserved) ?? false
            }
        }
    }
}
