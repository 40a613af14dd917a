/// The places of one file from which code runs again and again without being a method: closures
/// handed to `addObserver(forName:)`, a `NotificationCenter` sink, `UIAction` or a swipe action's
/// `UIContextualAction`, `.onAppear`/`.task`,
/// a repeating timer; and the method names its `#selector(…)`s name. Found once per file, then
/// read for each type of the file (a file of a thousand types is not scanned a thousand times).
struct RepeatedEntryPoints: Sendable {
    /// Code that runs repeatedly (a closure's, or a `for await` loop's body), with a label for
    /// messages and its enclosing type's simple name.
    struct EntryClosure: Sendable {
        var label: String
        var body: Range<Int>
        var typeName: String?
        /// For a method handed by reference (`sink(receiveValue: handleState)`): its name token,
        /// the one call of the entry (`body` is the argument).
        var methodReference: Int? = nil
    }

    /// Names written in `#selector(…)`: the last name before the first inner `(` or the closing `)`.
    private(set) var selectorNames: Set<String> = []
    /// In the order of their chains, elements and closures.
    private(set) var closures: [EntryClosure] = []
    /// The closures by the simple name of their enclosing type, in the same order: each type of a
    /// file asks for its own, so that a file of a thousand types is not filtered a thousand times.
    private var closuresByType: [String: [EntryClosure]] = [:]

    /// The closures written inside a type of simple name `typeName`.
    func closures(ofType typeName: String) -> [EntryClosure] {
        closuresByType[typeName] ?? []
    }

    init(_ tree: SyntaxTree) {
        for i in tree.tokens.indices where tree.tokens[i].kind == .poundKeyword && tree.tokenIs(i, "#selector") {
            guard i + 1 < tree.tokens.count, tree.tokens[i + 1].kind == .leftParen, tree.matching[i + 1] > Int32(i + 1) else { continue }
            // `refresh`, `self.refresh(_:)`, `Type.refresh`.
            var name: String? = nil
            var j = i + 2
            let close = Int(tree.matching[i + 1])
            while j < close, tree.tokens[j].kind != .leftParen {
                if tree.tokens[j].kind == .identifier { name = tree.name(j) }
                j += 1
            }
            if let name { selectorNames.insert(name) }
        }
        for chain in tree.chains {
            for element in chain.elements {
                guard let label = RepeatedEntryPoints.label(of: element, in: chain, tree: tree) else { continue }
                for c in element.closures {
                    let type = tree.enclosingType(of: tree.closures[c].open).map { tree.types[$0].name.lastNameComponent }
                    closures.append(EntryClosure(label: label, body: tree.closures[c].open..<tree.closures[c].close, typeName: type))
                }
                // `NotificationCenter.default.publisher(for: …).sink(receiveValue: handleState)`.
                if element.name == "sink", let reference = RepeatingSinkClosures.valueMethodReference(of: element, in: tree) {
                    let type = tree.enclosingType(of: reference).map { tree.types[$0].name.lastNameComponent }
                    closures.append(EntryClosure(label: label, body: reference..<(reference + 1), typeName: type, methodReference: reference))
                }
            }
        }
        for body in RepeatedEntryPoints.forAwaitBodies(in: tree) {
            let type = tree.enclosingType(of: body.lowerBound).map { tree.types[$0].name.lastNameComponent }
            closures.append(EntryClosure(label: "for await loop", body: body, typeName: type))
        }
        for closure in closures {
            if let type = closure.typeName { closuresByType[type, default: []].append(closure) }
        }
    }

    /// The label of a call whose closures run again and again: `addObserver(forName:…) { … }`, the
    /// sink of a `NotificationCenter` publisher, `UIAction { … }`, SwiftUI's repeated modifiers, a
    /// repeating `Timer.scheduledTimer`; nil for any other call.
    static func label(of element: ChainElement, in chain: Chain, tree: SyntaxTree) -> String? {
        switch element.name {
        case "addObserver" where element.argument("forName") != nil:
            return "addObserver(forName:) block"
        case "sink" where chain.elements.contains(where: { $0.name == "NotificationCenter" }):
            // `.first()` or `prefix(1)` before it: the closure runs for one notification only.
            if SingleValuePipelines.emitsAtMostOneValue(chain, in: tree) { return nil }
            return "notification sink"
        case let name where Catalogue.actionHandlerTypes.contains(name):
            return name + " handler"
        case let name where element.kind == .member && Catalogue.repeatedViewModifiers.contains(name):
            return "." + element.name
        case _ where isRepeatingTimer(element, tree: tree):
            return "repeating timer block"
        default:
            return nil
        }
    }

    /// Whether the call is `Timer.scheduledTimer(…, repeats: true) { … }`: its block runs at every tick.
    static func isRepeatingTimer(_ element: ChainElement, tree: SyntaxTree) -> Bool {
        element.name == "scheduledTimer" && (element.argument("repeats").map { tree.isWord($0.value.lowerBound, "true") } ?? false)
    }

    /// The bodies of `for await item in stream { … }` loops: they run for every element of the async sequence.
    static func forAwaitBodies(in tree: SyntaxTree) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for scope in tree.scopes {
            guard case .controlFlow(let word) = scope.kind, word == .for, scope.open > 0 else { continue }
            var k = scope.open - 1
            while k > 0, !tree.statementStarts[k] { k -= 1 }
            guard tree.isWord(k, "for"), k + 1 < scope.open,
                  tree.isWord(k + 1, "await") || (tree.isWord(k + 1, "try") && k + 2 < scope.open && tree.isWord(k + 2, "await")) else { continue }
            result.append(scope.open..<scope.close)
        }
        return result
    }
}
