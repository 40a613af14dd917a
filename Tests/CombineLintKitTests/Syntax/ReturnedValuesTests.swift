import XCTest
@testable import CombineLintKit

/// What a closure gives back on each path: whole returned chains, and both branches of a returned
/// ternary, whose condition is no value.
final class ReturnedValuesTests: XCTestCase {
    private func values(_ source: String) -> [String]? {
        let tree = parse(source)
        return tree.valuesReturned(byClosure: 0).map { $0.map { $0.names.joined(separator: ".") } }
    }

    func testWholeChainsAndTernaryBranches() {
        XCTAssertEqual(values("""
            p.flatMap { x -> AnyPublisher<Int, Never> in
                guard x > 0 else { return Empty().eraseToAnyPublisher() }
                return x.isMultiple(of: 2) ? Just(x).eraseToAnyPublisher() : api.load(x)
            }
            """), ["Empty.eraseToAnyPublisher", "Just.eraseToAnyPublisher", "api.load"])
        // The single expression of a closure.
        XCTAssertEqual(values("p.flatMap { x in ok(x) ? Just(x) : Just(0) }"), ["Just", "Just"])
    }

    /// An optional's `?` is no ternary; `??` gives either operand.
    func testAnOptionalsQuestionMarkIsNoTernaryAndNilCoalescingGivesBothOperands() {
        XCTAssertEqual(values("p.flatMap { [weak self] x in self?.api.load(x) ?? Empty().eraseToAnyPublisher() }"),
                       ["self.api.load", "Empty.eraseToAnyPublisher"])
        XCTAssertEqual(values("p.flatMap { x in return cache?.load(x) }"), ["cache.load"])
        // An operand that is no chain of its own leaves no answer.
        XCTAssertEqual(values("p.flatMap { x in return cache?.load(x) ?? fallback + 1 }"), nil)
    }

    func testAnythingElseOnAPathLeavesNoAnswer() {
        // A nested ternary, or a value that is no chain (a bare name, an arithmetic result), on one path.
        XCTAssertEqual(values("p.flatMap { x in a ? Just(1) : b ? Just(2) : Just(3) }"), nil)
        XCTAssertEqual(values("p.flatMap { x -> Just<Int> in if x { return Just(1) }; return publisher }"), nil)
        XCTAssertEqual(values("p.flatMap { x -> Just<Int> in if x { return Just(1) }; return self.publisher }"), ["Just", "self.publisher"])
        XCTAssertEqual(values("p.flatMap { x -> Just<Int> in return 1 + 2 }"), nil)
    }
}
