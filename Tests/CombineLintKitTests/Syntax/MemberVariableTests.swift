import XCTest
@testable import CombineLintKit

final class MemberVariableTests: XCTestCase {
    /// A type's member is found by name among that type's own declarations: not a same-named
    /// property of another type, nor a local of one of its methods.
    func testAMemberIsLookedUpInItsOwnType() throws {
        let tree = parse("""
        final class Feed {
            let title = "Feed"
            func load() { let items = [1] }
            var items: [Int] = []
        }
        final class Settings {
            let title = "Settings"
        }
        """)
        let feed = try XCTUnwrap(tree.types.firstIndex { $0.name == "Feed" })
        let settings = try XCTUnwrap(tree.types.firstIndex { $0.name == "Settings" })
        XCTAssertEqual(tree.memberVariable(named: "title", ofType: feed).map { tree.position(tree.variables[$0].nameToken) }, "2:9")
        XCTAssertEqual(tree.memberVariable(named: "title", ofType: settings).map { tree.position(tree.variables[$0].nameToken) }, "7:9")
        XCTAssertEqual(tree.memberVariable(named: "items", ofType: feed).map { tree.position(tree.variables[$0].nameToken) }, "4:9")
        XCTAssertNil(tree.memberVariable(named: "items", ofType: settings))
    }
}
