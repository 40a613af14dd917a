/// What the app's own settings files (not its Swift sources) say about how it runs, as far as
/// object lifetimes depend on it. Read by the engine from the linted folders' `Info.plist` files.
public struct AppSettings: Sendable, Hashable {
    /// Some `Info.plist` sets `UIApplicationSupportsMultipleScenes` to true: the app may open more
    /// windows (scenes), and discards a scene, with its delegate, when the user closes it.
    public var supportsMultipleScenes: Bool

    public init(supportsMultipleScenes: Bool = false) {
        self.supportsMultipleScenes = supportsMultipleScenes
    }
}
