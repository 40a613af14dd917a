/// Code of a test case (`XCTestCase`, `QuickSpec` and their project subclasses): it runs once,
/// off any screen, and drives its publishers itself.
public enum TestCaseCode {
    /// Whether token `token` of `tree` stands in a type (or a type nested in one) that is a test case.
    public static func contains(_ token: Int, of tree: SyntaxTree, index: ProjectIndex) -> Bool {
        tree.enclosingTypes(of: token).contains { t in
            declaresTestCase(tree.types[t]) || LongLivedObjects.isTestCase(tree.types[t].name.lastNameComponent, index: index)
        }
    }

    /// A type declared as a test case by its written superclass (`: XCTestCase`, `: QuickSpec`).
    private static func declaresTestCase(_ type: TypeDecl) -> Bool {
        type.inheritance.contains { Catalogue.testCaseClasses.contains(ProjectIndex.stripGenerics($0)) }
    }

    private static let testsSuffix = Array("Tests".utf8)
    private static let longestTestFolderName = Catalogue.testFolderNames.map(\.utf8.count).max() ?? 0

    /// Whether the file at `path` lies in a test target's folder (`AppTests/`, `FeatureTests/`, not
    /// the bare `Tests/` above them, which also holds fixtures) or in a folder of test doubles
    /// (`Mocks/`, `Fakes/`, `TestSupport/`), or is itself a file of test doubles by its name
    /// (`Tests/Mocks.swift`, `Stubs.swift`): its helpers outside any test case run in tests too.
    public static func isInTestFolder(_ path: String) -> Bool {
        let found = FolderNames.contains(in: path) { component in
            (component.count > testsSuffix.count && component.suffix(testsSuffix.count).elementsEqual(testsSuffix))
                || (component.count <= longestTestFolderName && Catalogue.testFolderNames.contains(String(decoding: component, as: UTF8.self)))
        }
        return found || fileNamesTestDoubles(path)
    }

    /// Whether the file is one of test cases by XCTest's naming and content: its name ends in
    /// `Tests.swift` or `Test.swift` and it declares a test case (`SyncServiceTests.swift` holding
    /// `SyncServiceTests: XCTestCase` and the `AlwaysReachable` double its tests use).
    private static func isFileOfTestCases(_ tree: SyntaxTree) -> Bool {
        let path = tree.file.path
        guard path.hasSuffix("Tests.swift") || path.hasSuffix("Test.swift") else { return false }
        return tree.types.contains(where: declaresTestCase)
    }

    /// Whether the file's name without its extension is one of the test folder names (`Tests/Mocks.swift`).
    /// Read from the bytes, as the folders are: the question is asked for every type.
    private static func fileNamesTestDoubles(_ path: String) -> Bool {
        let bytes = path.utf8
        let start = bytes.lastIndex(of: UInt8(ascii: "/")).map { bytes.index(after: $0) } ?? bytes.startIndex
        let end = bytes[start...].lastIndex(of: UInt8(ascii: ".")) ?? bytes.endIndex
        let count = bytes.distance(from: start, to: end)
        guard count > 0 else { return false }
        if count <= longestTestFolderName, Catalogue.testFolderNames.contains(String(path[start..<end])) { return true }
        // `Tests/MockServices.swift`, `Tests/FakeClock.swift`: a file named for doubles by its first word,
        // in the bare tests folder (elsewhere, `Sources/StubsView.swift` may be the app's).
        guard let first = Catalogue.camelCaseWords(String(path[start..<end])).first,
              Catalogue.testDoubleFileWords.contains(first) else { return false }
        return FolderNames.contains(in: path, namedOneOf: Catalogue.testsRootFolderNames)
    }

    /// Whether `property` is test code's or a test double's (`isTestOrDouble`: a `MockFeed`'s, one in
    /// `Tests/Mocks`), or a protocol's requirement (`var positions: AnyPublisher<…> { get }`): neither
    /// is what the app's objects hold, which its conformers' declarations decide.
    public static func isTestDoubleOrRequirement(_ property: IndexedProperty, index: ProjectIndex) -> Bool {
        guard let (tree, v) = index.declaration(of: property) else { return isInTestFolder(property.file) }
        let variable = tree.variables[v]
        if let type = variable.enclosingType, tree.types[type].kind == .protocol { return true }
        return isTestOrDouble(variable.nameToken, of: tree, index: index)
    }

    /// Whether token `token` of `tree` stands in test code or a test double: a test case, a type
    /// named as a double (`MockFeedService`, `FeedServiceStub`), a file of a test folder, or a file
    /// of test cases (`SyncServiceTests.swift`). Such
    /// code stands in for the app's in tests only; what the app runs is its other code.
    public static func isTestOrDouble(_ token: Int, of tree: SyntaxTree, index: ProjectIndex) -> Bool {
        if isInTestFolder(tree.file.path) || contains(token, of: tree, index: index) || isFileOfTestCases(tree) { return true }
        return tree.enclosingTypes(of: token).contains { t in
            namesTestDouble(tree.types[t].name.lastNameComponent) || PreviewCode.isStandIn(named: tree.types[t].name.lastNameComponent, in: tree, index: index)
        }
    }

    /// The functions among `functions` that the app runs: those outside test code and test doubles,
    /// or all of them when each one is a test's. A double's `fetch()` returning the subject its test
    /// drives stands in for the app's request in tests only; with no other implementation it is all
    /// there is to read.
    public static func preferringApp(_ functions: [DeclarationReference], index: ProjectIndex) -> [DeclarationReference] {
        let app = functions.filter { !isTestOrDouble(index.trees[$0.tree].functions[$0.item].nameToken, of: index.trees[$0.tree], index: index) }
        return app.isEmpty ? functions : app
    }

    /// Answers of `isTestOrDouble(_:of:index:)` remembered by file and enclosing type, for a caller
    /// that asks about many tokens: the answer depends on nothing else, and a name used thousands of
    /// times in one type need not walk the type's ancestry for each use.
    public struct Answers {
        private struct Key: Hashable {
            var tree: Int
            var type: Int
        }
        private var known: [Key: Bool] = [:]

        public init() {}

        /// `isTestOrDouble(token, of: tree, index: index)`, where `treeIndex` is the tree's position in the index.
        public mutating func isTestOrDouble(_ token: Int, of tree: SyntaxTree, treeIndex: Int, index: ProjectIndex) -> Bool {
            let key = Key(tree: treeIndex, type: tree.enclosingType(of: token) ?? -1)
            if let answer = known[key] { return answer }
            let answer = TestCaseCode.isTestOrDouble(token, of: tree, index: index)
            known[key] = answer
            return answer
        }
    }

    /// Whether a type's simple name is a test double's: `Mock`, `Stub`, `Fake` or `Spy` as a word of
    /// it (`FeedServiceMock`, `MockFeedService`, `SpyFlow`; not `Mockingbird`).
    public static func namesTestDouble(_ name: String) -> Bool {
        Catalogue.testDoubleWords.contains { namesWord($0, in: name) }
    }

    /// `MockFlow` and `FlowMockService` have the word `Mock`; `Mockingbird` does not. The words
    /// start with a capital, so they start a word wherever they stand; they end one at the end of
    /// the name or before a capital or a non-letter.
    /// Compared as bytes: the test runs for every word, type and subject, and a Foundation
    /// search costs a hundred times more.
    static func namesWord(_ word: String, in name: String) -> Bool {
        var word = word, name = name
        return word.withUTF8 { word in name.withUTF8 { name in namesWord(word, in: name) } }
    }

    private static func namesWord(_ word: UnsafeBufferPointer<UInt8>, in name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = word.first, word.count <= name.count else { return false }
        var i = 0
        while i + word.count <= name.count {
            guard name[i] == first, name[i..<(i + word.count)].elementsEqual(word) else {
                i += 1
                continue
            }
            let end = i + word.count
            if end == name.count { return true }
            let next = name[end]
            let continuesWord = next < 0x80 ? (next >= UInt8(ascii: "a") && next <= UInt8(ascii: "z"))
                : String(decoding: UnsafeBufferPointer(rebasing: name[end...]), as: UTF8.self).first?.isLowercase == true
            if !continuesWord { return true }
            i = end
        }
        return false
    }
}
