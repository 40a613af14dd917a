/// Which of the project's types run their members on the main actor.
enum MainActorTypes {
    /// `@MainActor` written on the type, one of its extensions or one of its ancestors.
    static func isAnnotatedMainActor(_ typeName: String, index: ProjectIndex) -> Bool {
        if index.type(named: typeName)?.attributes.contains("@MainActor") == true { return true }
        return index.allAncestors(of: typeName).contains { index.type(named: $0)?.attributes.contains("@MainActor") == true }
    }

    /// Annotated `@MainActor`, or one of the UIKit, AppKit or SwiftUI main-actor types, or inheriting
    /// from (conforming to) one, directly or through the project's types. One walk over the
    /// ancestors, remembered per type for the run.
    static func isMainActor(_ typeName: String, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        memo.value(for: "main-actor-type \(typeName)") {
            if Catalogue.mainActorBaseTypes.contains(typeName.lastNameComponent) { return true }
            if index.type(named: typeName)?.attributes.contains("@MainActor") == true { return true }
            return index.allAncestors(of: typeName).contains { name in
                Catalogue.mainActorBaseTypes.contains(name.lastNameComponent)
                    || index.type(named: name)?.attributes.contains("@MainActor") == true
            }
        }
    }
}
