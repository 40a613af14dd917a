import Foundation
import XCTest
@testable import CombineLintKit

/// The index's lookup tables: name postings, vocabularies, subtypes, remembered ancestry, and the
/// per-run memo rules share.
final class IndexLookupTests: XCTestCase {
    private let feed = SourceFile(path: "Feed.swift", bytes: Array("""
        final class FeedModel: BaseModel {
            let events = PassthroughSubject<Int, Never>()
            @Published var title: String? = nil
            func load() { events.send(1) }
        }
        """.utf8))
    private let screen = SourceFile(path: "Screen.swift", bytes: Array("""
        class BaseModel {}
        final class Screen {
            let model = FeedModel()
            func bind() {
                model.events.sink { _ in }.store(in: &bag)
                model.$title.sink { print($0 as Any) }.store(in: &bag)
                let `default` = 1
            }
        }
        """.utf8))

    private func index() -> ProjectIndex { ProjectIndex(files: [feed, screen], jobs: 1) }

    /// "file:line text" of each posting, to compare with what the sources say.
    private func where_(_ refs: ArraySlice<TokenReference>, _ index: ProjectIndex) -> [String] {
        refs.map { ref in
            let tree = index.trees[ref.tree]
            return "\(tree.file.path):\(tree.line(of: ref.token)) \(tree.text(ref.token))"
        }
    }

    func testIdentifierPostingsListEveryUseInInputOrder() {
        let index = index()
        XCTAssertEqual(where_(index.identifiers["events"], index),
                       ["Feed.swift:2 events", "Feed.swift:4 events", "Screen.swift:5 events"])
        // Backticks are not part of the name; `$title` is not the identifier `title`.
        XCTAssertEqual(where_(index.identifiers["default"], index), ["Screen.swift:7 `default`"])
        XCTAssertEqual(where_(index.identifiers["title"], index), ["Feed.swift:3 title"])
        XCTAssertTrue(index.identifiers["nowhere"].isEmpty)
    }

    func testChainElementPostingsNameTheElement() {
        let index = index()
        let sinks = index.chainElements["sink"].map { ref -> String in
            let tree = index.trees[ref.tree]
            let chain = tree.chains[ref.chain]
            return "\(tree.line(of: chain.first)) \(chain.names.joined(separator: "."))#\(ref.element)"
        }
        XCTAssertEqual(sinks, ["5 model.events.sink.store#2", "6 model.$title.sink.store#2"])
        XCTAssertEqual(index.chainElements["$title"].count, 1)
    }

    func testCallsOfACallResultArePostedByTheirName() {
        // `handler()?(error)` and `make()()` call what a call returned: elements named `()` at a
        // parenthesis (a debug build once asserted that every element's key is its token's text).
        let index = ProjectIndex(files: [SourceFile(path: "A.swift", text: "func f() {\n    handler()?(error)\n    make()()\n}\n")])
        XCTAssertEqual(index.chainElements["()"].map { index.trees[$0.tree].line(of: index.trees[$0.tree].chains[$0.chain].first) }, [2, 3])
        XCTAssertEqual(index.chainElements["handler"].count, 1)
    }

    func testDeclarationLookups() {
        let index = index()
        XCTAssertEqual(index.functions["load"].map { index.trees[$0.tree].file.path }, ["Feed.swift"])
        XCTAssertEqual(index.typeDeclarations(named: "Screen").map { index.trees[$0.tree].types[$0.item].name }, ["Screen"])
        XCTAssertEqual(index.properties(named: "events").map(\.file), ["Feed.swift"])
        XCTAssertEqual(index.treeIndexByPath["Screen.swift"], 1)
        XCTAssertEqual(index.treeIndices(declaring: "FeedModel"), [0])
    }

    /// A typealias stands for its target when every declaration of the name agrees; two aliases
    /// of one name nested in different types give no answer rather than a guess.
    func testTypealiasTargets() {
        let index = ProjectIndex(files: [
            SourceFile(path: "A.swift", text: """
            typealias DataSource = UICollectionViewDiffableDataSource<Section, Row>
            typealias Handler<T> = (T) -> Void
            enum Feed { typealias Option = Bool }
            """),
            SourceFile(path: "B.swift", text: """
            // typealias Commented = Int
            let text = "typealias InString = Int"
            enum Settings { typealias Option = Int; static let x = 1 }
            """),
        ])
        XCTAssertEqual(index.typealiasTarget(of: "DataSource"), "UICollectionViewDiffableDataSource<Section, Row>")
        XCTAssertEqual(index.typealiasTarget(of: "Handler"), "(T) -> Void")
        XCTAssertNil(index.typealiasTarget(of: "Option"))
        XCTAssertNil(index.typealiasTarget(of: "Commented"))
        XCTAssertNil(index.typealiasTarget(of: "InString"))
        XCTAssertNil(index.typealiasTarget(of: "Section"))
    }

    func testVocabularyKnowsWhatAFileMentions() {
        let index = index()
        let feedWords = index.vocabulary(ofFile: "Feed.swift")
        XCTAssertTrue(feedWords.mentions(anyOf: NameSet(["PassthroughSubject"])))
        XCTAssertTrue(feedWords.mentions(anyOf: NameSet(["Published"])), "attributes are mentioned without their @")
        XCTAssertTrue(feedWords.mentions(anyOf: NameSet(["func"])), "keywords are mentioned")
        XCTAssertFalse(feedWords.mentions(anyOf: NameSet(["sink", "assign"])))
        XCTAssertFalse(feedWords.hasProjection)
        let screenWords = index.vocabulary(ofFile: "Screen.swift")
        XCTAssertTrue(screenWords.hasProjection, "`$title` projects a property; `$0` does not")
        XCTAssertTrue(screenWords.mentions(anyOf: NameSet(["sink"])))
        // A file the index does not hold may mention anything.
        XCTAssertTrue(index.vocabulary(ofFile: "Other.swift").mentions(anyOf: NameSet(["anything"])))
    }

    func testClosureProjectionsAreNotPropertyProjections() {
        let file = SourceFile(path: "A.swift", bytes: Array("let x = [1].map { $0 + $1 }".utf8))
        XCTAssertFalse(ProjectIndex(files: [file], jobs: 1).vocabularies[0].hasProjection)
    }

    func testEntriesOfOneFileAreItsRunOfAPosting() {
        let files = ["let toast = 1\nlet x = toast\n", "let y = 2\n", "print(toast)\n"].enumerated().map {
            SourceFile(path: "F\($0.offset).swift", text: $0.element)
        }
        let index = ProjectIndex(files: files, jobs: 1)
        let uses = index.identifiers["toast"]
        XCTAssertEqual(uses.entries(inTree: 0).map(\.token), [1, 7])
        XCTAssertEqual(uses.entries(inTree: 1).map(\.token), [])
        XCTAssertEqual(uses.entries(inTree: 2).map(\.token), [2])
        XCTAssertEqual(uses.entries(inTree: 3).map(\.token), [])
    }

    func testRelatedTypesAreWhatAreRelatedAccepts() {
        let source = """
        protocol Toasting {}
        class Base: Toasting {}
        class Model: Base {}
        final class Special: Model {}
        final class Sibling: Base {}
        enum Feature { final class Deep: Model {} }
        struct Other {}
        """
        let index = ProjectIndex(files: [SourceFile(path: "T.swift", text: source)], jobs: 1)
        let names = ["Toasting", "Base", "Model", "Special", "Sibling", "Deep", "Other", "Unknown"]
        XCTAssertEqual(index.relatedTypes(of: "Model").intersection(names).sorted(), ["Base", "Deep", "Model", "Special", "Toasting"])
        // The lookup gives the same answers as testing each type.
        for a in names {
            XCTAssertEqual(Set(names.filter { index.areRelated($0, a) }), index.relatedTypes(of: a).intersection(names), a)
        }
    }

    func testSubtypesAndRememberedAncestryAgreeWithInheritance() {
        var source = "class C0: UITableViewCell {}\n"
        for i in 1...50 { source += "class C\(i): C\(i - 1) {}\n" }
        source += "protocol P {}\nstruct S: P {}\nclass Loop1: Loop2 {}\nclass Loop2: Loop1 {}\n"
        let index = ProjectIndex(files: [SourceFile(path: "T.swift", bytes: Array(source.utf8))], jobs: 1)
        XCTAssertEqual(Set(index.subtypes(of: "C45")), ["C46", "C47", "C48", "C49", "C50"])
        XCTAssertEqual(index.subtypes(of: "P"), ["S"])
        // Asked from the middle first, then from the end and the start: every answer as the walk gives it.
        XCTAssertTrue(index.inherits("C25", from: "UITableViewCell"))
        XCTAssertTrue(index.inherits("C50", from: "UITableViewCell"))
        XCTAssertTrue(index.inherits("C50", from: "C3"))
        XCTAssertFalse(index.inherits("C3", from: "C50"))
        XCTAssertFalse(index.inherits("C40", from: "UICollectionViewCell"))
        XCTAssertFalse(index.inherits("C10", from: "UICollectionViewCell"))
        XCTAssertTrue(index.inherits("S", from: "P"))
        // A cycle ends the walk; neither type reaches a framework class.
        XCTAssertFalse(index.inherits("Loop1", from: "UIView"))
        XCTAssertTrue(index.inherits("Loop1", from: "Loop2"))
    }

    func testNamePostingsGroupEntriesByKeyInInputOrder() {
        let files: [[(key: NameKey, entry: Int)]] = [
            [(NameKey("a"), 1), (NameKey("b"), 2), (NameKey("a"), 3)],
            [],
            [(NameKey("b"), 4), (NameKey("a"), 5)],
        ]
        let postings = NamePostings(perFile: files)
        XCTAssertEqual(Array(postings["a"]), [1, 3, 5])
        XCTAssertEqual(Array(postings["b"]), [2, 4])
        XCTAssertEqual(Array(postings["c"]), [])
        XCTAssertEqual(postings.count, 5)
    }

    func testNameSlotsNumberKeysInOrderOfFirstSightAcrossGrowth() {
        var slots = NameSlots(expected: 0)
        let keys = (0..<1000).map { NameKey("name\($0)") }
        for (i, key) in keys.enumerated() { XCTAssertEqual(slots.number(for: key), Int32(i)) }
        for (i, key) in keys.enumerated() { XCTAssertEqual(slots.existingNumber(for: key), i) }
        XCTAssertEqual(slots.number(for: keys[10]), 10)
        XCTAssertNil(slots.existingNumber(for: NameKey("absent")))
        XCTAssertEqual(slots.count, 1000)
    }

    func testProjectMemoMakesEachValueOnce() {
        let memo = ProjectMemo()
        let made = Counter()
        let values = Parallel.map(count: 200, jobs: 2) { i in
            memo.value(for: "key\(i % 3)") { () -> Int in
                made.increment()
                return i % 3
            }
        }
        XCTAssertEqual(values, (0..<200).map { $0 % 3 })
        // Two workers may race to make a value, never more than that.
        XCTAssertLessThanOrEqual(made.value, 6)
        XCTAssertEqual(memo.value(for: "key1") { 99 }, 1)
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
