/// What the app's own settings files (not its Swift sources) say about how it runs, as far as
/// object lifetimes and threads depend on it. Read by the engine from the linted folders'
/// `Info.plist` files and build settings (`project.pbxproj`, `Package.swift`).
public struct AppSettings: Sendable, Hashable {
    /// Some `Info.plist` sets `UIApplicationSupportsMultipleScenes` to true: the app may open more
    /// windows (scenes), and discards a scene, with its delegate, when the user closes it.
    public var supportsMultipleScenes: Bool
    /// Some target's build settings make the main actor the default isolation (Swift 6.2's
    /// `SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor`, a package's `.defaultIsolation(MainActor.self)`):
    /// a type written with no isolation may be the main actor's, so a task it starts may run on main.
    public var defaultsToMainActor: Bool

    public init(supportsMultipleScenes: Bool = false, defaultsToMainActor: Bool = false) {
        self.supportsMultipleScenes = supportsMultipleScenes
        self.defaultsToMainActor = defaultsToMainActor
    }

    /// Whether a file of this name is one whose settings `read(_:ofFileNamed:)` takes.
    public static func isSettingsFile(named name: String) -> Bool {
        InfoPropertyList.isInfoPropertyList(named: name) || BuildSettings.isBuildSettingsFile(named: name)
    }

    /// Adds what the file's bytes say (a setting one file turns on stays on).
    public mutating func read(_ bytes: [UInt8], ofFileNamed name: String) {
        if InfoPropertyList.isInfoPropertyList(named: name) {
            if InfoPropertyList.supportsMultipleScenes(bytes) { supportsMultipleScenes = true }
        } else if BuildSettings.isBuildSettingsFile(named: name) {
            if BuildSettings.defaultsToMainActor(bytes) { defaultsToMainActor = true }
        }
    }
}

/// The one build setting CombineLint reads, found by text in an Xcode project or a package manifest.
public enum BuildSettings {
    /// Whether a file of this name holds build settings: an Xcode project's `project.pbxproj`, a `Package.swift`.
    public static func isBuildSettingsFile(named name: String) -> Bool {
        name == "project.pbxproj" || name == "Package.swift"
    }

    /// Whether the text sets the main actor as the default isolation: `SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor;`
    /// in a `project.pbxproj`, `.defaultIsolation(MainActor.self)` in a `Package.swift`.
    public static func defaultsToMainActor(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        if text.contains("defaultIsolation(MainActor.self)") { return true }
        var rest = text[...]
        while let range = rest.range(of: "SWIFT_DEFAULT_ACTOR_ISOLATION") {
            let value = rest[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\t" || $0 == "\"" }
            if value.hasPrefix("MainActor") { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }
}
