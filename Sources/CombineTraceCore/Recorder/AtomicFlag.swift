#if canImport(Darwin)
import Darwin
#if canImport(Synchronization)
import Synchronization
#endif

/// A Boolean read on every traced event. On Apple platforms `Synchronization.Atomic` needs
/// macOS 15 / iOS 18 while the package supports macOS 10.15, so the storage is chosen when the flag
/// is made: an atomic (one relaxed load per read) where the system has it, an `os_unfair_lock`
/// round trip on older systems. Read from inlinable code (`TraceRecorder.isEnabled`), so that a
/// stopped tracer costs the read itself, not a call into this module.
@usableFromInline
final class AtomicFlag: @unchecked Sendable {
    @usableFromInline let storage: FlagStorage

    init() {
        #if canImport(Synchronization)
        if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
            storage = AtomicFlagStorage()
            return
        }
        #endif
        storage = LockedFlagStorage()
    }

    @inlinable var isOn: Bool { storage.isOn }

    func set(_ on: Bool) { storage.set(on) }
}

/// Where the flag lives; one subclass per way of reading it.
@usableFromInline
class FlagStorage: @unchecked Sendable {
    @usableFromInline var isOn: Bool { false }
    func set(_ on: Bool) {}
}

#if canImport(Synchronization)
@available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *)
private final class AtomicFlagStorage: FlagStorage, @unchecked Sendable {
    private let value = Atomic<Bool>(false)

    override var isOn: Bool { value.load(ordering: .relaxed) }
    override func set(_ on: Bool) { value.store(on, ordering: .relaxed) }
}
#endif

private final class LockedFlagStorage: FlagStorage, @unchecked Sendable {
    private let lock: UnsafeMutablePointer<os_unfair_lock>
    private var value = false

    override init() {
        lock = .allocate(capacity: 1)
        lock.initialize(to: os_unfair_lock())
    }

    deinit { lock.deallocate() }

    override var isOn: Bool {
        os_unfair_lock_lock(lock)
        defer { os_unfair_lock_unlock(lock) }
        return value
    }

    override func set(_ on: Bool) {
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
/// Read from inlinable code (`TraceRecorder.isEnabled`), so that a stopped tracer costs the load
/// itself, not a call into this module.
@usableFromInline
final class AtomicFlag: Sendable {
    @usableFromInline let value = Atomic<Bool>(false)

    @inlinable var isOn: Bool { value.load(ordering: .relaxed) }

    func set(_ on: Bool) { value.store(on, ordering: .relaxed) }
}

/// A counter handing out ids, safe from any thread.
final class AtomicCounter: Sendable {
    private let value = Atomic<UInt64>(0)

    /// The next value: 1, 2, 3, …
    func next() -> UInt64 { value.wrappingAdd(1, ordering: .relaxed).newValue }
}
#endif
