/// Every rule the analyzer knows, in id order.
public enum RuleRegistry {
    public static let all: [any Rule.Type] = [
        AssignToSelfRule.self,
        ColdPublisherSubscribedTwiceRule.self,
        CombineLatestWithoutInitialValueRule.self,
        CustomSubscriptionIgnoresDemandRule.self,
        DiscardedCancellableRule.self,
        EndlessValuesTaskRule.self,
        ErrorHandlingOutsideFlatMapRule.self,
        ExposedSubjectRule.self,
        FlatMapWithoutSwitchRule.self,
        FutureTaskPromiseRule.self,
        FutureWithoutDeferredRule.self,
        MainActorBackgroundDeliveryRule.self,
        MultipleReceiveOnRule.self,
        NestedObservableObjectRule.self,
        NestedSinkRule.self,
        PrintOperatorRule.self,
        PublishedAssignCycleRule.self,
        PublishedBackgroundMutationRule.self,
        PublishedWillSetReadRule.self,
        RepeatedSubscriptionRule.self,
        RunLoopMainSchedulerRule.self,
        SendAfterCompletionRule.self,
        StoreInAppearanceRule.self,
        StrongSelfCaptureRule.self,
        SubjectFakeInitialValueRule.self,
        TimerDefaultRunLoopModeRule.self,
        ThrowingOperatorOnEndlessSourceRule.self,
        TimerNotConnectedRule.self,
        UnstoredTaskInSinkRule.self,
    ].sorted { $0.description.id < $1.description.id }

    /// The rule type with this id, if any.
    public static func rule(id: String) -> (any Rule.Type)? {
        all.first { $0.description.id == id }
    }
}
