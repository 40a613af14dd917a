// Stand-ins for Combine's types, so that the fixture builds on Linux where Combine is missing.
import Foundation

public struct Publisher {
    public init() {}
    public func receive(on runLoop: RunLoop) -> Publisher { self }
}

/// The finding the plugins must surface (a warning, so the build still succeeds).
public let feed = Publisher().receive(on: RunLoop.main)
