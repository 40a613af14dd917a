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

    /// Whether `capture` of closure `c` binds a value of a main-actor type (`[weak imageView]` with
    /// `imageView: UIImageView`, `[label]`), by the type of the name it captures where the closure is made.
    static func capturesMainActorValue(_ capture: Capture, ofClosure c: Int, in tree: SyntaxTree, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        namesMainActorValue(capture.name, at: tree.closures[c].open, in: tree, index: index, memo: memo)
    }

    /// Whether `name`, as written at token `token`, holds a value of a main-actor type (its declared type).
    static func namesMainActorValue(_ name: String, at token: Int, in tree: SyntaxTree, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        guard let type = TypeResolver.typeOfName(name, at: token, in: tree, index: index) else { return false }
        return isMainActor(type, index: index, memo: memo)
    }

    /// `isMainActor(_:index:memo:)` for the type declared at `t` of `tree`. When its simple name is
    /// shared by several declarations, the declaration answers for itself: `@MainActor` written on
    /// it, or a main-actor type among its own bases (an extension is judged by name).
    static func isMainActor(typeAt t: Int, in tree: SyntaxTree, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        let type = tree.types[t]
        let name = type.name.lastNameComponent
        guard type.kind != .extension, index.declaresSeveralTypes(named: name) else { return isMainActor(name, index: index, memo: memo) }
        if type.attributes.contains("@MainActor") { return true }
        return type.inheritance.map { ProjectIndex.stripGenerics($0) }.contains { isMainActor($0, index: index, memo: memo) }
    }
}
