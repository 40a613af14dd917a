// Stand-ins for Combine's types, so that the fixture builds on Linux where Combine is missing.
public final class AnyCancellable {}
public struct Publisher {
    public init() {}
    @discardableResult public func sink(_ receive: @escaping (Int) -> Void) -> AnyCancellable { AnyCancellable() }
}

/// The finding the plugins must surface: a subscription whose cancellable is dropped at once.
public func start(publisher: Publisher) {
    publisher.sink { _ in }
}
