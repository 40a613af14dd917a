/// A `Timer.publish(…)` publisher that nothing connects.
///
/// The timer publisher is a `ConnectablePublisher`: subscribers attach, but the timer starts only
/// on `connect()` or through `autoconnect()`. Precision first: when the publisher (not yet mapped or
/// subscribed) is handed to other code (returned, passed as an argument, stored in a collection),
/// that code may connect it, and nothing is reported. SwiftUI's `onReceive` subscribes without
/// connecting, so handing the bare timer to it is reported.
public struct TimerNotConnectedRule: Rule {
    public static let description = RuleDescription(
        id: "timer_not_connected", name: "Timer publisher never connected", defaultSeverity: .error,
        summary: "`Timer.publish(…)` with no `autoconnect()` in its chain and no `connect()` on it anywhere in the type: it never fires.")

    static let message = "`Timer.publish` returns a connectable publisher that emits nothing until it is connected, so this timer never fires."
    static let help = "Add `.autoconnect()` right after `Timer.publish(…)`, or call `connect()` on it and keep the returned cancellable."

    public init() {}

    /// A file that never names `Timer` makes no timer publisher.
    static let requiredNames = NameSet(["Timer"])

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.mentions(anyOf: Self.requiredNames) else { return [] }
        let tree = context.tree
        var result: [Finding] = []
        for call in tree.timerPublisherCalls where isNeverConnected(call, context) {
            result.append(context.finding(tokens: call.firstToken, through: call.lastToken, message: Self.message, help: Self.help))
        }
        return result
    }

    private func isNeverConnected(_ call: TimerPublisherCall, _ context: RuleContext) -> Bool {
        let tree = context.tree
        let chain = tree.chains[call.chain]
        let rest = chain.elements[(call.element + 1)...]
        if rest.contains(where: { $0.name == "autoconnect" || $0.name == "connect" }) { return false }
        // Operators or subscribers applied to the timer itself: nothing can reach the connectable any more,
        // unless the result is connected by name (`makeConnectable()`, `multicast` stored and connected).
        let bare = rest.isEmpty
        // Subscribed right here (`….sink { … }`): what is kept is the subscription, never the timer.
        if rest.contains(where: { Catalogue.valueSubscriberCalls.contains($0.name) && $0.isCall }) { return true }
        switch chain.context {
        case .statement, .discardAssignment:
            return true
        case .declaration(let v):
            let variable = tree.variables[v]
            return !isConnectedOrPassed(name: variable.name, declaredAt: variable.nameToken, bare: bare, context)
        case .assignment(let target, _):
            guard tree.tokens[target.upperBound].kind == .identifier || tree.tokens[target.upperBound].kind == .keyword else { return false }
            return !isConnectedOrPassed(name: tree.name(target.upperBound), declaredAt: target.upperBound, bare: bare, context)
        case .argument(let open):
            if !bare { return true }
            return isOnReceive(open, in: tree)
        case .returned, .implicitReturn, .collectionElement, .interpolation, .other:
            return !bare
        }
    }

    /// `.onReceive(timer)`: SwiftUI subscribes, it does not connect.
    private func isOnReceive(_ open: Int, in tree: SyntaxTree) -> Bool {
        guard let reference = tree.call(openedAt: open) else { return false }
        let element = tree.chains[reference.chain].elements[reference.element]
        return element.name == "onReceive" && element.arguments.count == 1
    }

    private enum Use { case connected, passedOn, neutral }

    /// Whether the timer stored under `name` is connected (`name.connect()`, `name.autoconnect()`)
    /// or handed on somewhere it may be connected: in the enclosing type (every file), the file's
    /// top level when there is no type, and any chain in the project that connects `….name`.
    private func isConnectedOrPassed(name: String, declaredAt token: Int, bare: Bool, _ context: RuleContext) -> Bool {
        let tree = context.tree
        var regions: [(tree: SyntaxTree, range: Range<Int>)] = []
        if let t = tree.enclosingType(of: token) {
            let typeName = tree.types[t].name
            for ref in context.index.typeDeclarations(named: typeName) {
                let other = context.index.trees[ref.tree]
                let type = other.types[ref.item]
                if let open = type.bodyOpen, let close = type.bodyClose { regions.append((other, open..<close)) }
            }
        } else {
            regions.append((tree, 0..<tree.tokens.count))
        }
        for (other, range) in regions {
            for i in range where other.tokens[i].kind == .identifier && other.name(i) == name {
                if other.file.path == tree.file.path && i == token { continue }
                switch use(at: i, in: other) {
                case .connected: return true
                case .passedOn: if bare { return true }
                case .neutral: break
                }
            }
        }
        // Another type connecting it: `clock.timer.connect()`.
        for use in context.index.chainElements[name] {
            let chain = context.index.trees[use.tree].chains[use.chain]
            // The chain's first member element of that name.
            guard chain.elements.firstIndex(where: { $0.name == name && $0.kind == .member }) == use.element else { continue }
            if chain.elements[(use.element + 1)...].contains(where: { $0.name == "connect" || $0.name == "autoconnect" }) { return true }
        }
        return false
    }

    /// What the code does with the value named at token i.
    private func use(at i: Int, in tree: SyntaxTree) -> Use {
        let tokens = tree.tokens
        if i > 0, tree.isWord(i - 1, "var") || tree.isWord(i - 1, "let") || tree.isWord(i - 1, "func") || tree.isWord(i - 1, "case") {
            return .neutral
        }
        var j = i + 1
        while j < tokens.count, tokens[j].kind == .questionMark || tokens[j].kind == .exclamationMark { j += 1 }
        guard j < tokens.count else { return .neutral }
        switch tokens[j].kind {
        case .period:
            return tree.isWord(j + 1, "connect") || tree.isWord(j + 1, "autoconnect") ? .connected : .neutral
        case .equal, .colon:
            return .neutral
        case .leftParen:
            return .neutral  // a call of a function with the same name
        default:
            break
        }
        // `.onReceive(timer)` / `.onReceive(self.timer)` subscribes without connecting.
        var k = i - 1
        if k >= 1, tokens[k].kind == .period, tree.isWord(k - 1, "self") { k -= 2 }
        if k >= 0, tokens[k].kind == .leftParen, tokens[j].kind == .rightParen, k >= 1, tree.isWord(k - 1, "onReceive") {
            return .neutral
        }
        return .passedOn
    }
}
