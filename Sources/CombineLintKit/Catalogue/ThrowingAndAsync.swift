/// Operators that may fail a stream, publishers of UI events, and the names of Swift
/// concurrency met around Combine (`Task`, `values`).
extension Catalogue {
    /// Operators whose closure may throw (or that decode and may fail): a thrown error is a
    /// completion, so the first one ends the stream they are applied to.
    public static let throwingOperators: Set<String> = ["tryMap", "tryFilter", "tryCompactMap", "tryScan", "tryReduce", "decode"]

    /// Members of UI controls that publish their events for as long as the control lives
    /// (CombineCocoa's `textField.textPublisher`, `button.tapPublisher`): like a notification,
    /// such a publisher never finishes.
    public static let controlEventPublisherMembers: Set<String> = [
        "textPublisher", "tapPublisher", "controlEventPublisher", "valuePublisher", "isOnPublisher",
        "selectedSegmentIndexPublisher", "didBeginEditingPublisher", "didEndEditingPublisher", "returnPublisher",
    ]

    /// The type that starts unstructured tasks (`Task { … }`, `Task.detached { … }`).
    public static let taskType = "Task"

    /// Members that turn a publisher or notifications into an `AsyncSequence` that lasts as long as
    /// they do (`publisher.values`, `NotificationCenter.default.notifications(named:)`).
    public static let asyncSequenceMembers: Set<String> = ["values", "notifications"]
}
