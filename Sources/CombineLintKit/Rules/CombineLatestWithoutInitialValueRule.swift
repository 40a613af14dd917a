/// `combineLatest` / `Publishers.CombineLatest…` with an input that has no current value (a
/// `PassthroughSubject`, a notification, `objectWillChange`, a timer) and no `prepend(…)`: the
/// combined publisher emits nothing until that input has emitted once.
public struct CombineLatestWithoutInitialValueRule: Rule {
    public static let description = RuleDescription(
        id: "combinelatest_without_initial_value", name: "combineLatest without initial value", defaultSeverity: .warning,
        summary: "combineLatest with an input that has no current value (a PassthroughSubject, a notification, a timer) stays silent until it emits.")

    static let help = "Give the input a starting value with `.prepend(…)`, or keep the state in a `CurrentValueSubject` or `@Published` property; if waiting for every input is meant, suppress the finding with a comment saying so."

    public init() {}

    static let requiredNames = NameSet(Catalogue.latestCombiners)

    public func check(_ context: RuleContext) -> [Finding] {
        guard context.mentions(anyOf: Self.requiredNames) else { return [] }
        let tree = context.tree
        let values = StartingValues(index: context.index)
        var findings: [Finding] = []
        for chain in tree.chains {
            for (e, element) in chain.elements.enumerated() where Catalogue.latestCombiners.contains(element.name) && element.isCall {
                guard let inputs = inputs(of: element, at: e, in: chain) else { continue }
                // `a.combineLatest(b).prepend(…)` starts with a value of its own.
                if chain.elements[(e + 1)...].contains(where: { $0.name == "prepend" }) { continue }
                var waiting: (text: String, value: StartingValue)? = nil
                if element.name == "combineLatest", case .waits = values.startingValue(of: chain, before: e, in: tree) {
                    waiting = (receiverText(chain, before: e, tree: tree), values.startingValue(of: chain, before: e, in: tree))
                }
                for input in inputs where waiting == nil {
                    let value = values.startingValue(ofExpression: input, in: tree)
                    if case .waits = value { waiting = (shortText(input, tree: tree), value) }
                }
                guard let (text, value) = waiting, case .waits(let source, let file, let token) = value else { continue }
                // A subject that the same body sends into after subscribing (a test driving its
                // inputs, wiring that fires once set up) gets its first value at once.
                if isSentIntoLater(text, after: element.nameToken, in: tree) { continue }
                // A test case drives every input itself, and waiting for all of them is what it checks.
                if TestCaseCode.contains(element.nameToken, of: tree, index: context.index) { continue }
                let name = element.name == "combineLatest" ? "combineLatest" : "Publishers.\(element.name)"
                let message = "`\(name)` emits nothing until `\(text)` does: \(source) has no current value."
                findings.append(context.finding(tokens: element.nameToken, message: message, help: Self.help,
                                                related: related(file: file, token: token, context: context)))
            }
        }
        return findings
    }

    /// The publishers passed to the combiner: `a.combineLatest(b, c)` (Combine's have no labels) or
    /// `Publishers.CombineLatest(a, b)`; `nil` for other functions of these names.
    private func inputs(of element: ChainElement, at e: Int, in chain: Chain) -> [ClosedRange<Int>]? {
        let arguments = element.arguments.filter { $0.closure == nil }
        guard !arguments.isEmpty, arguments.allSatisfy({ $0.label == nil }) else { return nil }
        switch element.kind {
        case .member where element.name == "combineLatest":
            return arguments.count <= 3 ? arguments.map(\.value) : nil
        case .member where e > 0 && chain.elements[e - 1].name == "Publishers":
            return arguments.count >= 2 ? arguments.map(\.value) : nil
        default:
            return nil
        }
    }

    /// Whether the input written `text` (a local `name`, or a member `name` / `self.name`) is sent
    /// into by a `name.send(…)` / `self.name.send(…)` after `token`, directly in the same function
    /// body: the body runs to its end at once, so the combination gets that value right away.
    private func isSentIntoLater(_ text: String, after token: Int, in tree: SyntaxTree) -> Bool {
        let name = text.hasPrefix("self.") ? String(text.dropFirst(5)) : text
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
              let f = tree.enclosingFunction(of: token), let close = tree.functions[f].bodyClose, token < close else { return false }
        let closure = tree.innermostClosure(of: token)
        for k in tree.chainIndices(in: (token + 1)...close) {
            let chain = tree.chains[k]
            let names = chain.names
            let start = names.first == "self" ? 1 : 0
            guard names.count > start + 1, names[start] == name, names[start + 1] == "send",
                  tree.innermostClosure(of: chain.first) == closure else { continue }
            return true
        }
        return false
    }

    /// Where the waiting input is declared, when that is not at the finding.
    private func related(file: String, token: Int, context: RuleContext) -> [RelatedLocation] {
        guard file != context.file.path, let t = context.index.treeIndexByPath[file] else { return [] }
        let tree = context.index.trees[t]
        guard token > 0, token < tree.tokens.count else { return [] }
        return [RelatedLocation(in: tree.file, range: tree.tokens[token].startOffset..<tree.tokens[token].endOffset,
                                message: "declared here, with no current value")]
    }

    private func receiverText(_ chain: Chain, before e: Int, tree: SyntaxTree) -> String {
        shortText(chain.first...(chain.elements[e - 1].lastToken), tree: tree)
    }

    /// The input as written, on one line, cut to a readable length.
    private func shortText(_ range: ClosedRange<Int>, tree: SyntaxTree) -> String {
        let text = tree.text(range.lowerBound, range.upperBound)
        return text.count <= 40 ? text : String(text.prefix(37)) + "…"
    }
}
