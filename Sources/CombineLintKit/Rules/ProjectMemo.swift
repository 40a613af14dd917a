import Foundation

/// Results about the project that a rule works out once per lint run and reuses for every file:
/// the call graph of a type whose extensions are spread over many files, say. Without it, each of
/// those files would rebuild the same graph, and the run would grow with the square of the type.
///
/// One memo is made per run and shared by the workers; a value depends only on the index and
/// the key, so whichever worker computes it first, every file sees the same value.
public final class ProjectMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: any Sendable] = [:]

    public init() {}

    /// The value stored under `key`, if one was made already.
    public func known<Value: Sendable>(_ key: String, as type: Value.Type) -> Value? {
        lock.lock()
        defer { lock.unlock() }
        return values[key] as? Value
    }

    /// The value stored under `key`, made by `make` the first time it is asked for. `Value` must
    /// not be an optional: a missing key would cast to a stored `nil`.
    public func value<Value: Sendable>(for key: String, _ make: () -> Value) -> Value {
        lock.lock()
        if let stored = values[key] as? Value {
            lock.unlock()
            return stored
        }
        lock.unlock()
        // Made outside the lock: another worker may make the same value meanwhile; the first kept wins.
        let made = make()
        lock.lock()
        defer { lock.unlock() }
        if let stored = values[key] as? Value { return stored }
        values[key] = made
        return made
    }
}
