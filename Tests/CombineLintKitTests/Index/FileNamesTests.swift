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
        let names = FileNames(of: tree, at: 0)
        var identifiers: [NameKey] = []
        FileNames.identifierKeys(of: tree) { identifiers.append($0) }
        var references: [TokenReference] = []
        FileNames.identifierReferences(of: tree, at: 0) { references.append($0) }
        XCTAssertEqual(names.identifierKeys, identifiers)
        XCTAssertEqual(names.identifierCount, references.count)
        XCTAssertEqual(names.identifierKeys, references.map { ref in NameKey(tree.name(ref.token)) })
        XCTAssertTrue(names.identifierKeys.contains(NameKey("Type")), "backticks are not part of the key")

        var elements: [NameKey] = []
        FileNames.elementKeys(of: tree) { elements.append($0) }
        var elementReferences: [ElementReference] = []
        FileNames.elementReferences(of: tree, at: 0) { elementReferences.append($0) }
        XCTAssertEqual(names.elementKeys, elements)
        XCTAssertEqual(names.elementKeys, elementReferences.map { NameKey(tree.chains[$0.chain].elements[$0.element].name) })
        XCTAssertTrue(names.elementKeys.contains(NameKey("$title")))
    }
}
