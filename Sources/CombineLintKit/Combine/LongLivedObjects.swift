/// Types whose objects live for the whole run of the app or of the tests, whoever holds them: a
/// retain cycle through such an object frees nothing later than it would have been freed anyway.
public enum LongLivedObjects {
    /// Whether objects of type `typeName` (a simple name) live for the whole run:
    /// - a test case (`XCTestCase` and its kin): XCTest keeps every test case object to the end;
    /// - an object made only by the type itself, in a static stored property
    ///   (`static let shared = Storage()`), or by the application's delegate or SwiftUI `App`:
    ///   the one instance is never released. A type with subclasses, or made anywhere else (a
    ///   test making its own), or made nowhere the project shows (a storyboard), does not count.
    public static func liveForTheRun(_ typeName: String, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        memo.value(for: "lives-for-the-run \(typeName)") {
            isTestCase(typeName, index: index) || isMadeOnlyForTheRun(typeName, index: index)
        }
    }

    /// Whether the object whose code holds token `token` (its enclosing type) lives for the whole run.
    public static func liveForTheRun(around token: Int, in tree: SyntaxTree, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        guard let t = tree.enclosingType(of: token) else { return false }
        return liveForTheRun(tree.types[t].name.lastNameComponent, index: index, memo: memo)
    }

    /// Whether `typeName` is a test case class.
    public static func isTestCase(_ typeName: String, index: ProjectIndex) -> Bool {
        Catalogue.testCaseClasses.contains { index.inherits(typeName, from: $0) }
    }

    private static func isMadeOnlyForTheRun(_ typeName: String, index: ProjectIndex) -> Bool {
        guard index.type(named: typeName)?.kind == .class else { return false }
        var made = false
        for reference in index.chainElements[typeName] {
            let tree = index.trees[reference.tree]
            let element = tree.chains[reference.chain].elements[reference.element]
            guard element.isCall else { continue }
            guard isStaticStoredValue(at: element.nameToken, ofType: typeName, in: tree)
                    || isInApplicationObject(element.nameToken, in: tree, index: index) else { return false }
            made = true
        }
        // Asked last: the subtypes of a type deep in a long inheritance chain are many.
        return made && index.subtypes(of: typeName).isEmpty
    }

    /// Token `token` lies in the initializer of a static stored property of type `typeName`.
    private static func isStaticStoredValue(at token: Int, ofType typeName: String, in tree: SyntaxTree) -> Bool {
        guard let t = tree.enclosingType(of: token), tree.types[t].name.lastNameComponent == typeName else { return false }
        return tree.types[t].variables.contains { v in
            let variable = tree.variables[v]
            return variable.isStatic && variable.initializer?.contains(token) == true
        }
    }

    /// Token `token` lies in the application's delegate or in a SwiftUI `App`.
    private static func isInApplicationObject(_ token: Int, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        guard let t = tree.enclosingType(of: token) else { return false }
        let name = tree.types[t].name.lastNameComponent
        return Catalogue.applicationObjects.contains { index.inherits(name, from: $0) }
    }
}
