/// A subscription stored right inside code that runs per event without being a method: a
/// `UIAction` handler, an `addObserver(forName:)` block, a notification sink, a repeating timer's
/// block, a `for await` loop's body. Calls from there to a storing method were followed already;
/// a store written in the closure itself runs as often (each tap, each notification).
extension RepeatedSubscriptionRule {
    func entryClosureFinding(_ store: Store, treeIndex: Int, analysis: TypeAnalysis, memoKey: String, _ context: RuleContext) -> Finding? {
        let tree = context.tree
        // The outermost entry closure around the store: what runs again and again.
        // The file's entry points, gathered once per file (a type with no methods has no call graph to hold them).
        let points = context.memo.value(for: "repeated_subscription.entries\u{0}\(treeIndex)") { RepeatedEntryPoints(tree) }
        guard let entry = points.closures(ofType: store.typeName).filter({ $0.body.contains(store.token) })
                .min(by: { $0.body.lowerBound < $1.body.lowerBound }) else { return nil }
        // SwiftUI's `.onAppear { … }` and `.task { … }` are `store_in_appearance`'s.
        if RepeatedSubscriptionRule.sites(of: tree, extraAppearance: [], context).site(of: store.token) != nil { return nil }
        // As for a user action: a request per event is the point; only a source that never finishes piles up.
        guard NeverFinishingSources.evidence(in: tree.chains[store.chain], before: store.subscriber, tree: tree,
                                             index: context.index, extraNames: []) != nil,
              !BagResets.empties(store.bag, in: entry.body.lowerBound..<store.token, of: tree),
              !analysis.isReset(store.bag, along: [], storeToken: store.token, memo: context.memo, memoKey: memoKey) else { return nil }
        let flags = RunOnceGuards.flags(setByTypeAt: tree.enclosingType(of: store.token), in: tree, index: context.index, memo: context.memo)
        if RunOnceGuards.decidesRun(of: store.token, guardsIn: entry.body.lowerBound..<store.token, of: tree, bag: store.bag, flags: flags) { return nil }
        // A view's modifier closure (`.onChange`): a view has no `viewDidLoad`; its model's `init` subscribes once.
        let place = entry.label.hasPrefix(".") ? "the model's `init`, or with `.onReceive`" : "`viewDidLoad` or `init`"
        let text = RepeatedSubscriptionRule.text(path: "\(entry.label) → \(store.label)", entry: entry.label, store: store,
                                                 subscribeOnceIn: place, consequence: "values are handled several times")
        return context.finding(tokens: store.token, message: text.message, help: text.help)
    }
}
