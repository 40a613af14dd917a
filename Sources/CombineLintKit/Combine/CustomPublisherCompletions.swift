/// The project's own `Publisher` types that never finish: their code (and that of the subscription
/// types their `receive(subscriber:)` makes) hands values to the subscriber and never calls
/// `receive(completion:)`, as a `DispatchSource` publisher of folder events does. A pipeline from one
/// lives as long as a subject's: a thrown error or a handled failure after it ends it for good.
enum CustomPublisherCompletions {
    /// The step that makes `neverFinishingTypeNames` before any file is checked (every file of the
    /// rules that ask for it does).
    static func preparation(_ index: ProjectIndex, memo: ProjectMemo) -> Preparation {
        Preparation("custom-publishers-never-finishing") { _ = neverFinishingTypeNames(index: index, memo: memo) }
    }

    /// The simple names of such publisher types, worked out once per run.
    static func neverFinishingTypeNames(index: ProjectIndex, memo: ProjectMemo) -> Set<String> {
        memo.value(for: "custom-publishers-never-finishing") {
            Set(index.subtypes(of: "Publisher").map(\.lastNameComponent).filter { neverFinishes(typeNamed: $0, index: index, memo: memo) })
        }
    }

    /// Whether the project type of simple name `name` is such a publisher, for a question asked
    /// without a run's memo (`NeverFinishingSources.evidence` meeting `ControlEventPublisher(control:
    /// self, events: events)`): answered once per name for the run, in the index's answer cache.
    static func isNeverFinishingType(_ name: String, index: ProjectIndex) -> Bool {
        guard index.type(named: name) != nil else { return false }
        return index.neverFinishingPropertyNames.answer("publisher type \u{0}\(name)") {
            neverFinishes(typeNamed: name, index: index, memo: ProjectMemo())
        }
    }

    /// Whether the project type of simple name `name` is a `Publisher` that sends values and whose
    /// code never completes its subscriber.
    private static func neverFinishes(typeNamed name: String, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        guard let publisher = TypeIdentity.onlyType(named: name, index: index, memo: memo)?.parts,
              index.inherits(name, from: "Publisher") else { return false }
        let parts = publisher + CustomPublisherQueues.subscriptionTypes(madeBy: publisher, index: index, memo: memo)
        guard parts.contains(where: { !CustomPublisherQueues.deliveries(in: $0, index: index).isEmpty }) else { return false }
        return !parts.contains { completes($0, index: index) }
    }

    /// Whether a method of the type declaration calls `receive(completion:)` (on its subscriber or
    /// any other).
    private static func completes(_ part: DeclarationReference, index: ProjectIndex) -> Bool {
        let tree = index.trees[part.tree]
        for f in tree.types[part.item].functions {
            guard let open = tree.functions[f].bodyOpen, let close = tree.functions[f].bodyClose, open < close else { continue }
            for chain in tree.chains(in: open...close) where chain.elements.contains(where: { $0.name == "receive" && $0.argument("completion") != nil }) {
                return true
            }
        }
        return false
    }
}
