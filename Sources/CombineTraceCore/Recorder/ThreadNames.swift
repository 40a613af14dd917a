import Foundation

/// Names the current thread for the trace: `main`, the thread's own name when it has one, or
/// `thread-N` numbered in order of first appearance. Not thread-safe: the recorder calls it under
/// its lock. Names are cached by `pthread_self()`: `Thread.isMainThread` and `Thread.current`
/// cost hundreds of nanoseconds on Linux, a dictionary lookup costs a few. (A thread that reuses
/// the id of a finished one inherits its name; the main thread never finishes, so `main` is exact.)
struct ThreadNames {
    private var byThread: [UInt: String] = [:]
    private var unnamed = 0

    mutating func current() -> String {
        let key = currentThreadKey()
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
