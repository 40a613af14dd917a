/// Swift standard library and Foundation names the rules rely on.
extension Catalogue {
    /// Protocols that a composition adds to the type it names (`BackupEngineProtocol & AnyObject`):
    /// the type meant is the other part.
    public static let compositionMarkerProtocols: Set<String> = [
        "AnyObject", "Sendable", "NSObjectProtocol", "ObservableObject", "Identifiable", "Equatable", "Hashable", "Codable",
    ]

    /// Collection methods that mutate the collection (an `@Published` array changed in place
    /// publishes just like an assignment).
    public static let collectionMutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "sort", "reverse", "shuffle", "merge", "formUnion", "subtract",
    ]

    /// Other mutating methods of the values a property or a `CurrentValueSubject` often holds
    /// (a flag, a dictionary, an array's less common edits): calling one changes the value in place.
    public static let valueMutatingMethods: Set<String> = [
        "toggle", "removeValue", "updateValue", "removeSubrange", "replaceSubrange", "swapAt", "popLast",
    ]

    /// Members of a collection that are collections themselves (a dictionary's `keys` and `values`,
    /// any collection's `indices`): their `publisher` is a sequence's too.
    public static let collectionViewMembers: Set<String> = ["keys", "values", "indices"]

    /// Collection members no publisher has (a publisher's `values` is its async sequence): a
    /// `publisher` after one is the collection's, which gives its elements and finishes.
    public static let collectionOnlyMembers: Set<String> = ["keys", "indices"]

    /// Calls that make a new value each time (`UUID()`, `Date()`, `Date.now`): a dictionary key
    /// built from one is new on every run, so `tokens["weekly-\(Date().timeIntervalSince1970)"] = …`
    /// adds an entry rather than replacing one.
    public static let freshValueMakers: Set<String> = ["UUID", "Date", "CFAbsoluteTimeGetCurrent"]

    /// Collection methods no publisher has, each giving a collection.
    public static let collectionOnlyTransforms: Set<String> = ["sorted", "reversed", "shuffled", "enumerated"]

    /// Collection members whose result is an Optional, nil when no element matches
    /// (`fields.first { $0.id == selectedID }`, `items.last(where: \.isDone)`): a lookup whose nil is
    /// an answer. (`randomElement()`, `min()` and `max()` are nil only for an empty collection: a pick.)
    public static let optionalResultCollectionMembers: Set<String> = ["first", "last", "firstIndex", "lastIndex"]

    /// Value types that are never a publisher: a property of such a type is not one a chain reads
    /// as its source, whatever its name.
    public static let plainValueTypes: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64",
        "Double", "Float", "CGFloat", "Decimal", "TimeInterval", "Bool", "String", "Character",
        "Date", "UUID", "URL", "Data",
    ]

    /// Generic collection types, never a publisher either (a collection's publisher is its
    /// `publisher` member): `Array<Item>` like `[Item]`.
    public static let collectionTypeNames: Set<String> = ["Array", "ArraySlice", "ContiguousArray", "Set", "Dictionary"]

    /// Global functions that cannot reassign a property of the caller (printing, logging, assertions).
    public static let nonMutatingFreeFunctions: Set<String> = ["print", "debugPrint", "assert", "assertionFailure", "precondition", "NSLog", "os_log", "dump"]

    /// Global functions that only write a trace of their arguments (standard output, the system log).
    public static let printingFunctions: Set<String> = ["print", "debugPrint", "NSLog", "os_log", "dump"]
    /// Initialisers that read an object only for its identity or its description and keep no
    /// reference to it: `ObjectIdentifier(token)`, `String(describing: token)`.
    public static let nonRetainingReaders: Set<String> = ["ObjectIdentifier", "String"]

    /// Methods of loggers (`os.Logger`'s levels, and the usual names of a project's own logger):
    /// `log.debug("\(demand)")` only writes its arguments down.
    public static let loggingMethods: Set<String> = ["debug", "info", "notice", "warning", "error", "fault", "critical", "trace", "verbose", "log"]

    /// Sequence and collection methods whose closure runs during the call, for each element
    /// (`items.filter { $0.contains(query) }`): a read inside runs when the method does.
    public static let synchronousElementClosureMethods: Set<String> = [
        "map", "compactMap", "flatMap", "filter", "sorted", "first", "last", "contains", "allSatisfy", "reduce",
        "forEach", "min", "max", "firstIndex", "lastIndex", "removeAll", "partition", "drop", "prefix", "split",
        // In place and keyed: `rows.sort { … }`, `counts.mapValues { … }`, `items.count(where:)`.
        "sort", "mapValues", "compactMapValues", "count",
    ]
}
