/// Names from Combine, UIKit and SwiftUI that the rules recognise.
public enum CombineNames {
    /// Operators whose closures run for every value (or completion) of a subscription.
    public static let closureOperators: Set<String> = [
        "map", "tryMap", "compactMap", "tryCompactMap", "flatMap", "filter", "tryFilter", "scan", "tryScan",
        "reduce", "tryReduce", "removeDuplicates", "tryRemoveDuplicates", "handleEvents", "catch", "tryCatch",
        "mapError", "first", "tryFirst", "last", "tryLast", "drop", "prefix", "contains", "tryContains",
        "allSatisfy", "tryAllSatisfy", "min", "max", "tryMin", "tryMax", "collect", "replaceError", "sink",
        "assign", "receive", "debounce", "throttle", "delay", "switchToLatest", "merge", "combineLatest", "zip",
        "breakpoint", "retry", "share", "multicast", "eraseToAnyPublisher", "setFailureType", "decode", "encode",
        "subscribe", "timeout", "measureInterval", "append", "prepend", "output", "ignoreOutput", "print",
    ]

    /// Publishers that complete at once (or fail at once): a cycle through them ends by itself.
    public static let finiteRoots: Set<String> = ["Just", "Empty", "Fail", "Result", "Record"]



    /// Cell base classes whose instances are reused.
    public static let reusableViewBases: Set<String> = ["UITableViewCell", "UICollectionViewCell", "UICollectionReusableView", "UITableViewHeaderFooterView"]

    /// Subject types (a subject is also a publisher that never finishes on its own).
    public static let subjectTypes: Set<String> = ["PassthroughSubject", "CurrentValueSubject"]
}
