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

    /// A type with many properties is looked up through its name table, with the same answers.
    func testATypeWithManyPropertiesAnswersTheSame() throws {
        let fields = (0..<40).map { "    @Published var field\($0): String? = nil" }.joined(separator: "\n")
        let tree = parse("final class Form {\n\(fields)\n    func bind() { let field3 = 1 }\n}\nfinal class Other { let field3 = 0 }")
        let form = try XCTUnwrap(tree.types.firstIndex { $0.name == "Form" })
        let other = try XCTUnwrap(tree.types.firstIndex { $0.name == "Other" })
        XCTAssertNotNil(tree.memberTables[form])
        XCTAssertNil(tree.memberTables[other])
        XCTAssertEqual(tree.memberVariable(named: "field3", ofType: form).map { tree.position(tree.variables[$0].nameToken) }, "5:20")
        XCTAssertEqual(tree.memberVariable(named: "field39", ofType: form).map { tree.position(tree.variables[$0].nameToken) }, "41:20")
        XCTAssertEqual(tree.memberVariable(named: "field3", ofType: other).map { tree.position(tree.variables[$0].nameToken) }, "44:25")
        XCTAssertNil(tree.memberVariable(named: "field40", ofType: form))
    }
}
