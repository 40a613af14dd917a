/// `send(_:)` on a subject that the same body has already completed.
///
/// Straight-line reasoning in one block: a `send(completion:)` written at the statement level of a
/// function or closure body, or of a block in it (an `if` or `guard … else` block, a loop body, a
/// `switch` case up to the next `case`), runs before every later `send(…)` of a value to the same
/// receiver in that block, outside nested closures. A reassignment or a redeclaration of the receiver in between ends
/// the reasoning, and so does any method call in between when the receiver is not a known `let`.
public struct SendAfterCompletionRule: Rule {
    public static let description = RuleDescription(
        id: "send_after_completion", name: "Send after completion", defaultSeverity: .warning,
        summary: "`send(_:)` on a subject after `send(completion:)` on the same subject earlier in the same body: the value is dropped.")

    public init() {}

    /// A file that never names `send` completes no subject.
    static let requiredNames = NameSet(["send"])

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.mentions(anyOf: Self.requiredNames) else { return [] }
        let tree = context.tree
        var result: [Finding] = []
        // A test sends after the completion on purpose, to check that the value is dropped.
        if TestCaseCode.isInTestFolder(tree.file.path) { return [] }
        for chain in tree.chains where chain.context == .statement {
            guard let completion = completionCall(chain, tree), isCodeBlock(chain.scope, tree),
                  !TestCaseCode.contains(chain.first, of: tree, index: context.index) else { continue }
            let receiver = completion.receiver
            guard completion.isCompletionValue || isKnownSubject(receiver, at: chain.first, context) else { continue }
            let stable = isKnownLet(receiver, at: chain.first, context)
            let body = tree.scopes[chain.scope]
            let barrier = reasoningEnd(after: chain.last, in: body, receiver: receiver, stable: stable, tree)
            let host = innermostBody(of: chain.first, tree)
            let runsLater = { (body: Int?) in stable && self.isDispatchedBlock(body, in: host, before: barrier, tree) }
            let runsNow = { (body: Int?) in self.isForEachBlock(body, in: host, tree) }
            for later in tree.chains where later.first > chain.last && later.first < barrier
                && (innermostBody(of: later.first, tree) == host || runsLater(innermostBody(of: later.first, tree))
                    || runsNow(innermostBody(of: later.first, tree))) {
                if let finding = droppedValue(later, after: completion, context,
                                              how: "by `send(completion:)` on line \(tree.line(of: completion.sendToken))", note: "") {
                    result.append(finding)
                }
            }
            // `if ok { s.send(completion: .finished) } else { s.send(completion: .failure(e)) }`: every
            // path completes, so a send after the whole statement, in the block around it, comes too late.
            guard let end = completionOnEveryBranch(startingAt: chain, receiver: receiver, tree),
                  let outer = body.parent, isCodeBlock(outer, tree) else { continue }
            let outerBarrier = reasoningEnd(after: end, in: tree.scopes[outer], receiver: receiver, stable: stable, tree)
            guard end + 1 < outerBarrier else { continue }
            for later in tree.chains(in: (end + 1)...(outerBarrier - 1)) where innermostBody(of: later.first, tree) == host {
                if let finding = droppedValue(later, after: completion, context,
                                              how: "on every path of the `if` on line \(tree.line(of: completion.sendToken))", note: ", and in the `else` branch") {
                    result.append(finding)
                }
            }
        }
        return result
    }

    /// The first token after `start` in `block` where the receiver may hold another subject (or
    /// another `case` begins), else the block's end: the reasoning stops there.
    private func reasoningEnd(after start: Int, in block: Scope, receiver: [String], stable: Bool, _ tree: SyntaxTree) -> Int {
        let end = min(block.close, tree.tokens.count)
        guard start + 1 < end else { return end }
        return ((start + 1)..<end).first { i in
            breaksReasoning(at: i, receiver: receiver, stable: stable, tree) || startsAnotherCase(at: i, of: block, tree)
        } ?? end
    }

    /// The finding for a value sent by `later` into the receiver that `completion` completed (`how`
    /// says where; `note` is added to the related location's message), or nil when `later` sends none.
    private func droppedValue(_ later: Chain, after completion: Completion, _ context: RuleContext, how: String, note: String) -> Finding? {
        let tree = context.tree
        guard let send = valueSend(later, receiver: completion.receiver, tree) else { return nil }
        let element = later.elements[send]
        let subject = completion.receiver.joined(separator: ".")
        let completed = context.related(tokens: completion.sendToken, through: completion.lastToken,
                                        message: "`\(subject)` is completed here" + note)
        return context.finding(tokens: element.nameToken, through: element.lastToken,
                               message: "`\(subject)` was already completed \(how), so this value is dropped and no subscriber receives it.",
                               help: "Send the values before completing `\(subject)`.", related: [completed])
    }

    /// When `chain` completes `receiver` at the statement level of an `if` block whose `else` block
    /// (a plain `else { … }`, not `else if`) completes it too: the `}` that closes the `else` block.
    private func completionOnEveryBranch(startingAt chain: Chain, receiver: [String], _ tree: SyntaxTree) -> Int? {
        let block = tree.scopes[chain.scope]
        guard case .controlFlow(.if) = block.kind, block.close + 2 < tree.tokens.count, tree.isWord(block.close + 1, "else"),
              tree.tokens[block.close + 2].kind == .leftBrace, case let elseOpen = block.close + 2,
              case let elseClose = Int(tree.matching[elseOpen]), elseClose > elseOpen else { return nil }
        let completesToo = tree.chains(in: elseOpen...elseClose).contains { other in
            other.context == .statement && tree.scopes[other.scope].open == elseOpen && completionCall(other, tree)?.receiver == receiver
        }
        return completesToo ? elseClose : nil
    }

    private struct Completion {
        var receiver: [String]
        var sendToken: Int
        /// The last token of the `send(completion: …)` call.
        var lastToken: Int
        /// The argument is written `.finished`, `.failure(…)` or `Subscribers.Completion…`.
        var isCompletionValue: Bool
    }

    /// `receiver.send(completion: value)` with a plain receiver (names only, `self.` dropped).
    private func completionCall(_ chain: Chain, _ tree: SyntaxTree) -> Completion? {
        guard let send = chain.elements.last, send.name == "send", send.hasParentheses, send.trailingClosures.isEmpty,
              send.arguments.count == 1, let argument = send.argument("completion"), argument.closure == nil,
              let receiver = receiverNames(chain, upTo: chain.elements.count - 1, tree) else { return nil }
        let text = tree.text(argument.value.lowerBound, argument.value.upperBound)
        let isValue = text.hasPrefix(".finished") || text.hasPrefix(".failure") || text.hasPrefix("Subscribers.Completion")
        return Completion(receiver: receiver, sendToken: send.nameToken, lastToken: send.lastToken, isCompletionValue: isValue)
    }

    /// The names of elements `0..<end`, without a leading `self`; `nil` when one is called or subscripted.
    private func receiverNames(_ chain: Chain, upTo end: Int, _ tree: SyntaxTree) -> [String]? {
        guard end >= 1 else { return nil }
        var names: [String] = []
        for element in chain.elements[0..<end] {
            guard element.kind != .literal, !element.isCall, element.subscripts.isEmpty else { return nil }
            names.append(element.name)
        }
        if names.first == "self" { names.removeFirst() }
        return names.isEmpty ? nil : names
    }

    /// `receiver.send(value)` or `receiver.send()` in `chain`: the index of the send element.
    private func valueSend(_ chain: Chain, receiver: [String], _ tree: SyntaxTree) -> Int? {
        let offset = chain.elements.first?.name == "self" ? 1 : 0
        let index = receiver.count + offset
        guard index < chain.elements.count, let names = receiverNames(chain, upTo: index, tree), names == receiver else { return nil }
        let send = chain.elements[index]
        guard send.name == "send", send.hasParentheses, send.trailingClosures.isEmpty else { return nil }
        if send.arguments.isEmpty { return index }
        return send.arguments.count == 1 && send.arguments[0].label == nil ? index : nil
    }

    /// A function or closure body, or a block of statements in one (`if`, `else`, `for`, `switch`, …).
    private func isCodeBlock(_ scope: Int, _ tree: SyntaxTree) -> Bool {
        if case .controlFlow = tree.scopes[scope].kind { return true }
        return isBody(scope, tree)
    }

    /// A `case` or `default` label of the `switch` whose braces are `block`: the statements after it
    /// run on another path.
    private func startsAnotherCase(at i: Int, of block: Scope, _ tree: SyntaxTree) -> Bool {
        (tree.isWord(i, "case") || tree.isWord(i, "default")) && tree.statementStarts[i] && Int(tree.enclosing[i]) == block.open
    }

    private func isBody(_ scope: Int, _ tree: SyntaxTree) -> Bool {
        switch tree.scopes[scope].kind {
        case .functionBody, .closure: return true
        default: return false
        }
    }

    /// Whether `body` is the closure of `DispatchQueue….async { … }` or `asyncAfter` written right in
    /// `host` before `barrier`: it runs after the rest of `host`, so after a completion sent there
    /// (for a receiver that cannot hold another subject by then).
    private func isDispatchedBlock(_ body: Int?, in host: Int?, before barrier: Int, _ tree: SyntaxTree) -> Bool {
        guard let (c, name) = closureCall(of: body, in: host, tree), tree.closures[c].open < barrier else { return false }
        return Catalogue.dispatchAsyncCalls.contains(name)
    }

    /// Whether `body` is the closure of a sequence's `forEach { … }` written right in `host`
    /// (`pending.forEach { subject.send($0) }`): it runs there and then, in order with the statements
    /// around it. (`map` and the like are left out: they are also operators of publishers, whose
    /// closures run later.)
    private func isForEachBlock(_ body: Int?, in host: Int?, _ tree: SyntaxTree) -> Bool {
        closureCall(of: body, in: host, tree)?.name == "forEach"
    }

    /// When `body` is a closure handed to a call written right in `host`: the closure and the call's name.
    private func closureCall(of body: Int?, in host: Int?, _ tree: SyntaxTree) -> (closure: Int, name: String)? {
        guard let body, case .closure(let c) = tree.scopes[body].kind,
              innermostBody(of: tree.closures[c].open - 1, tree) == host, let call = tree.call(receiving: c) else { return nil }
        return (c, tree.chains[call.chain].elements[call.element].name)
    }

    /// The innermost function or closure body around token i.
    private func innermostBody(of token: Int, _ tree: SyntaxTree) -> Int? {
        tree.scopeChain(of: token).first { isBody($0, tree) }
    }

    /// At token i: the receiver's first name is redeclared, its last name assigned, or (for a
    /// receiver that may be reassigned elsewhere) a method of this object is called.
    private func breaksReasoning(at i: Int, receiver: [String], stable: Bool, _ tree: SyntaxTree) -> Bool {
        let tokens = tree.tokens
        guard tokens[i].kind == .identifier || tokens[i].kind == .keyword else { return false }
        let name = tree.name(i)
        if name == receiver[0], i > 0, tree.isWord(i - 1, "let") || tree.isWord(i - 1, "var") { return true }
        if name == receiver[receiver.count - 1], i + 1 < tokens.count, tokens[i + 1].kind == .equal { return true }
        if !stable, i + 1 < tokens.count, tokens[i + 1].kind == .leftParen {
            let afterSelf = i >= 2 && tokens[i - 1].kind == .period && tree.isWord(i - 2, "self")
            let bare = i == 0 || (tokens[i - 1].kind != .period && tokens[i - 1].kind != .keyword)
            if afterSelf || (bare && tree.statementStarts[i] && !Catalogue.nonMutatingFreeFunctions.contains(name)) { return true }
        }
        return false
    }

    /// The receiver is declared in this file or the index as a subject (a local, a parameter or a property).
    private func isKnownSubject(_ receiver: [String], at token: Int, _ context: RuleContext) -> Bool {
        guard receiver.count == 1 else { return false }
        return declaration(of: receiver[0], at: token, context)?.subject != nil
    }

    /// The receiver is a `let` (a local, a parameter or a property of the enclosing type), or a
    /// stored `var` property of the enclosing type that no code of the project assigns anew
    /// (`private var installEvents = PassthroughSubject<…>()`, never `installEvents = …`).
    private func isKnownLet(_ receiver: [String], at token: Int, _ context: RuleContext) -> Bool {
        guard receiver.count == 1 else { return false }
        if declaration(of: receiver[0], at: token, context)?.isLet == true { return true }
        let tree = context.tree
        guard SubscriptionFinder.localVariable(named: receiver[0], visibleAt: token, in: tree) == nil,
              !SubscriptionFinder.isParameter(named: receiver[0], visibleAt: token, in: tree),
              let t = tree.enclosingType(of: token), let property = context.index.property(receiver[0], ofType: tree.types[t].name),
              !property.isComputed, !property.isStatic, !property.initializerText.isEmpty else { return false }
        return !context.index.isAssigned(receiver[0])
    }

    /// For `name` seen at `token`: its subject type if it is declared as one, and whether it is a `let`.
    private func declaration(of name: String, at token: Int, _ context: RuleContext) -> (subject: String?, isLet: Bool)? {
        let tree = context.tree
        if let v = SubscriptionFinder.localVariable(named: name, visibleAt: token, in: tree) {
            return (SubjectDeclarations.subjectType(ofVariable: v, in: tree), tree.variables[v].isLet)
        }
        if conditionBindsLet(name, around: token, in: tree) { return (nil, true) }
        for scope in tree.scopeChain(of: token) {
            switch tree.scopes[scope].kind {
            case .functionBody(let f):
                if let parameter = tree.functions[f].parameters.first(where: { $0.name == name }) {
                    return (SubjectDeclarations.subjectType(annotation: parameter.typeText), !parameter.typeText.hasPrefix("inout"))
                }
            case .closure(let c):
                if tree.closures[c].parameters.contains(where: { $0 == name }) { return nil }
            default: break
            }
        }
        guard let t = tree.enclosingType(of: token), let property = context.index.property(name, ofType: tree.types[t].name) else { return nil }
        var initializer = Substring(property.initializerText)
        if initializer.hasPrefix("Combine.") { initializer = initializer.dropFirst("Combine.".count) }
        let constructed = Catalogue.subjectTypes.first { initializer.hasPrefix($0) && !initializer.contains(").") }
        let subject = property.typeText.isEmpty ? constructed : SubjectDeclarations.subjectType(annotation: property.typeText)
        return (subject, property.isLet)
    }

    /// Whether `name` at `token` is bound by an `if let` or `guard let` that decides whether the token
    /// runs (`if let subject = phaseSubjects.removeValue(forKey: id) { … }`): a `let`, which no
    /// statement can point at another subject (a condition binding makes no local variable).
    private func conditionBindsLet(_ name: String, around token: Int, in tree: SyntaxTree) -> Bool {
        guard let binding = tree.nearestBindingInFunction(of: name, before: token), tree.isWord(binding.keyword, "let"),
              let value = binding.value, tree.conditionBoundName(ofValueAt: value.lowerBound) == name else { return false }
        // The `if` or `guard` the binding belongs to, at its bracket level.
        var head = binding.keyword - 1
        while head >= 0, binding.keyword - head < 64, tree.enclosing[head] == tree.enclosing[binding.keyword],
              !(tree.isWord(head, "if") || tree.isWord(head, "guard")) { head -= 1 }
        guard head >= 0, tree.isWord(head, "if") || tree.isWord(head, "guard") else { return false }
        return RunOnceGuards.covers(head, token, in: tree)
    }
}
