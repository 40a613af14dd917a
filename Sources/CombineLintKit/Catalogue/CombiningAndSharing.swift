/// Publishers by what they deliver when subscribed to, before anything happens.
extension Catalogue {
    /// Operators after which a publisher may deliver a value its source did not (`prepend(…)`,
    /// a `merge` with a publisher that has one, a `multicast` into a `CurrentValueSubject`).
    public static let valueAddingOperators: Set<String> = ["prepend", "merge", "multicast"]

    /// Operators that combine inputs and emit only once every input has emitted.
    public static let latestCombiners: Set<String> = ["combineLatest", "CombineLatest", "CombineLatest3", "CombineLatest4"]

    /// Members that name a publisher source rather than an operator on one.
    public static let sourceMembers: Set<String> = ["publisher", "publish", "values", "dataTaskPublisher", "store"]
}
