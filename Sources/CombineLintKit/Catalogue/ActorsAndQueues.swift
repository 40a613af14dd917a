/// Types whose members belong to the main actor, and the queues that are not the main one.
extension Catalogue {
    /// UIKit, AppKit and SwiftUI types that are `@MainActor`: a type inheriting from one of them runs
    /// its members on the main actor, and Swift 6 checks that at run time in closures it makes.
    public static let mainActorBaseTypes: Set<String> = mainThreadTypes.union([
        "UITableViewController", "UICollectionViewController", "UINavigationController", "UITabBarController",
        "UIPageViewController", "UISplitViewController", "UIHostingController", "UIInputViewController",
        "UITableViewCell", "UICollectionViewCell", "UICollectionViewListCell", "UICollectionReusableView", "UITableViewHeaderFooterView",
        "UIControl", "UIButton", "UILabel", "UIImageView", "UIStackView", "UIScrollView", "UITableView",
        "UICollectionView", "UITextField", "UITextView", "UIWindow", "UIResponder", "UIApplicationDelegate",
        "NSWindowController", "NSWindow", "NSTableView", "NSCollectionView", "NSTableCellView", "NSControl",
        "NSHostingController", "NSHostingView", "NSResponder", "Scene", "ViewModifier",
        "UIProgressView", "UISwitch", "UISlider", "UISegmentedControl", "UIActivityIndicatorView", "UISearchBar",
        "UINavigationItem", "UIBarButtonItem", "UITabBarItem", "NSTextField", "NSButton", "NSImageView", "NSProgressIndicator",
        "NSCollectionViewItem", "NSTableRowView", "NSOutlineView", "NSSplitViewController", "NSTabViewController",
        "UISearchController", "UIAlertController", "NSMenu", "NSMenuItem",
        "NSStatusItem", "NSStatusBarButton", "NSPopover", "NSPanel", "NSSearchField", "NSSegmentedControl",
        "UIRefreshControl", "UIPageControl", "UIDatePicker", "UIPickerView", "UIStepper", "UIToolbar", "UINavigationBar",
        "UITabBar", "UIVisualEffectView", "NSTextView", "NSScrollView", "NSStackView", "NSSlider", "NSPopUpButton",
        "NSLevelIndicator", "NSBox", "NSTabView", "NSSplitView", "NSVisualEffectView", "NSDatePicker", "NSStepper",
        "NSSwitch", "NSColorWell", "NSPathControl", "NSComboBox", "NSTokenField", "NSSecureTextField",
        // MapKit's views.
        "MKMapView", "MKAnnotationView", "MKMarkerAnnotationView", "MKPinAnnotationView", "MKUserLocationView",
    ])

    /// Framework calls that make a main-actor object, as a stored property's initializer writes
    /// them: `NSStatusBar.system.statusItem(withLength: NSStatusItem.variableLength)`.
    public static let mainActorObjectFactories: [String] = ["statusItem(withLength:"]

    /// The application object as code names it, by the names of its path: AppKit's `NSApp` global
    /// and the shared `UIApplication`/`NSApplication`, main-actor objects whatever type holds the
    /// code (`NSApp.dockTile.badgeLabel = …`, `UIApplication.shared.applicationIconBadgeNumber = …`).
    public static let sharedApplicationObjects: [[String]] = [["NSApp"], ["UIApplication", "shared"], ["NSApplication", "shared"]]

    /// Main-actor types that stand for the application or its windows, not for something it shows:
    /// an app delegate is a `UIResponder`.
    public static let applicationObjectTypes: Set<String> = [
        "UIResponder", "NSResponder", "UIApplicationDelegate", "UIWindow", "NSWindow",
    ]

    /// AppKit's menu bar item, which is no view but shows its button's title and image in the menu
    /// bar, and how one is made (`NSStatusBar.system.statusItem(withLength:)`).
    public static let statusItemType = "NSStatusItem"
    public static let statusItemMaker = ".statusItem(withLength:"

    /// Members of a view or control whose value shows nothing until the user asks for it (a hover,
    /// an assistive technology): a timer that sets them each tick changes nothing the user watches.
    public static let unseenViewMembers: Set<String> = [
        "toolTip", "accessibilityLabel", "accessibilityValue", "accessibilityHint", "accessibilityIdentifier", "identifier", "tag",
    ]

    /// Foundation's tests of the current thread that are true on the main thread only, as written
    /// without spaces: code in `if Thread.isMainThread { … }` runs on main.
    public static let mainThreadTests: Set<String> = ["Thread.isMainThread", "Thread.current.isMainThread"]

    /// How a queue or scheduler that is not the main thread is written, as the text of an argument
    /// or of a property's initial value without spaces (`DispatchQueue.global(qos: .utility)`,
    /// `DispatchQueue(label: "sync")`, `OperationQueue()`).
    public static let backgroundQueuePrefixes: [String] = [
        "DispatchQueue.global", ".global(", "DispatchQueue(label:", "OperationQueue()", "DispatchQueue.init(label:",
    ]

    /// Calls that give back what their closure returns (`queue.sync { () -> T in … }`,
    /// `lock.withLock { … }`): a local they initialize has the closure's result type.
    public static let closureResultCalls: Set<String> = ["sync", "withLock", "withExtendedLifetime", "performAndWait"]

    /// Core Data: the call that runs its block on a private queue of its own, the call that runs its
    /// block on the context's queue, and how a context with a private queue is made
    /// (`container.newBackgroundContext()`, `NSManagedObjectContext(concurrencyType: .privateQueueConcurrencyType)`).
    public static let coreDataBackgroundTaskCall = "performBackgroundTask"
    public static let coreDataPerformCall = "perform"
    public static let coreDataBackgroundContextMaker = "newBackgroundContext"
    public static let coreDataPrivateQueueMarkers: [String] = ["newBackgroundContext(", "privateQueueConcurrencyType"]
    /// The notifications a managed object context posts on its own queue, by their last name
    /// (`.NSManagedObjectContextDidSave`, `NSManagedObjectContext.didSaveObjectsNotification`).
    public static let coreDataContextNotifications: Set<String> = [
        "NSManagedObjectContextDidSave", "NSManagedObjectContextWillSave", "NSManagedObjectContextObjectsDidChange",
        "didSaveObjectsNotification", "willSaveObjectsNotification", "didChangeObjectsNotification",
    ]

    /// Schedulers that run work at once on the calling thread: they do not change where values arrive.
    public static let immediateSchedulers: Set<String> = ["ImmediateScheduler.shared", ".immediate"]

    /// Types whose instances any thread may use: a Combine subject (`send` and `value` take a lock),
    /// a logger, a queue, the notification center and user defaults, and the standard library's and
    /// Foundation's values. Reading a `let` property of one of these from a background queue races
    /// with nothing on the main actor.
    public static let threadSafeTypes: Set<String> = [
        "PassthroughSubject", "CurrentValueSubject", "Logger", "OSLog", "DispatchQueue", "OperationQueue",
        "NotificationCenter", "UserDefaults", "String", "Int", "Double", "Float", "Bool", "UUID", "URL", "Date",
        "Data", "TimeInterval", "CGFloat", "Decimal",
        // Caches Apple documents as safe to use from any thread.
        "NSCache", "URLCache",
    ]
}

