extension Subscribers {
    /// How many more values a subscriber accepts: a count or unlimited; mirrors Combine's `Demand`.
    public struct Demand: Equatable, Comparable, Hashable, Sendable, CustomStringConvertible {
        /// `nil` means unlimited.
        public let max: Int?

        private init(_ max: Int?) { self.max = max }

        /// No limit on the number of values.
        public static let unlimited = Demand(nil)
        /// No values.
        public static let none = Demand(0)

        /// At most `value` values; `value` must not be negative.
        public static func max(_ value: Int) -> Demand {
            precondition(value >= 0, "demand must not be negative")
            return Demand(value)
        }

        public var description: String { max.map { "max(\($0))" } ?? "unlimited" }

        /// Adding to unlimited stays unlimited; counts saturate instead of overflowing.
        public static func + (lhs: Demand, rhs: Demand) -> Demand {
            guard let l = lhs.max, let r = rhs.max else { return .unlimited }
            let (sum, overflow) = l.addingReportingOverflow(r)
            return overflow ? .unlimited : Demand(sum)
        }

        public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }

        /// Unlimited minus anything stays unlimited; counts never go below zero.
        public static func - (lhs: Demand, rhs: Demand) -> Demand {
            guard let l = lhs.max else { return .unlimited }
            guard let r = rhs.max else { return .none }
            return Demand(Swift.max(0, l - r))
        }

        public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }

        public static func + (lhs: Demand, rhs: Int) -> Demand { lhs + .max(rhs) }
        public static func - (lhs: Demand, rhs: Int) -> Demand { lhs - .max(rhs) }
        public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }
        public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }

        public static func < (lhs: Demand, rhs: Demand) -> Bool {
            switch (lhs.max, rhs.max) {
            case (nil, _): return false
            case (_, nil): return true
            case let (l?, r?): return l < r
            }
        }

        public static func > (lhs: Demand, rhs: Int) -> Bool { lhs > .max(rhs) }
        public static func == (lhs: Demand, rhs: Int) -> Bool { lhs.max == rhs }
    }

    /// How a publisher ended; mirrors Combine's `Completion`.
    public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Sendable where Failure: Sendable {}
