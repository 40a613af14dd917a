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

    /// A chain split by `#if`/`#elseif`/`#else`: it takes the first branch and goes on after
    /// `#endif`; each later branch is a chain of its own, which continues the first (`.other`).
    func testChainSplitByConditionalCompilationTakesOneBranch() {
        let tree = parse("""
        func f() {
            model.$count
                #if os(iOS)
                .receive(on: DispatchQueue.main)
                #elseif os(macOS)
                .receive(on: RunLoop.main)
                .map { $0 }
                #else
                .print()
                #endif
                .sink { v in print(v) }
                .store(in: &bag)
        }
        """)
        XCTAssertEqual(tree.chainSummaries, [
            "model.$count.receive.sink.store — statement",
            "DispatchQueue.main — argument of receive(…)",
            "receive.map — other",
            "RunLoop.main — argument of receive(…)",
            "print — other",
            "print — implicitly returned",
        ])
        XCTAssertEqual(tree.chains.map { "\(tree.position($0.first))-\(tree.position($0.last))" },
                       ["2:5-12:24", "4:22-4:36", "6:10-7:19", "6:22-6:30", "9:10-9:16", "11:22-11:29"])
    }

    /// An empty `#if` branch gives the chain to the next one; a block around the whole
    /// statement, or only `#if` without alternatives, splits nothing; nested blocks take their
    /// own first branches.
    func testConditionalBranchesThatDoNotSplitAChain() {
        let tree = parse("""
        func f() {
            a
            #if DEBUG
            #else
                .b()
            #endif
                .c()
            #if DEBUG
            x.y()
            #else
            x.z()
            #endif
            p
            #if A
                .q()
            #endif
                .r()
            s
            #if A
                .t()
                #if B
                .u()
                #else
                .v()
                #endif
            #else
                .w()
            #endif
        }
        """)
        XCTAssertEqual(tree.chainSummaries, [
            "a.b.c — statement",
            "x.y — statement",
            "x.z — statement",
            "p.q.r — statement",
            "s.t.u — statement",
            "v — other",
            "w — other",
        ])
    }

    /// `extension Outer<Int>.Inner` extends the nested type (it was read as an extension of `Outer`).
    func testExtensionOfANestedTypeWithGenericArguments() {
        let tree = parse("""
        extension Outer<Int>.Inner: P where T: Equatable {
            func run() {}
        }
        extension Array<String> {}
        extension Outer.Inner {}
        """)
        XCTAssertEqual(tree.types.map { "\($0.kind.rawValue) \($0.name) \($0.genericClause) \($0.inheritance)" }, [
            "extension Outer.Inner <Int> [\"P\"]",
            "extension Array <String> []",
            "extension Outer.Inner  []",
        ])
        XCTAssertEqual(tree.functions.map { "\($0.name) \($0.enclosingType ?? -1)" }, ["run 0"])
    }

    /// The branches of an `if` or `switch` used as a value give their chains the context of the
    /// `if` or `switch`; an `if` statement's branches stay statements.
    func testBranchesOfIfAndSwitchExpressions() {
        let tree = parse("""
        func f() -> AnyCancellable {
            let c = if flag { a.sink { _ in } } else if other { b.sink { _ in } } else { d.sink { _ in } }
            bag.insert(switch kind {
            case 0: e.sink { _ in }
            default: g.sink { _ in }
            })
            c2 = switch kind { case 0: h.sink { _ in } default: i.sink { _ in } }
            if flag { j.sink { _ in } }
            return if flag { k.sink { _ in } } else { l.sink { _ in } }
        }
        """)
        XCTAssertEqual(tree.chainSummaries, [
            "a.sink — declares var[0] c", "b.sink — declares var[0] c", "d.sink — declares var[0] c",
            "bag.insert — statement", "e.sink — argument of insert(…)", "g.sink — argument of insert(…)",
            "h.sink — assigned to c2", "i.sink — assigned to c2",
            "j.sink — statement",
            "k.sink — returned", "l.sink — returned",
        ])
    }

    /// An `#elseif` whose condition leaves a parenthesis open reads on to `#endif`: its branch is
    /// empty and ends where the block does. The chain goes on (it once skipped to where it stood,
    /// for ever).
    func testEmptyAlternativeBranchDoesNotStopTheChain() {
        let tree = parse("""
        func f() {
            model.$count
                #if os(iOS)
                .receive(on: DispatchQueue.main)
                #elseif os(macOS>(>)
                .receive(on: RunLoop.main)
                #endif
                .sink { _ in }
        }
        """)
        XCTAssertEqual(tree.chainSummaries.first, "model.$count.receive.sink — statement")
    }
}
