/// A publisher that callers can push values into; mirrors `Combine.Subject`.
public protocol Subject: AnyObject, Publisher {
    /// Delivers `value` synchronously to every subscriber with outstanding demand.
    func send(_ value: Output)
    /// Ends the subject: every subscriber gets `completion`, later sends are ignored.
    func send(completion: Subscribers.Completion<Failure>)
}

extension Subject where Output == Void {
    /// Sends `()`.
    public func send() { send(()) }
}
