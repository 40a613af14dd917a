/// Objects that live for the whole run of an app or a test run, whatever holds them: a retain
/// cycle through one of them keeps alive nothing that would have been released anyway.
extension Catalogue {
    /// Test case base classes. XCTest keeps every test case object it made until the whole run
    /// ends (the suite holds them all), so a cycle through one never frees anything sooner.
    public static let testCaseClasses: Set<String> = ["XCTestCase", "QuickSpec", "AsyncSpec"]

    /// The application's delegate and SwiftUI's `App`: made once at launch, kept by the system
    /// until the process ends. What only they create lives as long as they do.
    public static let applicationObjects: Set<String> = ["UIApplicationDelegate", "NSApplicationDelegate", "App"]
}
