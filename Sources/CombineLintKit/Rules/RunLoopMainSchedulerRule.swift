/// `RunLoop.main` as the scheduler of a delivering or timing operator.
///
/// The main run loop runs in tracking mode while the user drags or scrolls, and work scheduled
/// on `RunLoop.main` (default mode) waits until tracking ends; `DispatchQueue.main` is not a run
/// loop and keeps delivering. Only the explicit `RunLoop.main` is reported: `.main` alone cannot be
/// inferred for a generic scheduler parameter, and a scheduler held in a variable is not followed.
public struct RunLoopMainSchedulerRule: Rule {
    public static let description = RuleDescription(
        id: "runloop_main_scheduler", name: "RunLoop.main scheduler", defaultSeverity: .warning, isOptIn: true,
        summary: "`RunLoop.main` as the scheduler of `receive(on:)`, `debounce`, `throttle`, `delay`, `timeout` or `collect(.byTime…)`: delivery stops while a scroll view is tracking.")

    /// `operation` as the reader knows it: `receive(on:)`, `debounce`, `collect(.byTime…)`.
    static func message(_ operation: String) -> String {
        "`RunLoop.main` holds back what `\(operation)` delivers while the main run loop tracks a scroll or drag, until the user lets go."
    }

    static let help = "Use `DispatchQueue.main`, which keeps delivering while the user scrolls."

    public init() {}

    /// A file that never names `RunLoop` never passes `RunLoop.main`.
    static let requiredNames = NameSet(["RunLoop"])

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.mentions(anyOf: Self.requiredNames) else { return [] }
        let tree = context.tree
        // A test target's helpers (a scheduler helper outside any test case) run in tests only.
        if TestCaseCode.isInTestFolder(tree.file.path) { return [] }
        var result: [Finding] = []
        // A test runs no scroll view; it picks `RunLoop.main` so that it can spin that run loop.
        // (Asked only where a finding would be made: it looks up the enclosing types' ancestors.)
        // Preview code (`#Preview { … }`, a `PreviewProvider`, a type only previews make) runs in
        // Xcode's canvas, never in the app.
        let treeIndex = context.index.treeIndexByPath[context.file.path]
        func isInTestCase(_ chain: Chain) -> Bool {
            if TestCaseCode.contains(chain.first, of: tree, index: context.index) { return true }
            guard let treeIndex else { return PreviewCode.isDirectlyInPreview(chain.first, in: tree) }
            return PreviewCode.contains(chain.first, inTree: treeIndex, index: context.index, memo: context.memo)
        }
        for chain in tree.chains {
            for element in chain.elements where element.hasParentheses {
                if let label = Catalogue.schedulerArgumentLabels[element.name] {
                    guard let argument = element.argument(label), isRunLoopMain(argument.value.lowerBound, in: tree),
                          argument.value.count == 3, !isInTestCase(chain) else { continue }
                    let others = element.arguments.filter { $0.label != label }
                    let operation = element.name == "receive" ? "receive(on:)" : element.name
                    result.append(finding(at: argument.value.lowerBound, operation: operation,
                                          fixable: others.allSatisfy { isSafeNeighbour($0, in: tree) }, context))
                } else if element.name == "collect", element.arguments.count == 1 {
                    if let (start, strides) = byTimeScheduler(element.arguments[0].value, in: tree), !isInTestCase(chain) {
                        result.append(finding(at: start, operation: "collect(.byTime…)", fixable: strides.allSatisfy { isSafeStride($0, in: tree) }, context))
                    }
                }
            }
        }
        return result
    }

    private func finding(at start: Int, operation: String, fixable: Bool, _ context: RuleContext) -> Finding {
        let tokens = context.tree.tokens
        let range = tokens[start].startOffset..<tokens[start + 2].endOffset
        let fix = fixable ? Fix(title: "Use DispatchQueue.main", edits: [context.edit(range, "DispatchQueue.main")]) : nil
        return context.finding(tokens: start, through: start + 2, message: Self.message(operation), fix: fix, help: Self.help)
    }

    /// Tokens `RunLoop . main` starting at `i`.
    private func isRunLoopMain(_ i: Int, in tree: SyntaxTree) -> Bool {
        i + 2 < tree.tokens.count && tree.isWord(i, "RunLoop") && tree.tokens[i + 1].kind == .period && tree.isWord(i + 2, "main")
    }

    /// For `.byTime(RunLoop.main, stride)` / `.byTimeOrCount(RunLoop.main, stride, n)`: the scheduler's first token and the other arguments.
    private func byTimeScheduler(_ value: ClosedRange<Int>, in tree: SyntaxTree) -> (Int, [ClosedRange<Int>])? {
        let v = value.lowerBound
        guard value.count >= 6, tree.tokens[v].kind == .period,
              tree.isWord(v + 1, "byTime") || tree.isWord(v + 1, "byTimeOrCount"),
              tree.tokens[v + 2].kind == .leftParen, isRunLoopMain(v + 3, in: tree) else { return nil }
        let close = Int(tree.matching[v + 2])
        guard close == value.upperBound, v + 6 <= close,
              tree.tokens[v + 6].kind == .comma || tree.tokens[v + 6].kind == .rightParen else { return nil }
        // The stride is the second argument; the count (third) is an integer that does not depend on the scheduler.
        var strides: [ClosedRange<Int>] = []
        if tree.tokens[v + 6].kind == .comma {
            var end = v + 7
            while end < close, !(tree.tokens[end].kind == .comma && Int(tree.enclosing[end]) == v + 2) { end += 1 }
            if end - 1 >= v + 7 { strides.append((v + 7)...(end - 1)) }
        }
        return (v + 3, strides)
    }

    /// Another argument that still type-checks when the scheduler becomes `DispatchQueue.main`.
    private func isSafeNeighbour(_ argument: Argument, in tree: SyntaxTree) -> Bool {
        switch argument.label {
        case "latest", "customError": return true
        case "options": return argument.value.count == 1 && tree.isWord(argument.value.lowerBound, "nil")
        default: return isSafeStride(argument.value, in: tree)
        }
    }

    /// A stride written so that both schedulers accept it: a number or `.seconds(…)`-style member.
    /// A named value may be typed `RunLoop.SchedulerTimeType.Stride`, so it blocks the fix.
    private func isSafeStride(_ value: ClosedRange<Int>, in tree: SyntaxTree) -> Bool {
        let first = value.lowerBound
        let kind = tree.tokens[first].kind
        if value.count == 1 { return kind == .integerLiteral || kind == .floatLiteral }
        guard kind == .period, value.count >= 2 else { return false }
        guard Catalogue.strideUnits.contains(tree.name(first + 1)) else { return false }
        return !(value).contains { tree.isWord($0, "RunLoop") }
    }
}
