/// Code of a test case (`XCTestCase`, `QuickSpec` and their project subclasses): it runs once,
/// off any screen, and drives its publishers itself.
public enum TestCaseCode {
    /// Whether token `token` of `tree` stands in a type (or a type nested in one) that is a test case.
    public static func contains(_ token: Int, of tree: SyntaxTree, index: ProjectIndex) -> Bool {
        var current = tree.enclosingType(of: token)
        while let t = current {
            let name = tree.types[t].name.lastNameComponent
            let bases = tree.types[t].inheritance.map { ProjectIndex.stripGenerics($0) }
            if bases.contains(where: Catalogue.testCaseClasses.contains) || LongLivedObjects.isTestCase(name, index: index) { return true }
            current = tree.types[t].parentType
        }
        return false
    }

    /// Whether the file at `path` lies in a test target's folder (`AppTests/`, `FeatureTests/`, not
    /// the bare `Tests/` above them, which also holds fixtures) or in a folder of test doubles
    /// (`Mocks/`, `Fakes/`, `TestSupport/`): its helpers outside any test case run in tests too.
    public static func isInTestFolder(_ path: String) -> Bool {
        path.split(separator: "/").dropLast().contains { component in
            (component.hasSuffix("Tests") && component != "Tests") || Catalogue.testFolderNames.contains(String(component))
        }
    }
}
