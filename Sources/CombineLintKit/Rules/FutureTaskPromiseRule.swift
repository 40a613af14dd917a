/// `Future { promise in Task { … promise(…) } }`: the promise crosses into a task although it is
/// not `Sendable`, and cancelling the subscription never cancels the task.
public struct FutureTaskPromiseRule: Rule {
    public static let description = RuleDescription(
        id: "future_task_promise",
        name: "Future promise in a Task",
        defaultSeverity: .warning,
        isOptIn: true,
        summary: "A Future's promise called from a Task started in the Future's closure."
    )

    static let help = "Call the async function directly instead of wrapping it in a Future; where a publisher is needed, keep the Task and cancel it in `handleEvents(receiveCancel:)`, with a subject the task feeds on the main actor (see `combinelint explain future_task_promise`)."

    public init() {}

    /// A file that never names `Future` has no finding.
    static let requiredNames = NameSet(["Future"])

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.mentions(anyOf: Self.requiredNames) else { return [] }
        let tree = context.tree
        var findings: [Finding] = []
        // Closures by opening brace: those inside a Future are a slice, not a scan of the file.
        let lookup = TreeLookup(tree)
        for (f, future) in tree.closures.enumerated() {
            guard let promise = future.parameters.first, future.parameters.count == 1, promise != "_",
                  calleeName(before: future.open, in: tree) == "Future", future.open < future.close else { continue }
            let inside = lookup.closures(in: (future.open + 1)...(future.close - 1))
            for t in inside where tree.closures[t].close < future.close {
                let task = tree.closures[t]
                guard let taskStart = taskToken(before: task.open, in: tree) else { continue }
                guard usesPromise(promise, of: f, inside: t, in: tree) else { continue }
                // A Task inside another Task of the same Future is part of the outer one's finding.
                if inside.contains(where: { tree.closures[$0].open < task.open && tree.closures[$0].close > task.close
                    && taskToken(before: tree.closures[$0].open, in: tree) != nil }) { continue }
                findings.append(context.finding(
                    tokens: taskStart,
                    message: "A Task captures `\(promise)`, which is not Sendable (an error in Swift 6 mode), and cancelling the subscription leaves the task running.",
                    help: Self.help))
            }
        }
        return findings
    }

    /// A use of the Future's promise parameter in the Task's closure that still names that parameter
    /// (no closure in between declares a parameter of the same name).
    private func usesPromise(_ name: String, of future: Int, inside task: Int, in tree: SyntaxTree) -> Bool {
        let closure = tree.closures[task]
        guard closure.bodyStart < closure.close else { return false }
        for i in tree.uses(name, in: closure.bodyStart..<closure.close) where tree.tokens[i].kind == .identifier {
            for c in tree.enclosingClosures(of: i) {
                if c == future { return true }
                if tree.closures[c].parameters.contains(name) { break }
            }
        }
        return false
    }

    /// The name called with the closure opened at `open`: `Name {`, `Name<…> {`, `Name(…) {`, `Name({`.
    private func calleeName(before open: Int, in tree: SyntaxTree) -> String? {
        var i = open - 1
        guard i >= 0 else { return nil }
        if tree.tokens[i].kind == .leftParen { i -= 1 }
        else if tree.tokens[i].kind == .rightParen, tree.matching[i] >= 0 { i = Int(tree.matching[i]) - 1 }
        i = skipGenericArguments(endingAt: i, in: tree)
        guard i >= 0, tree.tokens[i].kind == .identifier || tree.tokens[i].kind == .keyword else { return nil }
        // `Future<…>.init {`, and `self.init {` in a convenience initializer of an extension of Future.
        if tree.isWord(i, "init"), i >= 2, tree.tokens[i - 1].kind == .period {
            let j = skipGenericArguments(endingAt: i - 2, in: tree)
            guard j >= 0 else { return nil }
            if tree.isWord(j, "self") || tree.isWord(j, "Self"), let t = tree.enclosingType(of: j) {
                return tree.types[t].name.lastNameComponent
            }
            return tree.name(j)
        }
        return tree.name(i)
    }

    /// The `Task` token of `Task {`, `Task(priority:) {`, `Task<…> {`, `Task.detached {`, `Task.detached(…) {`.
    private func taskToken(before open: Int, in tree: SyntaxTree) -> Int? {
        var i = open - 1
        guard i >= 0 else { return nil }
        if tree.tokens[i].kind == .rightParen, tree.matching[i] >= 0 { i = Int(tree.matching[i]) - 1 }
        else if tree.tokens[i].kind == .leftParen { i -= 1 }
        i = skipGenericArguments(endingAt: i, in: tree)
        guard i >= 0 else { return nil }
        if tree.isWord(i, "detached"), i >= 2, tree.tokens[i - 1].kind == .period, tree.isWord(i - 2, "Task") { i -= 2 }
        guard tree.isWord(i, "Task"), tree.tokens[i].kind == .identifier else { return nil }
        // `Task` must start the expression, not be a member (`foo.Task {`).
        if i > 0, tree.tokens[i - 1].kind == .period { return nil }
        return i
    }

    /// Steps back over `<…>` ending at token `i` (angle brackets are operator tokens, possibly `>>`).
    private func skipGenericArguments(endingAt i: Int, in tree: SyntaxTree) -> Int {
        guard i >= 0, tree.tokens[i].kind == .operator else { return i }
        let closing = tree.text(i)
        guard closing.allSatisfy({ $0 == ">" }) else { return i }
        var depth = closing.count
        var j = i - 1
        while j >= 0, depth > 0, i - j < 40 {
            if tree.tokens[j].kind == .operator {
                let text = tree.text(j)
                if text.allSatisfy({ $0 == ">" }) { depth += text.count }
                else if text.allSatisfy({ $0 == "<" }) { depth -= text.count }
                else { return i }
            } else if ![.identifier, .comma, .period, .leftParen, .rightParen, .leftBracket, .rightBracket, .colon, .questionMark].contains(tree.tokens[j].kind) {
                return i
            }
            j -= 1
        }
        return depth == 0 ? j : i
    }
}
