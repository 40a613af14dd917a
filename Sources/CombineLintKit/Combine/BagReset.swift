/// Where a bag of cancellables is emptied (its subscriptions cancelled): `bag.removeAll()`,
/// `bag = []`, `bag = Set()`, `bag = .init()`, `bag = Set<AnyCancellable>()`,
/// any other plain assignment, `bag.forEach { $0.cancel() }`, written on `bag`, `self.bag` or `self?.bag`.
public enum BagReset {
    /// One emptying of a bag: the bag's member name and the token of that name.
    public struct Reset: Sendable, Hashable {
        public var name: String
        public var token: Int
    }

    /// The bags emptied by code in `range` (token indices of `tree.tokens`).
    public static func resets(in range: Range<Int>, of tree: SyntaxTree) -> [Reset] {
        let range = range.clamped(to: 0..<tree.tokens.count)
        var result: [Reset] = []
        for i in range where tree.tokens[i].kind == .identifier && isBagPosition(i, in: tree) {
            if emptiesAfterName(i, in: tree) { result.append(Reset(name: tree.name(i), token: i)) }
        }
        return result
    }

    /// Whether the bag `name` is emptied anywhere in `range`.
    public static func empties(_ name: String, in range: Range<Int>, of tree: SyntaxTree) -> Bool {
        resets(in: range, of: tree).contains { $0.name == name }
    }

    /// The self member a storage owner names: `bag`, `self.bag`, `self?.bag`, `self!.bag`; `nil` for
    /// locals, parameters and other objects' members.
    public static func selfMemberName(_ owner: Owner) -> String? {
        switch owner {
        case .selfMember(let name):
            return name
        case .other(let text):
            // `self ? . bag` / `self ! . bag` as normalised by `SyntaxTree.text(_:_:)`.
            let parts = text.split(separator: " ").map(String.init).filter { $0 != "?" && $0 != "!" }
            if parts.count == 3, parts[0] == "self", parts[1] == "." { return parts[2] }
            let compact = text.replacingOccurrences(of: " ", with: "")
            for prefix in ["self?.", "self!.", "self."] where compact.hasPrefix(prefix) {
                let rest = compact.dropFirst(prefix.count)
                if !rest.isEmpty, rest.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { return String(rest) }
            }
            return nil
        case .local, .parameter:
            return nil
        }
    }

    /// `name` alone, or the member of `self`, `self?`, `self!`; not another object's member.
    private static func isBagPosition(_ i: Int, in tree: SyntaxTree) -> Bool {
        guard i > 0, tree.tokens[i - 1].kind == .period else { return true }
        var j = i - 2
        while j >= 0, tree.tokens[j].kind == .questionMark || tree.tokens[j].kind == .exclamationMark { j -= 1 }
        return j >= 0 && tree.isSelfReference(j)
    }

    private static func emptiesAfterName(_ i: Int, in tree: SyntaxTree) -> Bool {
        let count = tree.tokens.count
        func kind(_ k: Int) -> TokenKind? { k < count ? tree.tokens[k].kind : nil }
        var j = i + 1
        while kind(j) == .questionMark || kind(j) == .exclamationMark { j += 1 }
        if kind(j) == .period, j + 1 < count {
            if tree.isWord(j + 1, "removeAll") { return true }
            // `bag.forEach { $0.cancel() }`
            if tree.isWord(j + 1, "forEach"), j + 2 < count {
                let open = tree.tokens[j + 2].kind == .leftParen ? j + 3 : j + 2
                if open < count, tree.tokens[open].kind == .leftBrace, tree.matching[open] > Int32(open) {
                    let close = Int(tree.matching[open])
                    return (open..<close).contains { tree.isWord($0, "cancel") }
                }
            }
            return false
        }
        guard kind(j) == .equal else { return false }
        // `var bag = …` declares a new bag, it does not replace one.
        if i > 0, tree.isWord(i - 1, "var") || tree.isWord(i - 1, "let") { return false }
        // Any plain assignment replaces the bag: the old cancellables are released, which cancels them
        // (`bag = []`, `bag = Set()`, `bag = .init()`), unless the new value starts from the bag itself.
        let value = j + 1
        guard value < count else { return false }
        return !tree.isWord(value, tree.name(i)) && !(tree.isWord(value, "self") && value + 2 < count && tree.isWord(value + 2, tree.name(i)))
    }
}
