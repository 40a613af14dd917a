/// Every rule the analyzer knows, in id order.
public enum RuleRegistry {
    public static let all: [any Rule.Type] = [
        NestedObservableObjectRule.self,
        PublishedWillSetReadRule.self,
        NestedSinkRule.self,
        FutureTaskPromiseRule.self,
        RepeatedSubscriptionRule.self,
    ].sorted { $0.description.id < $1.description.id }

    /// The rule type with this id, if any.
    public static func rule(id: String) -> (any Rule.Type)? {
        all.first { $0.description.id == id }
    }
}
