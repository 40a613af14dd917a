import XCTest
@testable import CombineLintKit

/// The tables that walk out of nested closures in one step per nest (`closureParent`,
/// `closureRoot`, `selfBindingAncestor`, `selfTokens`) answer as the scope walks they replace.
final class ClosureNestingTests: XCTestCase {
    private let source = """
    final class Screen {
        func bind() {
            a.sink { [weak self] x in
                if x > 0 {
                    b.sink { y in
                        guard let self else { return }
                        c.sink { z in self.show(z) }.store(in: &bag)
                    }.store(in: &bag)
                }
                func local() {
                    d.sink { w in print(\\.self, w.self, "self") }
                }
                struct Inner {
                    func run() { e.map { v in v }.sink { _ in } }
                }
            }.store(in: &bag)
        }
    }
    """

    /// The closure whose `{` is at `line:column`.
    private func closure(at position: String, in tree: SyntaxTree) -> Int {
        tree.closures.indices.first { tree.position(tree.closures[$0].open) == position }!
    }

    private func positions(_ closures: [Int], _ tree: SyntaxTree) -> [String] {
        closures.map { tree.position(tree.closures[$0].open) }
    }

    func testParentsStopAtLocalFunctionsAndTypes() {
        let tree = parse(source)
        let outer = closure(at: "3:16", in: tree)
        let middle = closure(at: "5:24", in: tree)
        let inner = closure(at: "7:28", in: tree)
        let inLocalFunction = closure(at: "11:24", in: tree)
        XCTAssertNil(tree.parentClosure(of: outer))
        // Through the `if` body between them.
        XCTAssertEqual(tree.parentClosure(of: middle), outer)
        XCTAssertEqual(tree.parentClosure(of: inner), middle)
        XCTAssertNil(tree.parentClosure(of: inLocalFunction))
        XCTAssertNil(tree.parentClosure(of: closure(at: "14:36", in: tree)))
        XCTAssertEqual(positions(tree.enclosingClosures(of: tree.closures[inner].bodyStart), tree), ["7:28", "5:24", "3:16"])
        XCTAssertEqual(tree.outermostClosure(of: tree.closures[inner].bodyStart), outer)
        XCTAssertEqual(tree.outermostClosure(of: tree.closures[inLocalFunction].bodyStart), inLocalFunction)
        XCTAssertEqual(tree.innermostClosure(of: tree.closures[inner].bodyStart, outside: middle), outer)
        XCTAssertNil(tree.innermostClosure(of: tree.closures[inner].bodyStart, outside: outer))
        XCTAssertNil(tree.innermostClosure(of: tree.closures[inLocalFunction].bodyStart, outside: outer))
    }

    func testWalksOutsideClosuresFindTheFunctionsAndTypesAround() {
        let tree = parse(source)
        let inner = tree.closures[closure(at: "7:28", in: tree)].bodyStart
        let inLocalFunction = tree.closures[closure(at: "11:24", in: tree)].bodyStart
        let inInnerType = tree.closures[closure(at: "14:36", in: tree)].bodyStart
        XCTAssertEqual(tree.enclosingFunction(of: inner).map { tree.functions[$0].name }, "bind")
        XCTAssertEqual(tree.outerMethod(of: inLocalFunction).map { tree.functions[$0].name }, "bind")
        XCTAssertEqual(tree.enclosingFunction(of: inLocalFunction).map { tree.functions[$0].name }, "local")
        XCTAssertEqual(tree.enclosingType(of: inner).map { tree.types[$0].name }, "Screen")
        XCTAssertEqual(tree.enclosingType(of: inInnerType).map { tree.types[$0].name }, "Inner")
        // Every function and type body and the file, as the full walk meets them; the `if` body
        // between two nested closures is jumped over with them.
        func isDeclarationBody(_ scope: Int) -> Bool {
            switch tree.scopes[scope].kind {
            case .functionBody, .typeBody, .file: return true
            default: return false
            }
        }
        for token in [inner, inLocalFunction, inInnerType] {
            XCTAssertEqual(Array(tree.scopeChainOutsideClosures(of: token)).filter(isDeclarationBody),
                           Array(tree.scopeChain(of: token)).filter(isDeclarationBody))
        }
        XCTAssertEqual(Array(tree.scopeChainOutsideClosures(of: inner)).count, 3)
    }

    func testNearestWeakCaptureAndStrongSelf() {
        let tree = parse(source)
        let outer = closure(at: "3:16", in: tree)
        let middle = closure(at: "5:24", in: tree)
        let inner = closure(at: "7:28", in: tree)
        XCTAssertNil(tree.selfBindingAncestor(of: outer))
        XCTAssertEqual(tree.selfBindingAncestor(of: middle), outer)
        // The middle closure unwraps `self`.
        XCTAssertEqual(tree.selfBindingAncestor(of: inner), middle)
        // `[weak self]` on the outer closure; `guard let self` in the middle one makes it strong
        // again for the inner closure, created after the unwrap.
        XCTAssertFalse(SelfCapture.selfIsStrong(at: tree.closures[middle].open, in: tree))
        XCTAssertTrue(SelfCapture.selfIsStrong(at: tree.closures[inner].open, in: tree))
        XCTAssertEqual(SelfCapture.strongSelfToken(in: inner, of: tree).map(tree.position), "7:35")
        XCTAssertNil(SelfCapture.strongSelfToken(in: outer, of: tree))
    }

    func testSelfReferencesLeaveOutKeyPathsMembersAndStrings() {
        let tree = parse(source)
        let outer = closure(at: "3:16", in: tree)
        XCTAssertEqual(tree.selfReferences(in: outer).map(tree.position), ["6:31", "7:35"])
        XCTAssertEqual(tree.firstSelfReference(in: closure(at: "5:24", in: tree)).map(tree.position), "6:31")
        XCTAssertNil(tree.firstSelfReference(in: closure(at: "11:24", in: tree)))
        XCTAssertEqual(tree.selfReferences(in: closure(at: "7:28", in: tree)).map(tree.position), ["7:35"])
    }

    func testOuterChainsAndClosuresOfARangeLeaveOutNestedOnes() {
        let tree = parse(source)
        let lookup = TreeLookup(tree)
        let outer = tree.closures[closure(at: "3:16", in: tree)]
        let names = { (chains: [Int]) in chains.map { tree.chains[$0].names.joined(separator: ".") } }
        // The whole `a.sink { … }.store(in:)`: the closure is the range's, and all inside it too,
        // the code of its local function and type included.
        let whole = tree.chains[lookup.chains(in: 0...(tree.tokens.count - 1)).first { tree.chains[$0].names.first == "a" }!]
        XCTAssertEqual(names(lookup.outerChains(in: whole.first...whole.last)), ["a.sink.store"])
        XCTAssertEqual(positions(lookup.outerClosures(in: whole.first...whole.last), tree), ["3:16"])
        // Its body: what the body runs itself, and the closures it makes, not those they make.
        let body = outer.bodyStart...(outer.close - 1)
        XCTAssertEqual(names(lookup.outerChains(in: body)), ["b.sink.store", "d.sink", "e.map.sink"])
        XCTAssertEqual(positions(lookup.outerClosures(in: body), tree), ["5:24", "11:24", "14:36", "14:52"])
    }

    /// The per-scope answers (`ScopeOwners`) and the walks that step over blocks
    /// (`declarationScopes(of:)`, `typesAround(_:)`) equal the walks out through every scope that
    /// they replace, for every token of a file with accessors, initializers, local functions, nested types,
    /// closures under `if`s and top-level code.
    func testScopeOwnersAnswerAsTheScopeWalks() {
        let tree = parse(source + """

        extension Screen {
            var title: String {
                get { if flag { return names.map { n in n }.first ?? "" } else { return "" } }
                set { func apply() { values.forEach { v in if v { store(v) } } }; apply() }
            }
            init(flag: Bool) { self.flag = flag; publisher.sink { [weak self] in self?.use($0) }.store(in: &bag) }
        }
        let top = items.map { i in if i > 0 { return { j in j } } else { return nil } }
        """)
        func walkedFunction(_ token: Int) -> Int? {
            for scope in tree.scopeChainOutsideClosures(of: token) {
                if case .functionBody(let f) = tree.scopes[scope].kind { return f }
                if case .typeBody = tree.scopes[scope].kind { return nil }
            }
            return nil
        }
        func walkedType(_ token: Int) -> Int? {
            for scope in tree.scopeChainOutsideClosures(of: token) {
                if case .typeBody(let t) = tree.scopes[scope].kind { return t }
            }
            return nil
        }
        func walkedMethod(_ token: Int) -> Int? {
            for scope in tree.scopeChainOutsideClosures(of: token) {
                switch tree.scopes[scope].kind {
                case .functionBody(let f):
                    if tree.functions[f].isLocal { continue }
                    return tree.functions[f].kind == .function ? f : nil
                case .typeBody: return nil
                default: continue
                }
            }
            return nil
        }
        func walkedClosure(_ token: Int) -> Int? {
            for scope in tree.scopeChain(of: token) {
                switch tree.scopes[scope].kind {
                case .closure(let c): return c
                case .functionBody, .typeBody, .file: return nil
                default: continue
                }
            }
            return nil
        }
        func isDeclarationScope(_ scope: Int) -> Bool {
            switch tree.scopes[scope].kind {
            case .closure, .functionBody, .typeBody, .file: return true
            default: return false
            }
        }
        func walkedTypes(_ token: Int) -> [Int] {
            tree.scopeChainOutsideClosures(of: token).compactMap { scope in
                if case .typeBody(let t) = tree.scopes[scope].kind { return t } else { return nil }
            }
        }
        var answered = (functions: 0, types: 0, methods: 0, closures: 0)
        for token in tree.tokens.indices {
            XCTAssertEqual(Array(tree.declarationScopes(of: token)), tree.scopeChain(of: token).filter(isDeclarationScope), tree.position(token))
            XCTAssertEqual(Array(tree.declarationScopesOutsideClosures(of: token)),
                           tree.scopeChainOutsideClosures(of: token).filter(isDeclarationScope), tree.position(token))
            XCTAssertEqual(tree.typesAround(token), walkedTypes(token), tree.position(token))
            XCTAssertEqual(tree.enclosingFunction(of: token), walkedFunction(token), tree.position(token))
            XCTAssertEqual(tree.enclosingType(of: token), walkedType(token), tree.position(token))
            XCTAssertEqual(tree.outerMethod(of: token), walkedMethod(token), tree.position(token))
            XCTAssertEqual(tree.innermostClosure(of: token), walkedClosure(token), tree.position(token))
            if walkedFunction(token) != nil { answered.functions += 1 }
            if walkedType(token) != nil { answered.types += 1 }
            if walkedMethod(token) != nil { answered.methods += 1 }
            if walkedClosure(token) != nil { answered.closures += 1 }
        }
        // Each question has answers and non-answers in the file, so the comparisons are not all nil.
        for count in [answered.functions, answered.types, answered.methods, answered.closures] {
            XCTAssertGreaterThan(count, 10)
            XCTAssertLessThan(count, tree.tokens.count)
        }
        // A local type's code stands in the outer type too, through the closure and function between.
        let inLocalType = tree.closures.first { tree.position($0.open) == "14:52" }!.bodyStart
        XCTAssertEqual(tree.typesAround(inLocalType).map { tree.types[$0].name }, ["Inner", "Screen"])
        // The getter's closure stands in the getter (a function body), not in a method.
        let getterClosure = tree.closures.first { tree.position($0.open) == "21:42" }
        XCTAssertNotNil(getterClosure)
        XCTAssertNil(getterClosure.flatMap { tree.outerMethod(of: $0.bodyStart) })
        XCTAssertEqual(getterClosure.flatMap { tree.enclosingType(of: $0.bodyStart) }.map { tree.types[$0].name }, "Screen")
    }
}
