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

    /// Whether token `token` of `tree` stands in test code or a test double: a test case, a type
    /// named as a double (`MockFeedService`, `FeedServiceStub`), or a file of a test folder. Such
    /// code stands in for the app's in tests only; what the app runs is its other code.
    public static func isTestOrDouble(_ token: Int, of tree: SyntaxTree, index: ProjectIndex) -> Bool {
        if isInTestFolder(tree.file.path) || contains(token, of: tree, index: index) { return true }
        var current = tree.enclosingType(of: token)
        while let t = current {
            let name = tree.types[t].name.lastNameComponent
            if Catalogue.testDoubleWords.contains(where: { namesWord($0, in: name) }) { return true }
            current = tree.types[t].parentType
        }
        return false
    }

    /// `word` is a word of the camel-cased `name`: it starts there and no lower-case letter goes on
    /// after it (`Mock` in `MockAPI` and `APIMock`, not in `Mockingbird`).
    static func namesWord(_ word: String, in name: String) -> Bool {
        var rest = Substring(name)
        while let range = rest.range(of: word) {
            let after = rest[range.upperBound...]
            if after.first.map({ !$0.isLowercase }) ?? true { return true }
            rest = after
        }
        return false
    }
}
