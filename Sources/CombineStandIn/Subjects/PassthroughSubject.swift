/// A subject without a current value: subscribers get only what is sent after they subscribe,
/// and only as much as they asked for; mirrors `Combine.PassthroughSubject`.
public final class PassthroughSubject<Output, Failure: Error>: Subject, @unchecked Sendable {
    private let core = SubjectCore<Output, Failure>()

    public init() {}

    public func receive<S: Subscriber>(subscriber: S) where S.Input == Output, S.Failure == Failure {
        core.attach(subscriber, current: nil)
    }

    public func send(_ value: Output) { core.send(value) }
    public func send(completion: Subscribers.Completion<Failure>) { core.send(completion: completion) }
    public func send(subscription: Subscription) { core.receive(upstream: subscription) }
}
