/// The project's own operators that handle failure: `extension Publisher { func ignoreFailure() ->
/// AnyPublisher<Output, Never> { self.catch { _ in Empty() }.eraseToAnyPublisher() } }`. A chain
/// that calls one ends where its body's error handler would, as if that handler were written there.
enum ProjectErrorHandlers {
    /// Whether every publisher extension method of the project named `name` returns the publisher
    /// it is called on through an error handler (`catch`, `replaceError`, `assertNoFailure`).
    static func handlesErrors(_ name: String, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        memo.value(for: "project-error-handler \(name)") {
            PublisherExtensions.everyMethod(named: name, index: index) { PublisherExtensions.callsStep(Catalogue.errorHandlers, in: $0) }
        }
    }
}
