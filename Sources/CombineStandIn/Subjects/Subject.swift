/// A publisher that callers can push values into; mirrors `Combine.Subject`.
public protocol Subject: AnyObject, Publisher {
    /// Delivers `value` synchronously to every subscriber with outstanding demand.
    func send(_ value: Output)
    /// Ends the subject: every subscriber gets `completion`, later sends are ignored.
    func send(completion: Subscribers.Completion<Failure>)
    /// Hands the subject an upstream subscription (`publisher.subscribe(subject)`): the subject
    /// asks it for unlimited values and cancels it when the subject is released.
    func send(subscription: Subscription)
}

extension Subject where Output == Void {
    /// Sends `()`.
    public func send() { send(()) }
}

extension Publisher {
    /// Feeds this publisher's values and completion into `subject`; the token cancels that.
    public func subscribe<S: Subject>(_ subject: S) -> AnyCancellable where S.Output == Output, S.Failure == Failure {
        let subscriber = SubjectSubscriber(subject)
        subscribe(subscriber)
        return AnyCancellable(subscriber)
    }
}
