/// SwiftUI: modifiers whose closures run again and again.
extension Catalogue {
    /// View modifiers whose closure runs on every appearance of the view (`.onAppear { … }`,
    /// `.task { … }`): work started there that outlives the closure piles up.
    public static let appearanceModifiers: Set<String> = ["onAppear", "task"]
}

extension Catalogue {
    /// Property wrappers through which a SwiftUI view observes an `ObservableObject` and redraws
    /// on its `objectWillChange`.
    public static let viewObservingAttributes: Set<String> = ["ObservedObject", "StateObject", "EnvironmentObject"]
}
