import XCTest
@testable import CombineLintKit

final class ClosureTests: XCTestCase {
    func testChainsReturnedByAClosureLeaveOutNestedClosures() {
        let tree = parse("""
        ids.flatMap { id in
            if id < 0 { return Empty().eraseToAnyPublisher() }
            log.record(id)
            return api.load(id).map { item in Just(item) }.eraseToAnyPublisher()
        }
        names.map { $0.uppercased() }
        """)
        XCTAssertEqual(tree.chainsReturned(byClosure: 0).map(\.names), [
            ["Empty", "eraseToAnyPublisher"],
            ["api", "load", "map", "eraseToAnyPublisher"],
        ])
        // `Just(item)` is the nested closure's, the single expression of `map`'s closure its own.
        XCTAssertEqual(tree.chainsReturned(byClosure: 1).map(\.names), [["Just"]])
        XCTAssertEqual(tree.chainsReturned(byClosure: 2).map(\.names), [["$0", "uppercased"]])
    }

    func testCaptureListsAndParameters() {
        let tree = parse("""
        a.sink { [weak self] value in }
        b.sink { [unowned self, weak delegate = self.delegate] (x: Int, y) -> Void in }
        c.sink { [self] in }
        d.sink { [unowned(unsafe) self] _ in }
        e.sink { $0 }
        f.map { [1, 2].contains($0) }
        Task { @MainActor [weak self] in await self?.load() }
        g.sink { [weak self] open in self?.show(open) }
        """)
        XCTAssertEqual(tree.closures.map { c in c.captures.map { "\($0.specifier.rawValue) \($0.name)=\($0.expression)" } }, [
            ["weak self=self"],
            ["unowned self=self", "weak delegate=self.delegate"],
            ["strong self=self"],
            ["unowned self=self"],
            [],
            [],
            ["weak self=self"],
            ["weak self=self"],
        ])
        // `open` is a contextual keyword: a parameter may have that name.
        XCTAssertEqual(tree.closures.map(\.parameters), [["value"], ["x", "y"], [], ["_"], [], [], [], ["open"]])
        XCTAssertTrue(tree.closures[0].capturesSelfWeakly)
        XCTAssertTrue(tree.closures[2].capturesSelfExplicitlyStrong)
        XCTAssertNil(tree.closures[5].inToken)
        XCTAssertEqual(tree.closures[5].captureList, nil)
    }

    func testSelfUnwrapsInEveryForm() {
        let tree = parse("""
        a.sink { [weak self] _ in guard let self else { return } }
        b.sink { [weak self] _ in guard let self = self else { return } }
        c.sink { [weak self] _ in if let self { self.go() } }
        d.sink { [weak self] _ in guard let `self` = self else { return } }
        e.sink { [weak self] _ in guard let strong = self else { return } }
        """)
        XCTAssertEqual(tree.closures.map { $0.selfUnwraps.map(tree.position) }, [["1:37"], ["1:37"].map { _ in "2:37" }, ["3:34"], ["4:37"], []])
    }

    func testClosuresAreTellFromBodiesOfControlFlowAndDeclarations() {
        let tree = parse("""
        func f() {
            if items.isEmpty { return }
            guard let x = list.first(where: { $0 > 1 }) else { return }
            for item in items where item > 0 { use(item) }
            switch value { case 1: break default: break }
            do { try run() } catch { print(error) }
            let handler = { print("x") }
            items.forEach { print($0) }
            repeat { n += 1 } while n < 3
            defer { close() }
        }
        """)
        let kinds = tree.scopes.map { SyntaxDump.describe($0.kind) }
        XCTAssertEqual(kinds, ["file", "func[0]", "if", "closure[0]", "else", "for", "switch", "do", "catch", "closure[1]", "closure[2]", "repeat", "defer"])
    }

    func testDeepNestingDoesNotOverflowTheStack() {
        let source = String(repeating: "{", count: 100_000) + String(repeating: "}", count: 100_000)
        let tree = parse(source)
        XCTAssertEqual(tree.closures.count, 100_000)
        XCTAssertEqual(tree.matching[0], 199_999)
        let parens = parse("f" + String(repeating: "(", count: 100_000))
        XCTAssertEqual(parens.tokens.count, 100_001)
    }

    func testUnbalancedBracesRecoverWithoutLosingTheRest() {
        let tree = parse("""
        class A {
            func f() {
                call(a, b
            }
            func g() { x.sink { _ in } }
        }
        class B {}
        """)
        XCTAssertEqual(tree.functions.map(\.name), ["f", "g"])
        XCTAssertEqual(tree.types.map(\.name), ["A", "B"])
        XCTAssertEqual(tree.functions[1].enclosingType, 0)
        XCTAssertNil(tree.types[1].parentType)
    }
}
