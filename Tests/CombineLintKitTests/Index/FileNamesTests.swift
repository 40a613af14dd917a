import XCTest
@testable import CombineLintKit

final class FileNamesTests: XCTestCase {
    /// The keys hashed on the parse workers stand in for the ones the postings read from the
    /// tree: same keys, same order, one per reference.
    func testKeysMatchTheTreesIdentifiersAndChainElementsInOrder() {
        let tree = parse("""
        final class `Type` { @Published var title = ""
            func f() { $title.map { $0.count }.sink { print($0) }.store(in: &bag); handler()(1); let s = "a\\(title)" } }
        """)
        var names = FileNames(of: tree, at: 0)
        let keys = names.takeKeys()
        var identifiers: [NameKey] = []
        FileNames.identifierKeys(of: tree) { identifiers.append($0) }
        var references: [TokenReference] = []
        FileNames.identifierReferences(of: tree, at: 0) { references.append($0) }
        XCTAssertEqual(keys.identifiers, identifiers)
        XCTAssertEqual(keys.identifiers.count, references.count)
        XCTAssertEqual(keys.identifiers, references.map { ref in NameKey(tree.name(ref.token)) })
        XCTAssertTrue(keys.identifiers.contains(NameKey("Type")), "backticks are not part of the key")

        var elements: [NameKey] = []
        FileNames.elementKeys(of: tree) { elements.append($0) }
        var elementReferences: [ElementReference] = []
        FileNames.elementReferences(of: tree, at: 0) { elementReferences.append($0) }
        XCTAssertEqual(keys.elements, elements)
        XCTAssertEqual(keys.elements, elementReferences.map { NameKey(tree.chains[$0.chain].elements[$0.element].name) })
        XCTAssertTrue(keys.elements.contains(NameKey("$title")))
    }
}

final class NameNumberingTests: XCTestCase {
    /// The merge numbers each file's keys in input order: a key keeps its first number in every
    /// later file, and each number counts its keys over all files.
    func testNumbersKeysAcrossFilesInInputOrder() {
        var numbering = NameNumbering(files: 2)
        numbering.add([NameKey("a"), NameKey("b"), NameKey("a")])
        numbering.add([NameKey("b"), NameKey("c")])
        XCTAssertEqual(numbering.perFile, [[0, 1, 0], [1, 2]])
        XCTAssertEqual(numbering.counts, [2, 2, 1])
        XCTAssertEqual(numbering.total, 5)
    }

    /// A table built from numbered keys lists each name's entries in input order.
    func testPostingsFromNumberedKeysListEachNamesEntriesInOrder() {
        var numbering = NameNumbering(files: 2)
        numbering.add([NameKey("a"), NameKey("b"), NameKey("a")])
        numbering.add([NameKey("b"), NameKey("c")])
        let entries = [["a0", "b0", "a1"], ["b1", "c0"]]
        let postings = NamePostings<String>(numbering: numbering) { file, emit in entries[file].forEach(emit) }
        XCTAssertEqual(Array(postings["a"]), ["a0", "a1"])
        XCTAssertEqual(Array(postings["b"]), ["b0", "b1"])
        XCTAssertEqual(Array(postings["c"]), ["c0"])
        XCTAssertEqual(Array(postings["d"]), [])
        XCTAssertEqual(postings.count, 5)
    }
}
