import Foundation

/// Results about the project that a rule works out once per lint run and reuses for every file:
/// the call graph of a type whose extensions are spread over many files, say. Without it, each of
/// those files would rebuild the same graph, and the run would grow with the square of the type.
///
/// One memo is made per run and shared by the workers; a value depends only on the index and
/// the key, so whichever worker computes it first, every file sees the same value.
public final class ProjectMemo: @unchecked Sendable {
    /// The values, spread over stripes by the key's hash: the workers ask for memoised values
    /// thousands of times per file, and one lock for all of them made the second worker wait
    /// on the first most of the time (21,000 futex waits in a run of 8,000 small files).
    private let stripes: [Stripe]

    /// One lock and the values of the keys that hash to it.
    private final class Stripe {
        let condition = NSCondition()
        var values: [String: any Sendable] = [:]
        /// Keys whose value a worker is making now: another worker asking for one waits for it
        /// rather than making it a second time (a project-wide value can take tens of milliseconds).
        var inProgress: Set<String> = []
    }

    public init() {
        stripes = (0..<Self.stripeCount).map { _ in Stripe() }
    }

    private static let stripeCount = 64

    private func stripe(for key: String) -> Stripe {
        stripes[Int(UInt(bitPattern: key.hashValue) % UInt(Self.stripeCount))]
    }

    /// The value stored under `key`, if one was made already.
    public func known<Value: Sendable>(_ key: String, as type: Value.Type) -> Value? {
        let stripe = stripe(for: key)
        stripe.condition.lock()
        defer { stripe.condition.unlock() }
        return stripe.values[key] as? Value
    }

    /// The value stored under `key`, made by `make` the first time it is asked for. `Value` must
    /// not be an optional: a missing key would cast to a stored `nil`. `make` may ask for other
    /// keys (their values never depend on this one, or a single worker would never finish either).
    public func value<Value: Sendable>(for key: String, _ make: () -> Value) -> Value {
        let stripe = stripe(for: key)
        stripe.condition.lock()
        while true {
            if let stored = stripe.values[key] as? Value {
                stripe.condition.unlock()
                return stored
            }
            guard stripe.inProgress.contains(key) else { break }
            stripe.condition.wait()
        }
        stripe.inProgress.insert(key)
        stripe.condition.unlock()
        // Made outside the lock, so that workers asking for other keys go on meanwhile.
        let made = make()
        stripe.condition.lock()
        stripe.values[key] = made
        stripe.inProgress.remove(key)
        stripe.condition.broadcast()
        stripe.condition.unlock()
        return made
    }
}
