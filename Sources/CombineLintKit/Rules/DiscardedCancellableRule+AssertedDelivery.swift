/// A test that drops a subscription's token and asserts right after it, before any other statement,
/// what its closures set: `_ = effect.publisher.sink { received.append($0) }` then
/// `XCTAssertEqual(received.count, 1)`. The assertion fails unless the values came during `sink`, so
/// the test itself shows a publisher that answers at once (a double, a `Just` behind the project's
/// API), and the dropped token ends a subscription that is already over. A statement in between
/// (`queue.enqueue(…)`) may be what should make the values come, later, to a subscription that is gone.
extension DiscardedCancellableRule {
    func assertsDeliveryAtOnce(_ subscription: Subscription, chain: Chain, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        let element = chain.elements[subscription.element]
        guard !element.closures.isEmpty, TestCaseCode.contains(element.nameToken, of: tree, index: index) else { return false }
        let written = localsWritten(inClosures: element.closures, in: tree)
        guard !written.isEmpty else { return false }
        // The assertions right after the subscription, in its own block.
        let scope = tree.scopes[chain.scope]
        let level = tree.enclosing[chain.first]
        var k = chain.last + 1
        while k < scope.close {
            defer { k += 1 }
            guard tree.enclosing[k] == level, tree.statementStarts[k] else { continue }
            let end = statementEnd(from: k, level: level, close: scope.close, in: tree)
            guard Catalogue.assertionsOfAValue.contains(tree.name(k)), k + 1 < end, tree.tokens[k + 1].kind == .leftParen,
                  !(k..<end).contains(where: { tree.isWord($0, "await") }) else { return false }
            let arguments = (k + 2)..<end
            if arguments.contains(where: { tree.tokens[$0].kind == .identifier && written.contains(tree.name($0)) }) {
                return !comparesWithEmptyValue(arguments, in: tree)
            }
            k = end - 1
        }
        return false
    }

    /// Locals of the enclosing code that the closures assign or mutate (`received.append($0)`,
    /// `done = true`, `count += 1`), not their own parameters or locals.
    private func localsWritten(inClosures closures: [Int], in tree: SyntaxTree) -> Set<String> {
        var names: Set<String> = []
        for c in closures {
            let closure = tree.closures[c]
            var i = closure.bodyStart
            while i < closure.close {
                defer { i += 1 }
                guard tree.tokens[i].kind == .identifier, i + 1 < closure.close,
                      !(i > 0 && tree.tokens[i - 1].kind == .period), NameWrites.isChanged(at: i, in: tree),
                      let v = SubscriptionFinder.localVariable(named: tree.name(i), visibleAt: i, in: tree),
                      tree.variables[v].nameToken < closure.open else { continue }
                names.insert(tree.name(i))
            }
        }
        return names
    }

    /// The end (exclusive) of the statement starting at `start`: the next statement start at its level.
    private func statementEnd(from start: Int, level: Int32, close: Int, in tree: SyntaxTree) -> Int {
        var k = start + 1
        while k < close, !(tree.enclosing[k] == level && tree.statementStarts[k]) { k += 1 }
        return k
    }

    /// `XCTAssertEqual(values, [])`, `XCTAssertTrue(values.isEmpty)`, `#expect(count == 0)`: passes
    /// when nothing was delivered.
    private func comparesWithEmptyValue(_ arguments: Range<Int>, in tree: SyntaxTree) -> Bool {
        for k in arguments {
            if Catalogue.emptyValueWords.contains(tree.name(k)) { return true }
            if tree.tokens[k].kind == .leftBracket, k + 1 < arguments.upperBound,
               tree.tokens[k + 1].kind == .rightBracket || (tree.tokens[k + 1].kind == .colon && k + 2 < arguments.upperBound && tree.tokens[k + 2].kind == .rightBracket) {
                return true
            }
            if tree.tokens[k].kind == .stringStart, k + 1 < arguments.upperBound, tree.tokens[k + 1].kind == .stringEnd { return true }
        }
        return false
    }
}
