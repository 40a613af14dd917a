import XCTest
@testable import CombineLintKit

final class SelfConditionBindingsTests: XCTestCase {
    /// The names bound to self visible at the first token spelling `marker` after `after` (or anywhere).
    private func names(_ source: String, at marker: String, occurrence: Int = 1) -> [String] {
        let tree = parse(source)
        let hits = tree.tokens.indices.filter { tree.name($0) == marker }
        return SelfConditionBindings(tree).names(visibleAt: hits[occurrence - 1], in: tree).sorted()
    }

    func testBindingsAreVisibleInTheirBracketAfterTheyAreMade() {
        let source = """
        final class A {
            func f() {
                probeOne()
                guard let strongSelf = self else { return }
                if let other = self, let third = self {
                    probeTwo()
                }
                probeThree()
                p.sink { [weak self] _ in
                    guard let inner = self else { return }
                    probeFour()
                }
                probeFive()
            }
            func g() {
                probeSix()
            }
        }
        """
        XCTAssertEqual(names(source, at: "probeOne"), [])
        XCTAssertEqual(names(source, at: "probeTwo"), ["other", "strongSelf", "third"])
        // An `if` condition's bindings stand in the method's brackets (the tree has no scope for a
        // condition list), so they count after the `if` too, where the name means nothing else.
        XCTAssertEqual(names(source, at: "probeThree"), ["other", "strongSelf", "third"])
        XCTAssertEqual(names(source, at: "probeFour"), ["inner", "other", "strongSelf", "third"])
        // `inner` lives in the closure's brackets; `g` is another method.
        XCTAssertEqual(names(source, at: "probeFive"), ["other", "strongSelf", "third"])
        XCTAssertEqual(names(source, at: "probeSix"), [])
    }

    func testOtherBindingsAndSelfItselfAreNotAliases() {
        let source = """
        final class A {
            func f() {
                guard let self else { return }
                guard let self = self else { return }
                guard let model = self.model else { return }
                let plain = self
                if let value = optional { probe() }
                // guard let commented = self else { return }
                let text = "guard let quoted = self else { return }"
                probe()
            }
        }
        """
        XCTAssertEqual(names(source, at: "probe", occurrence: 1), [])
        XCTAssertEqual(names(source, at: "probe", occurrence: 2), [])
    }
}
