/// Two files with the same class: one made only by a `#Preview` (which runs in Xcode's canvas,
/// never in the app) and one made by the app's view. The class sends into a subject, assigns to
/// `self` and loops over a subject's values, so several rules can show they report only the
/// app's copy.
enum PreviewOnlyTypeFixture {
    static let preview = """
    final class PreviewFeed: ObservableObject {
        let events = PassthroughSubject<String, Never>()
        @Published var items: [String] = []
        private var bag = Set<AnyCancellable>()
        init() {
            events.map { [$0] }.assign(to: \\.items, on: self).store(in: &bag)
            Task { for await e in events.values { print(e) } }
        }
    }
    #Preview {
        FeedView(feed: PreviewFeed())
    }
    """

    /// The same class as `AppFeed`, held by a view's `@StateObject`.
    static let app = preview.replacingOccurrences(of: "PreviewFeed", with: "AppFeed")
        .replacingOccurrences(of: "#Preview {", with: "struct Root: View {\n    @StateObject var feed = AppFeed()\n    var body: some View {")
        + "\n}\n"

    /// Both files, as the rule tests' `findings(of:in:)` takes them.
    static let files: [(path: String, text: String)] = [(path: "Preview.swift", text: preview), (path: "App.swift", text: app)]
}
