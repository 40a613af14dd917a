/// Which of the project's types run their members on the main actor.
enum MainActorTypes {
    /// `@MainActor` written on the type, one of its extensions or one of its ancestors.
    static func isAnnotatedMainActor(_ typeName: String, index: ProjectIndex) -> Bool {
        if index.type(named: typeName)?.attributes.contains("@MainActor") == true { return true }
        return index.allAncestors(of: typeName).contains { index.type(named: $0)?.attributes.contains("@MainActor") == true }
    }

    /// Annotated `@MainActor`, or inheriting from (conforming to) a UIKit, AppKit or SwiftUI type that is.
    /// Remembered per type for the run.
    static func isMainActor(_ typeName: String, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        memo.value(for: "main-actor-type \(typeName)") {
            isAnnotatedMainActor(typeName, index: index)
                || Catalogue.mainActorBaseTypes.contains { index.inherits(typeName, from: $0) }
        }
    }
}
