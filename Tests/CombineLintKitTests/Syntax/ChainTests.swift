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
        XCTAssertEqual(tree.chains[0].root.genericArguments, "<String?,Never>")
        XCTAssertEqual(tree.chainSummaries, ["CurrentValueSubject — declares var[0] subject", "[…].publisher.sink — statement", "Just.sink — statement", "Future.retry — declares var[2] f"])
        XCTAssertEqual(tree.variables.map(\.name), ["subject", "x", "f"])
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
}
