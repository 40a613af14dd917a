import XCTest
@testable import CombineLintKit

/// Swift 5.9–6 syntax that the structure once misread.
final class ModernSyntaxTests: XCTestCase {
    /// `static func /(…)` with a division in its body: the `/` was lexed as a regex running to the
    /// body's `/`, which swallowed the body's `{` and left the rest of the type unbalanced.
    func testOperatorDeclarationsKeepTheirBodies() {
        let tree = parse("""
        extension Vec {
            static func /(lhs: Vec, rhs: Double) -> Vec { Vec(x: lhs.x/rhs) }
            static func *(lhs: Vec, rhs: Double) -> Vec { Vec(x: lhs.x*rhs) }
        }
        infix operator /+/: AdditionPrecedence
        final class After { func f() {} }
        """)
        XCTAssertEqual(tree.functions.map { "\($0.selectorName) -> \($0.returnType) body:\($0.bodyOpen != nil) type:\($0.enclosingType ?? -1)" }, [
            "/(lhs:rhs:) -> Vec body:true type:0",
            "*(lhs:rhs:) -> Vec body:true type:0",
            "f() ->  body:true type:1",
        ])
        XCTAssertEqual(tree.types.map { "\($0.kind.rawValue) \($0.name) \($0.isLocal)" }, ["extension Vec false", "class After false"])
    }

    /// `repeat each T` in a parameter list or a return type is a pack expansion: read as a
    /// `repeat` loop waiting for its `{`, it took the function's body for the loop's, and the
    /// body became a closure.
    func testParameterPackExpansionIsNotARepeatLoop() {
        let tree = parse("""
        final class A {
            func pack<each T>(_ values: repeat each T) -> (repeat each T) {
                events.sink { v in print(v) }
                return (repeat each values)
            }
            func loop() { repeat { n += 1 } while n < 3 }
        }
        """)
        XCTAssertEqual(tree.functions.map { "\($0.selectorName) -> \($0.returnType) body:\($0.bodyOpen.map(tree.position) ?? "-")" }, [
            "pack(_:) -> (repeat each T) body:2:67",
            "loop() ->  body:6:17",
        ])
        XCTAssertEqual(tree.closures.map { tree.position($0.open) }, ["3:21"])
        XCTAssertEqual(tree.scopes.map { SyntaxDump.describe($0.kind) },
                       ["file", "type[0]", "func[0]", "closure[0]", "func[1]", "repeat"])
        XCTAssertEqual(tree.chainSummaries.first, "events.sink — statement")
    }
}
