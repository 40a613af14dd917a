import XCTest
@testable import CombineLintKit

final class ChainTests: XCTestCase {
    func testMultiLineChainWithOperatorsClosuresAndStore() {
        let tree = parse("""
        viewModel.$posts
            .receive(on: DispatchQueue.main)
            .map { posts -> [Row] in posts.map(Row.init) }
            .sink(receiveCompletion: { _ in }) { [weak self] rows in self?.apply(rows) }
            .store(in: &cancellables)
        """)
        let chain = tree.chains[0]
        XCTAssertEqual(chain.names, ["viewModel", "$posts", "receive", "map", "sink", "store"])
        XCTAssertEqual(chain.context, .statement)
        XCTAssertEqual(chain.elements[4].arguments.map(\.label), ["receiveCompletion"])
        XCTAssertEqual(chain.elements[4].trailingClosures.count, 1)
        XCTAssertEqual(chain.elements[5].argument("in")?.isInout, true)
        XCTAssertEqual(tree.position(chain.elements[4].nameToken), "4:6")
    }

    func testContextsOfChains() {
        let tree = parse("""
        func f() -> AnyCancellable {
            _ = a.sink { _ in }
            let c = b.sink { _ in }
            self.cancellable = c1.sink { _ in }
            bag += [d.sink { _ in }]
            bag.insert(e.sink { _ in })
            handle(g.sink { _ in })
            return h.sink { _ in }
        }
        var x: AnyCancellable { i.sink { _ in } }
        func k() { j.sink { _ in } }
        let t = try await k.value
        """)
        XCTAssertEqual(tree.chainSummaries, [
            "a.sink — discarded (_ =)",
            "b.sink — declares var[0] c",
            "self.cancellable — other",
            "c1.sink — assigned to self.cancellable",
            "d.sink — collection element",
            "bag.insert — statement",
            "e.sink — argument of insert(…)",
            "handle — statement",
            "g.sink — argument of handle(…)",
            "h.sink — returned",
            "i.sink — implicitly returned",
            "j.sink — statement",
            "k.value — declares var[2] t",
        ])
    }

    func testNewlineRulesForStatements() {
        let tree = parse("""
        let a = b
            .map { $0 }
        let c = d ??
            e.f()
        g()
        (h)
        let i = j
            + k.l()
        """)
        XCTAssertEqual(tree.chainSummaries, ["b.map — declares var[0] a", "e.f — other", "g — statement", "k.l — other"])
        let starts = tree.tokens.indices.filter { tree.statementStarts[$0] }.map(tree.position)
        // The closure body `$0` starts a statement of its own.
        XCTAssertEqual(starts, ["1:1", "2:12", "3:1", "5:1", "6:1", "7:1"])
    }

    func testGenericArgumentsAndLiteralRoots() {
        let tree = parse("""
        let subject = CurrentValueSubject<String?, Never>(nil)
        [1, 2, 3].publisher.sink { _ in }
        Just(1).sink { _ in }
        let x = a < b
        let f = Future<Int, Error> { promise in }.retry(2)
        """)
        XCTAssertEqual(tree.genericArguments(of: tree.chains[0].root), "<String?,Never>")
        XCTAssertEqual(tree.genericArguments(of: tree.chains[3].root), "<Int,Error>")
        XCTAssertEqual(tree.genericArguments(of: tree.chains[3].elements[1]), "", "only the element written with them has them")
        XCTAssertEqual(tree.genericArguments(of: tree.chains[2].root), "")
        XCTAssertEqual(tree.chainSummaries, ["CurrentValueSubject — declares var[0] subject", "[…].publisher.sink — statement", "Just.sink — statement", "Future.retry — declares var[2] f"])
        XCTAssertEqual(tree.variables.map(\.name), ["subject", "x", "f"])
    }

    /// `(x as? T)?.m()` goes on from a parenthesised expression: a chain with a `(…)` root, beside
    /// the chains inside it. A call's arguments, a closure's parameters and a tuple are none.
    func testParenthesisedRoots() {
        let tree = parse("""
        (children.first as? ExhibitsCoordinator)?.showScanner()
        (a ?? b).sink { _ in }
        load(x).map(f)
        let t = (1, 2)
        items.forEach { (item) in print(item) }
        """)
        XCTAssertEqual(tree.chainSummaries, ["(…).showScanner — statement", "children.first — argument of (…)", "(…).sink — statement",
                                             "load.map — statement", "items.forEach — statement", "print — implicitly returned"])
    }

    func testNestedGenericArgumentsInTypesAndCalls() {
        // Types (no call follows) are no chains at any level; a call after nested generic
        // arguments is one, whether the closing `>`s are one token or several.
        let tree = parse("""
        let x: A<A<A<A<Int>>>>
        let y = A<A<A<Int>>>()
        let z = B<C<D<Int> > >.make()
        let w: E<F<Int>, G<H<Int>>> = e
        """)
        XCTAssertEqual(tree.chains.map { $0.root.name + tree.genericArguments(of: $0.root) }, ["A<A<A<Int>>>", "B<C<D<Int>>>"])
        XCTAssertEqual(tree.chainSummaries, ["A — declares var[1] y", "B.make — declares var[2] z"])
    }

    func testSelfInsideStringInterpolationIsCode() {
        let tree = parse(#"a.sink { _ in print("\(self.title)") }"#)
        XCTAssertEqual(tree.selfReferences(in: 0).map(tree.position), ["1:24"])
        let keyPath = parse(#"a.map(\.self).sink { _ in }"#)
        XCTAssertTrue(keyPath.tokens.indices.filter(keyPath.isSelfReference).isEmpty)
    }

    /// A file's chains view one shared element array; each view is indexed from 0, and equality
    /// and hashing go by the elements, not by where they are stored.
    func testChainsOfAFileShareOneElementArrayButReadAsTheirOwn() {
        let tree = parse("""
        subject.send(1)
        let token = publisher.map { $0 + 1 }.sink { print($0) }
        lone
        bag.removeAll()
        """)
        XCTAssertEqual(tree.chains.map(\.names), [["subject", "send"], ["publisher", "map", "sink"], ["print"], ["bag", "removeAll"]])
        let sink = tree.chains[1].elements
        XCTAssertEqual(sink.indices, 0..<3)
        XCTAssertEqual(sink[2].name, "sink")
        XCTAssertEqual(tree.position(sink[2].nameToken), "2:38")
        XCTAssertEqual(Array(sink.dropFirst().indices), [1, 2])
        XCTAssertEqual(sink.last?.trailingClosures.count, 1)
        // One storage for the whole file: each chain is a range of it, in source order.
        XCTAssertTrue(tree.chains.allSatisfy { $0.elements.storage.count == 8 })
        XCTAssertEqual(tree.chains.map(\.elements.start), [0, 2, 5, 6])
        // A copy of the elements in an array of their own equals and hashes the same.
        let copy = ChainElements(Array(sink))
        XCTAssertEqual(copy, sink)
        XCTAssertEqual(copy.hashValue, sink.hashValue)
        XCTAssertNotEqual(ChainElements(Array(sink.prefix(2))), sink)
    }

    /// The arguments and trailing closures of every call of a file live in one array: each call
    /// reads its own from 0, trailing closures after the arguments, and equality goes by content.
    func testCallsOfAFileShareOneArrayOfArgumentsAndTrailingClosures() {
        let tree = parse("""
        a.sink(receiveCompletion: { _ in }) { value in }
        b.flatMap { $0 }.handleEvents(receiveOutput: f, receiveCancel: g)
        c.task { } onCancel: { }
        make(1)(2, &x)
        """)
        XCTAssertEqual(tree.chains.map(\.names), [["a", "sink"], ["b", "flatMap", "handleEvents"], ["c", "task"], ["make", "()"]])
        let sink = tree.chains[0].elements[1]
        XCTAssertEqual(sink.arguments.map(\.label), ["receiveCompletion"])
        XCTAssertEqual(sink.arguments.indices, 0..<1)
        XCTAssertEqual(sink.arguments[0].closure, 0)
        XCTAssertEqual(sink.trailingClosures.map(\.closure), [1])
        XCTAssertEqual(sink.trailingClosures[0].label, nil)
        XCTAssertEqual(sink.closures, [0, 1])
        XCTAssertEqual(sink.argumentLabels, ["receiveCompletion", "_"])
        let flatMap = tree.chains[1].elements[1]
        XCTAssertTrue(flatMap.arguments.isEmpty)
        XCTAssertTrue(flatMap.isCall)
        XCTAssertEqual(flatMap.trailingClosures.map(\.closure), [2])
        let events = tree.chains[1].elements[2]
        XCTAssertEqual(events.arguments.map(\.label), ["receiveOutput", "receiveCancel"])
        XCTAssertEqual(events.arguments.map { tree.text($0.value.lowerBound, $0.value.upperBound) }, ["f", "g"])
        XCTAssertTrue(events.trailingClosures.isEmpty)
        let task = tree.chains[2].elements[1]
        XCTAssertEqual(task.trailingClosures.map(\.label), [nil, "onCancel"])
        XCTAssertEqual(task.trailingClosures.map(\.closure), [3, 4])
        XCTAssertEqual(tree.chains[3].elements[0].arguments.map { tree.text($0.value.lowerBound, $0.value.upperBound) }, ["1"])
        XCTAssertEqual(tree.chains[3].elements[1].arguments.map(\.isInout), [false, true])
        // One array for the file: six arguments and four trailing closures, calls in source order.
        XCTAssertEqual(sink.arguments.storage.count, 10)
        XCTAssertTrue(tree.chains.allSatisfy { chain in chain.elements.allSatisfy { !$0.isCall || $0.arguments.storage.count == 10 } })
        XCTAssertEqual([sink.arguments.start, flatMap.trailingClosures.run.start, events.arguments.start, task.trailingClosures.run.start], [0, 2, 3, 5])
        // A lone element with arguments of its own equals and hashes as the same element read from the file.
        let copy = CallArguments(Array(events.arguments))
        XCTAssertEqual(copy, events.arguments)
        XCTAssertEqual(copy.hashValue, events.arguments.hashValue)
        XCTAssertNotEqual(CallArguments(Array(events.arguments.prefix(1))), events.arguments)
        // The same element in a file with fewer calls (another array) is equal; another label is not.
        let shorter = parse("""
        a.sink(receiveCompletion: { _ in }) { value in }
        b.flatMap { $0 }.handleEvents(receiveOutput: f, receiveCancel: g)
        """).chains[1].elements[2]
        XCTAssertEqual(shorter.arguments.storage.count, 5)
        XCTAssertEqual(shorter, events)
        XCTAssertEqual(shorter.hashValue, events.hashValue)
        let relabelled = parse("""
        a.sink(receiveCompletion: { _ in }) { value in }
        b.flatMap { $0 }.handleEvents(receiveOutput: f, receiveSignal: g)
        """).chains[1].elements[2]
        XCTAssertNotEqual(relabelled, events)
    }
}
