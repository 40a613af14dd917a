/// The value closures of a file's `sink`s whose source never finishes (`$selection.sink { … }`,
/// a subject's, a KVO publisher's) and which let more than one value through (not after `first()`), by their enclosing type declaration (not its simple name: a
/// project may nest a thousand types of one name): each runs once per value, as often as the source sends. A `NotificationCenter` sink is left to
/// `RepeatedEntryPoints`, and `receiveCompletion` runs once. Found once per file; a closure
/// nested in another such closure is taken as part of the outer one.
struct RepeatingSinkClosures: Sendable {
    struct Closure: Sendable {
        /// For messages: the source's last name and the subscriber (`$selection sink`).
        var label: String
        var body: Range<Int>
    }

    private var byType: [Int: [Closure]] = [:]
    private var referencesByType: [Int: [MethodReference]] = [:]

    /// A method handed to such a `sink` by reference (`sink(receiveValue: handleState)`): it runs per value.
    struct MethodReference: Sendable {
        var label: String
        /// The method's name token in the argument.
        var token: Int
    }

    /// The closures written inside the type declaration `t` of the file (its own code, not nested types').
    func closures(inType t: Int) -> [Closure] {
        byType[t] ?? []
    }

    /// The methods handed by reference to such sinks inside the type declaration `t`.
    func methodReferences(inType t: Int) -> [MethodReference] {
        referencesByType[t] ?? []
    }

    init(_ tree: SyntaxTree, index: ProjectIndex) {
        for reference in tree.chains.indices {
            let chain = tree.chains[reference]
            guard let s = chain.elements.indices.dropFirst().first(where: { chain.elements[$0].name == "sink" && chain.elements[$0].isCall }),
                  !chain.elements.contains(where: { $0.name == "NotificationCenter" }) else { continue }
            let valueClosures = RepeatingSinkClosures.valueClosures(of: chain.elements[s])
            let reference = RepeatingSinkClosures.valueMethodReference(of: chain.elements[s], in: tree)
            guard !valueClosures.isEmpty || reference != nil,
                  !SingleValuePipelines.deliversAtMostOneValue(chain, before: s, in: tree),
                  let type = tree.enclosingType(of: chain.first),
                  NeverFinishingSources.startsNeverFinishing(chain, before: s, tree: tree, index: index, extraNames: [])
                    || RepeatingSinkClosures.callersPassNeverFinishing(chain, before: s, in: tree, index: index) else { continue }
            let source = RepeatingSinkClosures.sourceName(of: chain, sinkAt: s)
            for c in valueClosures {
                byType[type, default: []].append(Closure(label: "\(source) sink", body: tree.closures[c].open..<tree.closures[c].close))
            }
            if let reference { referencesByType[type, default: []].append(MethodReference(label: "\(source) sink", token: reference)) }
        }
        // Only the outermost: what a nested sink's closure calls runs per value of the outer one too,
        // and bodies read once each keep sinks nested thousands deep linear.
        for (type, closures) in byType {
            var outermost: [Closure] = []
            for closure in closures.sorted(by: { $0.body.lowerBound < $1.body.lowerBound }) {
                if let last = outermost.last, last.body.contains(closure.body.lowerBound) { continue }
                outermost.append(closure)
            }
            byType[type] = outermost
        }
    }

    /// `func observeBattery(_ battery: AnyPublisher<…>) { battery.sink { … } }`: the sink subscribes
    /// to what the method is given, which a caller passes as a publisher that never finishes.
    private static func callersPassNeverFinishing(_ chain: Chain, before s: Int, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        guard let f = tree.outerMethod(of: chain.first) else { return false }
        return CallerSuppliedSources.neverFinish(chain, before: s, function: f, in: tree, index: index)
    }

    /// The closures of the `sink` call `sink` that run once per value (not its `receiveCompletion:`).
    static func valueClosures(of sink: ChainElement) -> [Int] {
        sink.arguments.filter { $0.label != "receiveCompletion" }.compactMap(\.closure) + sink.trailingClosures.map(\.closure)
    }

    /// The name token of a method handed to `sink` by reference as its value closure:
    /// `sink(receiveValue: handleState)` or `sink(receiveValue: self.handleState)`.
    static func valueMethodReference(of sink: ChainElement, in tree: SyntaxTree) -> Int? {
        guard let argument = sink.argument("receiveValue"), argument.closure == nil else { return nil }
        return MethodCallGraph.referenceToken(in: argument.value, of: tree)
    }

    /// What the `sink` at element `s` (at least 1) subscribes to, for messages: the last name before
    /// it that is no call (`selection` of `sidebar.selection.sink`, `$title` of `$title.map { … }.sink`).
    static func sourceName(of chain: Chain, sinkAt s: Int) -> String {
        chain.elements[..<s].last(where: { !$0.isCall })?.name ?? chain.elements[s - 1].name
    }

    static func of(tree t: Int, index: ProjectIndex, memo: ProjectMemo) -> RepeatingSinkClosures {
        memo.value(for: "repeating-sink-closures\u{0}\(t)") { RepeatingSinkClosures(index.trees[t], index: index) }
    }
}
