/// Every reporter, by name. (Minimal version; the reporters branch replaces this file.)
public enum ReporterRegistry {
    public static let all: [any Reporter.Type] = [XcodeReporter.self]

    /// The reporter called `name`, if any.
    public static func reporter(named name: String) -> (any Reporter.Type)? {
        all.first { $0.name == name }
    }
}
