/// Objects that live for the whole run of an app or a test run, whatever holds them: a retain
/// cycle through one of them keeps alive nothing that would have been released anyway.
extension Catalogue {
    /// Test case base classes. XCTest keeps every test case object it made until the whole run
    /// ends (the suite holds them all), so a cycle through one never frees anything sooner.
    public static let testCaseClasses: Set<String> = ["XCTestCase", "QuickSpec", "AsyncSpec"]

    /// The application's delegate and SwiftUI's `App`: made once at launch, kept by the system
    /// until the process ends. What only they create lives as long as they do.
    public static let applicationObjects: Set<String> = applicationDelegateProtocols.union(["App"])

    /// The application delegate protocols: the class conforming to one is made once at launch.
    public static let applicationDelegateProtocols: Set<String> = ["UIApplicationDelegate", "NSApplicationDelegate"]

    /// The scene delegate protocols: UIKit makes one such object per scene, when the scene connects.
    public static let sceneDelegateProtocols: Set<String> = ["UIWindowSceneDelegate", "UISceneDelegate"]

    /// What an app that works with more scenes than the one it launches with writes (opening or
    /// closing one, reading the open ones, choosing which scene takes an activity): only there is a
    /// scene, with its delegate, discarded while the app runs, when the user closes its window.
    /// (Support declared only in `Info.plist` is not seen: the analysis reads Swift sources.)
    public static let sceneOpeningCalls: Set<String> = [
        "requestSceneSessionActivation", "requestSceneSessionDestruction", "openSessions", "activationConditions",
        "targetContentIdentifier",
    ]

    /// How code names the application object whose scene API it calls (`UIApplication.shared.openSessions`,
    /// `application.requestSceneSessionActivation(…)` in the delegate).
    public static let applicationReceiverNames: Set<String> = ["shared", "application", "app", "UIApplication", "NSApp"]

    /// The type an app delegate returns from `application(_:configurationForConnecting:options:)`:
    /// an app that names two or more configurations (`"Default Configuration"`, `"Patient Window"`)
    /// connects scenes of several kinds, so more than one at a time.
    public static let sceneConfigurationType = "UISceneConfiguration"

    /// A view's storage that SwiftUI keeps for as long as the view stays in place (its initial
    /// value is made once, not on every rebuild of the view value).
    public static let viewOwnedStateAttributes: Set<String> = ["StateObject", "State"]
}

/// Code that the app never runs, and object factories that run once per app run.
extension Catalogue {
    /// Preview code: Xcode runs it in its canvas, never in the app, so an object made there is
    /// no instance of the running app. `#Preview { … }` and types conforming to `PreviewProvider`.
    public static let previewMacros: Set<String> = ["#Preview"]
    public static let previewProtocols: Set<String> = ["PreviewProvider"]

    /// Dependency-injection scopes whose factory closure runs once per container, which the app
    /// keeps to the end: `.inObjectScope(.container)` (Swinject), `.scope(.application)` and
    /// `.scope(.cached)` (Resolver), `.singleton` and `.cached` (Factory). Weak and per-graph
    /// scopes (`.weak`, `.shared`, `.graph`, `.transient`, `.unique`) make objects that die.
    public static let singletonScopeCalls: Set<String> = ["inObjectScope", "scope"]
    public static let singletonScopes: Set<String> = ["container", "application", "singleton", "cached"]
    /// Factory's scope members written without a call (`self { Service() }.singleton`).
    public static let singletonScopeMembers: Set<String> = ["singleton", "cached"]
    /// Registration calls of a container whose factory closure follows (`register(T.self) { r in … }`).
    public static let registrationCalls: Set<String> = ["register", "autoregister"]
    /// The container argument that makes every registration without a scope of its own a
    /// singleton: `Container(defaultObjectScope: .container)` (Swinject).
    public static let defaultScopeLabel = "defaultObjectScope"
}
