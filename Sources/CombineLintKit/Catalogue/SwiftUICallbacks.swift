/// SwiftUI: modifiers whose closures run again and again.
extension Catalogue {
    /// View modifiers whose closure runs on every appearance of the view (`.onAppear { … }`,
    /// `.task { … }`): work started there that outlives the closure piles up.
    public static let appearanceModifiers: Set<String> = ["onAppear", "task"]

    /// View modifiers whose closure runs again and again: on every appearance, on every change of
    /// a value (`.onChange(of:)`), every value of a publisher (`.onReceive`), every tap, submit or
    /// pull to refresh. A subscription stored from there adds one more each time.
    public static let repeatedViewModifiers: Set<String> = appearanceModifiers.union(["onChange", "onReceive", "onTapGesture", "onSubmit", "refreshable"])

    /// A representable's teardown: SwiftUI calls it (with the coordinator) when it removes the view,
    /// after which it drops the coordinator (`dismantleUIView(_:coordinator:)`).
    public static let representableTeardownCallbacks: Set<String> = [
        "dismantleUIView", "dismantleNSView", "dismantleUIViewController", "dismantleNSViewController",
    ]
}

extension Catalogue {
    /// View modifiers whose closure builds content while the view's `body` is evaluated (not an
    /// action that runs later): `.overlay { … }`, `.toolbar { … }`, `.sheet(isPresented:) { … }`.
    public static let viewContentModifiers: Set<String> = [
        "overlay", "background", "toolbar", "sheet", "popover", "fullScreenCover", "safeAreaInset", "contextMenu",
        "navigationDestination", "mask", "alert", "confirmationDialog", "searchSuggestions", "swipeActions", "badge",
        "inspector", "listRowBackground", "tabItem",
        // Collection work done while building (`items.map { model.rowModel(for: $0) }`).
        "map", "flatMap", "filter", "compactMap", "sorted", "first",
    ]

    /// View initializers whose first closure is an action run on a tap, not content.
    public static let viewActionInitializers: Set<String> = ["Button"]

    /// View modifiers whose closure is an action run later (an appearance, a tap, a change, a
    /// disappearance), never while the view draws: what it reads does not decide what is shown.
    public static let viewActionModifiers: Set<String> = repeatedViewModifiers.union(["onDisappear", "onLongPressGesture"])
}

extension Catalogue {
    /// Property wrappers through which a SwiftUI view observes an `ObservableObject` and redraws
    /// on its `objectWillChange`.
    public static let viewObservingAttributes: Set<String> = ["ObservedObject", "StateObject", "EnvironmentObject"]

    /// Property wrappers of a SwiftUI `App` that make and keep the application delegate of the
    /// type their argument names (`@UIApplicationDelegateAdaptor(AppDelegate.self) var appDelegate`).
    public static let delegateAdaptorAttributes: Set<String> = ["UIApplicationDelegateAdaptor", "NSApplicationDelegateAdaptor",
                                                                "WKApplicationDelegateAdaptor"]

    /// Framework bases and protocols of an `ObservableObject` class that announce no changes of their
    /// own: an object whose other ancestors are all in the project announces only what they declare.
    public static let changeFreeFrameworkBases: Set<String> = [
        "ObservableObject", "NSObject", "AnyObject", "Identifiable", "Equatable", "Hashable", "Sendable",
        "Codable", "Encodable", "Decodable", "CustomStringConvertible", "CustomDebugStringConvertible",
    ]
}
