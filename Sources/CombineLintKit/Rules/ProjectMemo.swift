import Foundation

/// Results about the project that a rule works out once per lint run and reuses for every file:
/// the call graph of a type whose extensions are spread over many files, say. Without it, each of
/// those files would rebuild the same graph, and the run would grow with the square of the type.
///
/// One memo is made per run and shared by the workers; a value depends only on the index and
/// the key, so whichever worker computes it first, every file sees the same value.
public final class ProjectMemo: @unchecked Sendable {
    private let condition = NSCondition()
    private var values: [String: any Sendable] = [:]
    /// Keys whose value a worker is making now: another worker asking for one waits for it
    /// rather than making it a second time (a project-wide value can take tens of milliseconds).
    private var inProgress: Set<String> = []

    public init() {}

    /// The value stored under `key`, if one was made already.
    public func known<Value: Sendable>(_ key: String, as type: Value.Type) -> Value? {
        condition.lock()
        defer { condition.unlock() }
        return values[key] as? Value
    }

    /// Makes the value under `key` as `value(for:_:)` does, unless it is made or being made
    /// already: then it returns at once instead of waiting (a rule's `prepare`, where the worker
    /// has other facts to make).
    public func prepare<Value: Sendable>(_ key: String, _ make: () -> Value) {
        condition.lock()
        let started = values[key] is Value || inProgress.contains(key)
        condition.unlock()
        if !started { _ = value(for: key, make) }
    }

    /// The value stored under `key`, made by `make` the first time it is asked for. `Value` must
    /// not be an optional: a missing key would cast to a stored `nil`. `make` may ask for other
    /// keys (their values never depend on this one, or a single worker would never finish either).
    public func value<Value: Sendable>(for key: String, _ make: () -> Value) -> Value {
        condition.lock()
        while true {
            if let stored = values[key] as? Value {
                condition.unlock()
                return stored
            }
            guard inProgress.contains(key) else { break }
            condition.wait()
        }
        inProgress.insert(key)
        condition.unlock()
        // Made outside the lock, so that workers asking for other keys go on meanwhile.
        let made = make()
        condition.lock()
        values[key] = made
        inProgress.remove(key)
        condition.broadcast()
        condition.unlock()
        return made
    }
}
