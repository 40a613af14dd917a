/// Names that code conventionally gives to framework things.
extension Catalogue {
    /// Names under which code calls methods on `self` from a closure: `self`, and the aliases of
    /// `guard let strongSelf = self` / `weak var weakSelf = self`.
    public static let selfAliases: Set<String> = ["self", "strongSelf", "weakSelf"]

    /// Endings of protocol names among UIKit and AppKit types (`UITableViewDelegate`,
    /// `UIViewRepresentable`) and their usual project counterparts: a `UI…`/`NS…` name with one of
    /// these endings is a protocol, any other is a class.
    public static let platformProtocolSuffixes = ["Delegate", "DataSource", "Protocol", "Representable", "Coordinating"]

    /// Words (lower case) in the names and types of values that notify the user once: an error,
    /// an alert, a toast, a banner, a failure (`lastSyncError`, `AlertItem`, `toastMessage`, `authFailure`).
    public static let noticeWords = ["error", "alert", "toast", "banner", "failure"]

    /// A handler named for what happened (`onPatientMatched`, `onSelect`): `on` and a capitalised word.
    public static func namesEventHandler(_ name: String) -> Bool {
        guard name.hasPrefix("on"), let third = name.dropFirst(2).first else { return false }
        return third.isUppercase
    }

    /// `$name` (a projected `@Published` property or a `$`-named binding), not a closure's `$0`.
    public static func isProjected(_ name: String) -> Bool {
        guard name.hasPrefix("$"), let second = name.dropFirst().first else { return false }
        return !second.isNumber
    }

    /// Words (lower case, whole camel-case words) in the names of values that describe where or
    /// what something is now: a selection, a highlight, a focus, a hover, a location or position, a
    /// status, or a credential the app holds until it changes (`selectedPass`, `highlightedRoomID`, `currentLocation`,
    /// `pinPosition`, `refillStatus`, `pushToken`). Such a value is
    /// state by nature: replaying the latest one to a new subscriber is right, whatever its consumers skip.
    public static let standingStateWords: Set<String> = [
        "selected", "selection", "highlighted", "focused", "hovered", "location", "position", "coordinate", "status", "state",
        "token", "tokens",
    ]

    /// Words (lower case, whole camel-case words) that name the latest value of something that keeps
    /// changing (`latestReading`, `currentTrack`, `activeBabyID`): a standing state when the name says
    /// of what, and that is no notice (`current: Toast?` is the toast on show, an event).
    public static let latestValueWords: Set<String> = ["latest", "current", "active"]

    /// Last words (lower case) of a value type that holds a state (`OccupancySnapshot`, `PlayerState`,
    /// `SyncStatus`): a property named only `latest` or `current` holding one is the latest state.
    public static let stateValueTypeWords: Set<String> = ["snapshot", "state", "status", "summary", "stats", "reading"]

    /// Words (lower case, whole camel-case words) that make a value a request to act, an event
    /// whatever it carries (`recenterRequest: CLLocationCoordinate2D?`).
    public static let requestWords: Set<String> = ["request", "requested", "command"]

    /// Words (lower case, whole camel-case words) that make a subject's values commands, each asking
    /// for work of its own that must run to its end (`acknowledgeTapped`, `deleteRequests`,
    /// `toggles`), or the ends of jobs, each starting one (`captureCompleted`, `reloadFinished`,
    /// `submittedBid`, `confirmedBooking`, `mountEvents`): no value supersedes an earlier one, as a newer query does an older one.
    public static let commandWords: Set<String> = [
        "acknowledge", "ack", "archive", "approve", "close", "confirm", "delete", "deletes", "edit", "edits", "mount",
        "reject", "remove", "restore", "save", "saves", "submit", "toggle", "toggles", "unmount", "upload", "uploads",
        "completed", "finished", "submitted", "saved", "sent", "uploaded", "deleted", "placed", "confirmed", "confirmation",
    ]

    /// First words (lower case) of names that say something happened, as Cocoa's delegate methods do
    /// (`didStartSession`, `didFinishImport`): each value is an occurrence, not a standing state.
    public static let happenedFirstWords: Set<String> = ["did"]

    /// Value types that are a place, whatever the property's name (`CLLocation?`).
    public static let locationTypes: Set<String> = ["CLLocation", "CLLocationCoordinate2D", "CLPlacemark"]

    /// First words of a timestamp property that records when something last happened
    /// (`lastSync: Date?`, `lastFrameDate`): state shown as "synced 5 min ago".
    public static let latestTimeWords: Set<String> = ["last", "latest"]

    /// Last words of a timestamp property named for what happened at it (`refreshedAt: Date?`, `syncedOn`).
    public static let timestampLastWords: Set<String> = ["at", "on"]

    /// The lower-cased camel-case words of a name: `highlightedRoomID` gives highlighted, room, id;
    /// `URLPosition` gives url, position.
    public static func camelCaseWords(_ name: String) -> [String] {
        let characters = Array(name)
        var words: [String] = []
        var current = ""
        for (i, character) in characters.enumerated() {
            if character == "_" {
                if !current.isEmpty { words.append(current.lowercased()) }
                current = ""
                continue
            }
            // A word starts at an upper-case letter after a lower-case one (`roomID`), or at the
            // last upper-case letter of a run that a lower-case one follows (`URLPosition`).
            if character.isUppercase, !current.isEmpty, i > 0 {
                let previous = characters[i - 1]
                let nextIsLower = i + 1 < characters.count && characters[i + 1].isLowercase
                if !previous.isUppercase || nextIsLower {
                    words.append(current.lowercased())
                    current = ""
                }
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current.lowercased()) }
        return words
    }
}

/// How projects name their test doubles and the folders that hold them.
extension Catalogue {
    /// Words that mark a type as a test double (`MockFeedService`, `FeedServiceMock`,
    /// `FeedMockService`, `SpyFlow`), as a word of the name: `Mockingbird` is not one.
    public static let testDoubleWords = ["Mock", "Stub", "Fake", "Spy"]

    /// The first word of a SwiftUI preview's stand-in (`PreviewLibrary`), in a file that declares
    /// previews (`previewMacros`, `previewProtocols`): it feeds the canvas only, as a double feeds a test.
    public static let previewDoublePrefix = "Preview"

    /// The first word of a static member that makes what the canvas uses (`static let preview =
    /// AppEnvironment(api: PreviewAPIClient())`, a dependency's `previewValue`): a `Preview…` type made
    /// only there is a stand-in, as one made in a `#Preview` is.
    public static let previewFactoryPrefix = "preview"

    /// Path components of folders of preview support (Xcode's development assets, `Preview Content`),
    /// where a `Preview…` stand-in feeds the canvas only, whether or not its file declares a preview.
    public static let previewFolderNames: Set<String> = ["Preview", "Previews", "Preview Content", "PreviewContent", "PreviewSupport"]

    /// Path components of folders that hold tests and test doubles (besides a test target's, whose
    /// name ends in `Tests`). A bare `Tests` is not one: it is the root of a package's test targets
    /// and of their fixtures (whole packages, linted as such), and it may stand above a project.
    public static let testFolderNames: Set<String> = ["Mocks", "Mock", "Fakes", "Stubs", "TestDoubles", "TestSupport"]
    /// First words (lower case) of a file of test doubles in a tests folder (`MockServices.swift`).
    public static let testDoubleFileWords: Set<String> = ["mock", "mocks", "fake", "fakes", "stub", "stubs"]
    /// The bare folders above test targets (`Tests/`), which also hold fixtures.
    public static let testsRootFolderNames: Set<String> = ["Tests", "Test"]
}
