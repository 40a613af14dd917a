/// Publishers by how long they live: the roots a chain can start from.
extension Catalogue {
    /// Roots that complete (or fail) as soon as they are subscribed to: a retain cycle through their
    /// subscription ends by itself, and subscribing to them again leaves nothing running.
    public static let finiteRoots: Set<String> = ["Just", "Empty", "Fail", "Result", "Record"]

    /// Publishers that deliver everything and finish during `subscribe` itself, on the subscribing
    /// thread (`Empty` unless `completeImmediately: false`; a sequence's `.publisher` too): a
    /// subscription to one has ended by the time `sink` returns.
    public static let synchronousRoots: Set<String> = ["Just", "Empty", "Fail", "Record"]

    /// Roots that deliver one value (or none) and complete: a subscription inside their `sink` is made
    /// once. Not `Record`, which replays many values; `Future` answers once.
    public static let singleValueRoots: Set<String> = ["Just", "Future", "Fail", "Empty"]

    /// Roots that answer once, later (a `Future`, or the `Deferred { Future { … } }` that wraps one):
    /// a repeated call starts one more request, but nothing is left running once it answered.
    public static let oneShotRoots: Set<String> = ["Future", "Deferred"]

    /// Names in a finishing pipeline that can make one answer into several values: a sequence's
    /// `publisher`, `Record`, the operators that add or combine values, and `prefix`/`collect`
    /// with a count. A finishing pipeline without them delivers at most one value.
    public static let valueMultiplyingNames: Set<String> = [
        "publisher", "Sequence", "Record", "prefix", "collect", "merge", "zip", "combineLatest",
        "append", "prepend", "flatMap", "switchToLatest", "scan", "Merge", "Zip", "CombineLatest",
        "output", "buffer", "MergeMany", "sequence",
    ]

    /// The standard library's steps that make a collection of a collection (`ids.map(\.name)`), run
    /// at once: the `publisher` of their result is a sequence's.
    public static let collectionTransforms: Set<String> = [
        "map", "filter", "compactMap", "flatMap", "sorted", "reversed", "shuffled", "dropFirst", "dropLast", "prefix", "suffix",
        "enumerated",
    ]

    /// Combiners that pair their inputs' values, as many as the input with fewest: zipping
    /// publishers that answer once answers once.
    public static let zippingCombiners: Set<String> = ["zip", "Zip", "Zip3", "Zip4"]

    /// Roots whose closure runs once per subscription, when someone subscribes.
    public static let lazyRoots: Set<String> = ["Deferred"]

    /// Members that are publishers which never finish, whoever owns them (`model.objectWillChange`).
    /// The other never-finishing sources are told by their shape: `$property`, subjects,
    /// `NotificationCenter…publisher(for:)`, KVO `publisher(for: \.x)`, `Timer.publish(every:…)`.
    public static let neverFinishingMembers: Set<String> = ["objectWillChange"]

    /// Publisher types that never finish, as a function's declared result names them (generic
    /// arguments removed): a project helper `func publisher() -> NotificationCenter.Publisher`
    /// starts a pipeline that lives as long as its subscription.
    public static let neverFinishingPublisherTypes: Set<String> = [
        "NotificationCenter.Publisher", "Timer.TimerPublisher", "ObservableObjectPublisher",
        "PassthroughSubject", "CurrentValueSubject", "Published.Publisher", "Publishers.Autoconnect",
    ]
    /// Modules whose name may qualify those types (`Foundation.NotificationCenter.Publisher`).
    public static let publisherModules: [String] = ["Foundation", "Combine"]

    /// Combine's subject types. A subject is a publisher that never finishes on its own, and anyone
    /// who can see it can `send` into it.
    public static let subjectTypes: Set<String> = ["PassthroughSubject", "CurrentValueSubject"]

    /// Receivers that are publishers by their name: publisher types (`Just(1).print()`),
    /// `objectWillChange`, a sequence's `.publisher` and `Timer.publish(…)`.
    public static let publisherNames: Set<String> = ["Just", "Future", "Deferred", "Empty", "Fail", "objectWillChange", "publisher", "publish"]

    /// Text in a type annotation that names a connectable publisher (one that waits for `connect()`).
    public static let connectableTypeMarkers = ["MakeConnectable<", "Multicast<", "TimerPublisher", "ConnectablePublisher"]
    /// Calls that return a connectable publisher, as written without spaces at the end of an initial value.
    public static let connectableInitializerMarkers = ["makeConnectable()", "multicast(", "multicast{", "Timer.publish(", "Timer.TimerPublisher("]

    /// Modules with a `Future` type of their own: in a file importing one, `Future` may not be Combine's.
    public static let modulesWithOwnFuture: Set<String> = ["BrightFutures", "FutureKit", "NIO", "NIOCore", "Vapor"]
}

/// Sources that finish after they answered, and operators whose closure makes the publisher that
/// takes over.
extension Catalogue {
    /// Publisher-making calls that answer once and finish: `URLSession.shared.dataTaskPublisher(for:)`.
    public static let finishingSourceCalls: Set<String> = ["dataTaskPublisher"]

    /// Operators whose closure returns the publisher whose values follow (`flatMap`, and the
    /// handler of `catch` and `tryCatch`): the pipeline finishes only when that publisher does.
    public static let publisherMakingClosureOperators: Set<String> = ["flatMap", "catch", "tryCatch", "flatMapLatest"]

    /// Operators that end a pipeline after its first values (`first()`, `first(where:)`,
    /// `prefix(n)`), whatever its source: a cycle through it lasts until those values came.
    public static let valueLimitingOperators: Set<String> = ["first", "prefix"]

    /// Operators that end with their upstream and not before: `collect()`, `reduce`, `last()` wait
    /// for the completion, and `collect(.byTime…)`/`collect(n)` batch for as long as values come.
    /// On a source that never finishes, the pipeline never does either.
    public static let upstreamEndingOperators: Set<String> = ["collect", "reduce", "last"]

    /// `Publishers.MergeMany`, which also takes one sequence of publishers.
    public static let mergeManyName = "MergeMany"

    /// Operators that let only the values passing a condition through (`filter { … }`): a limit
    /// after one waits for a passing value, not just for any value.
    public static let valueFilteringOperators: Set<String> = ["filter", "tryFilter"]
}

extension Catalogue {
    /// Framework protocols that require a publisher property by name, which a conforming type may
    /// declare as a subject of its own (`let objectWillChange = PassthroughSubject<Void, Never>()`):
    /// the requirement keeps it visible.
    public static let frameworkPublisherRequirements: [String: String] = ["ObservableObject": "objectWillChange"]
}

extension Catalogue {
    /// Words of a written type that may hold a publisher (`AnyPublisher<…>`, `CurrentValueSubject<…>`,
    /// `Future<…>`): a stored property whose written type has none (`[LogEntry]`, `Int`) holds values.
    public static let publisherTypeWords: [String] = ["Publisher", "Subject", "Future", "Just", "Deferred", "Empty", "Fail"]

    /// Whether a type name written in an extension names a publisher type: the `Publisher` protocol,
    /// a type named so (`AnyPublisher`, `DataTaskPublisher`) or one of Combine's `Publishers.…`.
    public static func namesPublisherType(_ name: String) -> Bool {
        name.hasSuffix("Publisher") || name.hasPrefix("Publishers.")
    }
}
