/// Publishers by what they deliver when subscribed to, before anything happens.
extension Catalogue {
    /// Operators after which a publisher may deliver a value its source did not (`prepend(…)`,
    /// a `merge` with a publisher that has one, a `multicast` into a `CurrentValueSubject`).
    public static let valueAddingOperators: Set<String> = ["prepend", "merge", "multicast"]

    /// Operators that combine inputs and emit only once every input has emitted.
    public static let latestCombiners: Set<String> = ["combineLatest", "CombineLatest", "CombineLatest3", "CombineLatest4"]

    /// Publisher operators that a collection (or an optional) has too (`[1, 2].dropFirst()`), so they are
    /// not among the pipeline operators; after a name known to be a subject they still are its operators.
    public static let operatorsSharedWithCollections: Set<String> = ["dropFirst", "replaceNil", "replaceEmpty"]

    /// Members that name a publisher source rather than an operator on one.
    public static let sourceMembers: Set<String> = ["publisher", "publish", "values", "dataTaskPublisher", "store"]
}

/// Steps that pass each value on (changed or not) without bringing in other publishers: between a
/// source and a `flatMap`, the `flatMap` still gets one value per event of the source.
extension Catalogue {
    public static let valuePassingSteps: Set<String> = transparentOperators.union(mappers).union([
        "filter", "tryFilter", "dropFirst", "setFailureType", "mapError", "replaceNil", "tryMap", "compactMap",
    ])

    /// Texts in a notification name that mark a text field's or view's text changes
    /// (`UITextField.textDidChangeNotification`, `NSControl.textDidChangeNotification`).
    public static let textChangeNotificationMarkers: [StaticString] = ["textDidChange", "TextDidChange"]
}

/// Publishers that do their work once per subscriber, and the operators that share one subscription.
extension Catalogue {
    /// Calls whose publisher starts its work (a request) for each subscriber.
    public static let perSubscriptionSourceCalls: Set<String> = ["dataTaskPublisher", "downloadTaskPublisher", "uploadTaskPublisher"]

    /// Operators after which every subscriber shares one upstream subscription.
    public static let sharingOperators: Set<String> = ["share", "multicast", "makeConnectable", "shareReplay", "autoconnect"]

    /// Members and calls that subscribe to the publisher before them: subscribers, `values` (the
    /// async sequence), `subscribe(_:)` with a subscriber, `receive(subscriber:)`.
    public static let subscribingMembers: Set<String> = ["sink", "assign", "values", "subscribe", "receive"]

    /// Operators and `Publishers` types that subscribe to the publishers passed to them
    /// (`merge(with:)`, `zip`, `combineLatest`, `Publishers.Zip(a, b)` …).
    public static let inputSubscribingCombiners: Set<String> = mergingOperators.union(waitingCombiners).union(combinersLivingAsLongAsAnyInput)
}
