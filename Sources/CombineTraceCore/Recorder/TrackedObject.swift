/// An object the recorder watches, as reported when it is still alive at a checkpoint.
public struct TrackedObject: Sendable, Equatable {
    /// The id written in `track`, `expect_release` and `release` events.
    public var id: UInt64
    /// The object's type name.
    public var type: String
    public var label: String
    /// Where `track` or `expectRelease` was called, `"Module/File.swift:12"`.
    public var site: String

    public init(id: UInt64, type: String, label: String, site: String) {
        self.id = id
        self.type = type
        self.label = label
        self.site = site
    }
}

/// The recorder's entry for a watched object: a weak reference, so watching never keeps it alive
/// and no Objective-C runtime is needed to notice the release.
final class WatchedObject {
    let info: TrackedObject
    weak var reference: AnyObject?
    var releaseExpected = false
    var released = false

    init(info: TrackedObject, reference: AnyObject) {
        self.info = info
        self.reference = reference
    }
}
