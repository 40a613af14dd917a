/// Where a cancellable bag is emptied or replaced: `bag.removeAll()`, `bag = []`, `bag = Set()`,
/// `bag = .init()`, `bag = nil`, `bag.forEach { $0.cancel() }`, `tokens.values.forEach { $0.cancel() }`. A replaced bag releases its old
/// `AnyCancellable`s, which cancels them, so any plain assignment that does not read the bag counts.
public enum BagResets {
    /// The dotted path of a bag written in tokens first...last, without `&`, a leading `self.`,
    /// and optional-chaining marks: `&self.cancellables` → `cancellables`, `cell?.bag` → `cell.bag`.
    /// `nil` when the tokens are not a plain member path.
    public static func key(first: Int, last: Int, in tree: SyntaxTree) -> String? {
        guard first <= last, first >= 0, last < tree.tokens.count else { return nil }
        var parts: [String] = []
        var expectName = true
        for i in first...last {
            let kind = tree.tokens[i].kind
            if kind == .ampersand || (kind == .operator && tree.tokenIs(i, "&")) {
                guard parts.isEmpty else { return nil }
                continue
            }
            if kind == .questionMark || kind == .exclamationMark {
                guard !expectName else { return nil }
                continue
            }
            if kind == .period {
                guard !expectName else { return nil }
                expectName = true
                continue
            }
            guard expectName, kind == .identifier || tree.isWord(i, "self") else { return nil }
            parts.append(tree.name(i))
            expectName = false
        }
        if parts.first == "self" { parts.removeFirst() }
        guard !parts.isEmpty, !expectName else { return nil }
        return parts.joined(separator: ".")
    }

    /// The tokens in `range` where the bag with path `key` is emptied or replaced.
    public static func resets(of key: String, in range: Range<Int>, of tree: SyntaxTree) -> [Int] {
        let range = range.clamped(to: 0..<tree.tokens.count)
        guard !range.isEmpty else { return [] }
        let lastName = key.lastNameComponent
        // A body that never names the bag resets nothing: one pass over its tokens spares the
        // chain lookups (a type of thousands of small methods asks this of each).
        guard range.contains(where: { tree.tokens[$0].kind == .identifier && tree.isWord($0, lastName) }) else { return [] }
        var result: [Int] = []
        // `bag.removeAll()`, `bag.forEach { $0.cancel() }`, `self.bag.removeAll(keepingCapacity: true)`,
        // and the emptying calls of bag classes (`cancelBag.cancel()`, `disposeBag.dispose()`).
        for k in tree.chainIndices(in: range.lowerBound...(range.upperBound - 1)) where tree.chains[k].elements.count >= 2 {
            let chain = tree.chains[k]
            let method = chain.elements[chain.elements.count - 1]
            guard method.isCall, var pathLast = chain.elements.dropLast().last?.lastToken else { continue }
            // `tokens.values.forEach { $0.cancel() }`: a dictionary of cancellables, each cancelled.
            if method.name == "forEach", chain.elements.count >= 3, chain.elements[chain.elements.count - 2].name == "values",
               !chain.elements[chain.elements.count - 2].isCall {
                pathLast = chain.elements[chain.elements.count - 3].lastToken
            }
            guard self.key(first: chain.first, last: pathLast, in: tree) == key else { continue }
            // A bag class's own emptying call: `cancelBag.cancel()`, `disposeBag.dispose()`.
            if method.arguments.isEmpty, method.trailingClosures.isEmpty,
               Catalogue.bagEmptyingCalls.contains(method.name) {
                result.append(chain.first)
            } else if method.name == "removeAll" || method.name == "cancelAll" {
                result.append(chain.first)
            } else if method.name == "forEach", let closure = method.closures.first {
                let body = tree.closures[closure]
                if (body.bodyStart..<body.close).contains(where: { tree.isWord($0, "cancel") }) { result.append(chain.first) }
            }
        }
        // `bag = …` whose right-hand side does not read the bag (`bag = bag.union(…)` keeps it).
        for i in range where tree.tokens[i].kind == .equal {
            let start = assignmentTargetStart(ofEqualAt: i, notBefore: range.lowerBound, in: tree)
            guard start < i else { continue }
            // `bags[id] = []`: the entry of a keyed bag, emptied for the store into `&bags[id, default: []]`.
            let targetLast = tree.lastTokenBeforeSubscript(first: start, last: i - 1)
            // `tokens[UUID()] = …` fills a new entry each time and replaces none.
            if targetLast != i - 1, SubscriptionFinder.subscriptKeyIsNew(start...(i - 1), in: tree) { continue }
            guard self.key(first: start, last: targetLast, in: tree) == key else { continue }
            // `bags[id] = bag` writing back a copy made by `var bag = bags[id, default: []]` keeps the
            // entry's subscriptions, and adds to them.
            if targetLast != i - 1, i + 1 < tree.tokens.count, tree.tokens[i + 1].kind == .identifier,
               i + 2 >= tree.tokens.count || tree.statementStarts[i + 2] || tree.tokens[i + 2].kind == .rightBrace,
               let v = SubscriptionFinder.localVariable(named: tree.name(i + 1), visibleAt: i + 1, in: tree),
               let initializer = tree.variables[v].initializer, tree.tokens[initializer.lowerBound].kind == .identifier,
               tree.name(initializer.lowerBound) == lastName { continue }
            var end = i + 1
            while end < range.upperBound, !tree.statementStarts[end] { end += 1 }
            // `tokens["chart"] = p.sink { … }` replaces that one entry: the others stay.
            if targetLast != i - 1, let c = tree.chain(startingAt: i + 1),
               tree.chains[c].elements.contains(where: { ($0.name == "sink" || $0.name == "assign") && $0.isCall }) { continue }
            if tree.uses(lastName, in: (i + 1)..<end).isEmpty { result.append(start) }
        }
        return result.sorted()
    }

    /// The first token of the assignment target before the `=` at `i`: back to the statement's
    /// start or the `{` before it, never before `lower`.
    static func assignmentTargetStart(ofEqualAt i: Int, notBefore lower: Int, in tree: SyntaxTree) -> Int {
        var start = i - 1
        while start > lower, !tree.statementStarts[start], tree.tokens[start - 1].kind != .leftBrace { start -= 1 }
        return start
    }

    /// Whether the bag `name` (a member of `self`, or a local) is emptied or replaced anywhere in `range`.
    public static func empties(_ name: String, in range: Range<Int>, of tree: SyntaxTree) -> Bool {
        !resets(of: name, in: range, of: tree).isEmpty
    }

    /// The self member a storage owner names: `bag`, `self.bag`, `self?.bag`, `self!.bag`; `nil` for
    /// locals, parameters and other objects' members.
    public static func selfMemberName(_ owner: Owner) -> String? {
        switch owner {
        case .selfMember(let name):
            return name
        case .other(let text):
            // `self ? . bag` as normalised by `SyntaxTree.text(_:_:)`, or written without spaces.
            let compact = text.filter { $0 != " " }
            for prefix in ["self?.", "self!.", "self."] where compact.hasPrefix(prefix) {
                let rest = compact.dropFirst(prefix.count)
                if !rest.isEmpty, rest.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { return String(rest) }
            }
            return nil
        case .local, .parameter:
            return nil
        }
    }
}
