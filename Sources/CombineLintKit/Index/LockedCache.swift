import Foundation

/// A dictionary that workers of one lint run share: values made on first use under small
/// hashable keys (integers, a bag's name), where a `ProjectMemo` entry would need a long string
/// key per lookup. A value may be made twice when two workers ask at once; both make the same
/// value, since it depends only on the index and the key.
final class LockedCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Key: Value] = [:]

    /// The value under `key`, made by `make` the first time it is asked for.
    func value(for key: Key, _ make: () -> Value) -> Value {
        lock.lock()
        if let stored = values[key] {
            lock.unlock()
            return stored
        }
        lock.unlock()
        let made = make()
        lock.lock()
        values[key] = made
        lock.unlock()
        return made
    }
}
