import Dispatch

/// Nanoseconds on a clock that never goes back, counted from the clock's creation.
struct MonotonicClock: Sendable {
    private let origin = DispatchTime.now().uptimeNanoseconds

    @inline(__always) var now: UInt64 { DispatchTime.now().uptimeNanoseconds &- origin }
}
