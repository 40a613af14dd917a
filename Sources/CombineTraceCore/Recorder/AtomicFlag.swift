#if canImport(Darwin)
import Darwin

/// A Boolean read on every traced event; one `os_unfair_lock` round trip on Apple platforms,
/// where `Synchronization.Atomic` needs macOS 15 and the package supports 10.15.
final class AtomicFlag: @unchecked Sendable {
    private let lock: UnsafeMutablePointer<os_unfair_lock>
    private var value = false

    init() {
        lock = .allocate(capacity: 1)
        lock.initialize(to: os_unfair_lock())
    }

    deinit { lock.deallocate() }

    @inline(__always) var isOn: Bool {
        os_unfair_lock_lock(lock)
        defer { os_unfair_lock_unlock(lock) }
        return value
    }

    func set(_ on: Bool) {
        os_unfair_lock_lock(lock)
        value = on
        os_unfair_lock_unlock(lock)
    }
}

/// A counter handing out ids, safe from any thread.
final class AtomicCounter: @unchecked Sendable {
    private let lock: UnsafeMutablePointer<os_unfair_lock>
    private var value: UInt64 = 0

    init() {
        lock = .allocate(capacity: 1)
        lock.initialize(to: os_unfair_lock())
    }

    deinit { lock.deallocate() }

    /// The next value: 1, 2, 3, …
    func next() -> UInt64 {
        os_unfair_lock_lock(lock)
        defer { os_unfair_lock_unlock(lock) }
        value += 1
        return value
    }
}
#else
import Synchronization

/// A Boolean read on every traced event: one relaxed atomic load, clean under the thread sanitizer.
final class AtomicFlag: Sendable {
    private let value = Atomic<Bool>(false)

    @inline(__always) var isOn: Bool { value.load(ordering: .relaxed) }

    func set(_ on: Bool) { value.store(on, ordering: .relaxed) }
}

/// A counter handing out ids, safe from any thread.
final class AtomicCounter: Sendable {
    private let value = Atomic<UInt64>(0)

    /// The next value: 1, 2, 3, …
    func next() -> UInt64 { value.wrappingAdd(1, ordering: .relaxed).newValue }
}
#endif
