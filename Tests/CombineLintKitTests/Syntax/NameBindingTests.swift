import XCTest
@testable import CombineLintKit

final class NameBindingTests: XCTestCase {
    private let source = """
    func configure(_ tableView: UITableView, at indexPath: IndexPath) {
        let cell = tableView.dequeueReusableCell(withIdentifier: "feed")
        guard let cell = cell as? FeedCell, let id = ids[indexPath.row] else { return }
        cell.bind(id)
    }
    """

    /// The text of a token range, for compact assertions.
    private func text(_ range: ClosedRange<Int>?, _ tree: SyntaxTree) -> String? {
        range.map { tree.text($0.lowerBound, $0.upperBound) }
    }

    private func token(_ word: String, occurrence: Int = 0, in tree: SyntaxTree) -> Int {
        tree.tokens.indices.filter { tree.tokens[$0].kind == .identifier && tree.name($0) == word }[occurrence]
    }

    func testTheNearestBindingInTheFunctionIsTheConditionBindingUpToItsComma() throws {
        let tree = parse(source)
        let use = token("cell", occurrence: 3, in: tree)
        XCTAssertEqual(tree.position(use), "4:5")
        let binding = try XCTUnwrap(tree.nearestBindingInFunction(of: "cell", before: use))
        XCTAssertEqual(tree.position(binding.keyword), "3:11")
        XCTAssertEqual(tree.position(binding.name), "3:15")
        XCTAssertEqual(text(binding.value, tree), "cell as? FeedCell")
        // The second condition ends at `else`, at the binding's bracket level (not at the subscript's `]`).
        let id = try XCTUnwrap(tree.nearestBindingInFunction(of: "id", before: use))
        XCTAssertEqual(text(id.value, tree), "ids[indexPath.row]")
    }

    func testABindingIsOnlySeenBeforeTheUseAndInsideTheBounds() throws {
        let tree = parse(source)
        // Read at its own value, the `guard`'s binding has no value yet: it ends at the use.
        let castCell = token("cell", occurrence: 2, in: tree)
        XCTAssertEqual(tree.position(castCell), "3:22")
        let own = try XCTUnwrap(tree.nearestBinding(of: "cell", before: castCell, after: 0))
        XCTAssertEqual(tree.position(own.name), "3:15")
        XCTAssertNil(own.value)
        // A filter skips the bindings it refuses: then the plain `let cell = …` of line 2.
        let use = token("cell", occurrence: 3, in: tree)
        let earlier = try XCTUnwrap(tree.nearestBinding(of: "cell", before: use, after: 0) { $0.name != own.name })
        XCTAssertEqual(tree.position(earlier.name), "2:9")
        XCTAssertEqual(text(earlier.value, tree), #"tableView.dequeueReusableCell(withIdentifier: "feed")"#)
        // A lower bound at that `let` leaves it out.
        XCTAssertNil(tree.nearestBinding(of: "cell", before: use, after: earlier.keyword) { $0.name != own.name })
        XCTAssertNil(tree.nearestBindingInFunction(of: "missing", before: use))
    }

    func testTheNameAConditionBindsAValueTo() {
        let tree = parse("""
        if let card = store.card { show(card) }
        guard var draft = model.draft, let user = session.user else { return }
        let plain = store.plain
        """)
        XCTAssertEqual(tree.conditionBoundName(ofValueAt: token("store", in: tree)), "card")
        XCTAssertEqual(tree.conditionBoundName(ofValueAt: token("model", in: tree)), "draft")
        XCTAssertEqual(tree.conditionBoundName(ofValueAt: token("session", in: tree)), "user")
        // A plain `let` is no condition.
        XCTAssertNil(tree.conditionBoundName(ofValueAt: token("store", occurrence: 1, in: tree)))
    }
}
