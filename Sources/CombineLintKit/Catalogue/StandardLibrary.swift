/// Swift standard library and Foundation names the rules rely on.
extension Catalogue {
    /// Collection methods that mutate the collection (an `@Published` array changed in place
    /// publishes just like an assignment).
    public static let collectionMutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "sort", "reverse", "shuffle", "merge", "formUnion", "subtract",
    ]

    /// Global functions that cannot reassign a property of the caller (printing, logging, assertions).
    public static let nonMutatingFreeFunctions: Set<String> = ["print", "debugPrint", "assert", "assertionFailure", "precondition", "NSLog", "os_log", "dump"]
}
