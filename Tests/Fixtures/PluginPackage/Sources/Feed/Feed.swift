// A discarded subscription, the finding the plugins must surface. `Publisher` is a stand-in so
// that the fixture builds on Linux, where Combine does not exist.
public struct Publisher {
    public init() {}
    @discardableResult
    public func sink(_ receive: @escaping (Int) -> Void) -> Int { 0 }
}

public func start(publisher: Publisher) {
    publisher.sink { _ in }
}
