/// When and where a lint run happened, for formats that record it (JUnit's `timestamp` and
/// `hostname`). Given by the caller, so that reporters stay pure functions of their input.
public struct RunInfo: Sendable, Hashable {
    /// Start of the run in seconds since 1970-01-01 UTC; nil when unknown.
    public var startTime: Double?
    /// The machine's name; `localhost` when unknown, as the JUnit schema asks.
    public var hostname: String

    public init(startTime: Double? = nil, hostname: String = "localhost") {
        self.startTime = startTime
        self.hostname = hostname.isEmpty ? "localhost" : hostname
    }

    /// The start as `YYYY-MM-DDTHH:MM:SS` in UTC (ISO 8601 without a zone, as JUnit wants);
    /// the epoch when unknown.
    public var timestamp: String { UTCTimestamp.text(secondsSince1970: startTime ?? 0) }
}

/// Calendar arithmetic for one timestamp format, without Foundation's formatters.
enum UTCTimestamp {
    /// `YYYY-MM-DDTHH:MM:SS` for whole seconds since the epoch (fractions dropped).
    static func text(secondsSince1970 seconds: Double) -> String {
        let total = Int(seconds.rounded(.down))
        let days = Int((Double(total) / 86_400).rounded(.down))
        let secondOfDay = total - days * 86_400
        let (year, month, day) = civilDate(daysSince1970: days)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
        return "\(yearText)-\(two(month))-\(two(day))T\(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))"
    }

    /// Year, month and day of a day count from 1970-01-01 in the proleptic Gregorian calendar
    /// (Howard Hinnant's `civil_from_days`).
    static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
