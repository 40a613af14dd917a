import Foundation

/// Names the current thread and queue for the trace: `main`, the thread's own name when it has
/// one, or `thread-N` numbered in order of first appearance; and the dispatch queue's label when
/// it says more than the thread's name (on Linux every GCD worker is named `-qos.overcommit`; the
/// main queue on the main thread is left out). Not thread-safe: the recorder calls it under its
/// lock. Names are cached by `pthread_self()`: `Thread.isMainThread` and `Thread.current` cost
/// hundreds of nanoseconds on Linux, a dictionary lookup costs a few. (A thread that reuses the id
/// of a finished one inherits its name; the main thread never finishes, so `main` is exact.)
struct ThreadNames {
    private var byThread: [UInt: String] = [:]
    private var unnamed = 0
    private var queues = QueueLabels()
    private var lastKey: UInt = 0
    private var lastName: String?
    private var lastLabelPointer: UnsafePointer<CChar>?
    private var lastQueueKey: UInt = 0
    private var lastQueue: String?

    /// The current thread's name and queue label.
    mutating func current() -> (thread: String, queue: String?) {
        let key = currentThreadKey()
        let name: String
        if key == lastKey, let lastName {
            name = lastName
        } else {
            name = lookUp(key)
            lastKey = key
            lastName = name
        }
        let label = queues.current()
        // Whether the label says more than the name is decided once per change of either.
        if label.pointer != lastLabelPointer || key != lastQueueKey {
            lastLabelPointer = label.pointer
            lastQueueKey = key
            if let text = label.text, text != name, !(name == "main" && text == "com.apple.main-thread") {
                lastQueue = text
            } else {
                lastQueue = nil
            }
        }
        return (name, lastQueue)
    }

    private mutating func lookUp(_ key: UInt) -> String {
        if let name = byThread[key] { return name }
        let name: String
        if Thread.isMainThread {
            name = "main"
        } else if let own = Thread.current.name, !own.isEmpty {
            name = own
        } else {
            unnamed += 1
            name = "thread-\(unnamed)"
        }
        byThread[key] = name
        return name
    }
}

@inline(__always) private func currentThreadKey() -> UInt {
    #if canImport(Darwin)
    return UInt(bitPattern: pthread_self())
    #else
    return UInt(pthread_self())
    #endif
}
