/// The project's own `Publisher` types whose subscriptions hand every value to their subscriber off
/// the main thread: `FolderEventsPublisher` whose subscription calls `subscriber.receive(event)` in a
/// dispatch source's handler on its `queue`, a sampler whose `DispatchSourceTimer` ticks on a utility
/// queue. A pipeline from one delivers there, as from a subject sent into there. One whose values
/// come on the main queue (`DispatchSource.makeTimerSource(queue: .main)`), or from code whose thread
/// is not known, is not one.
enum CustomPublisherQueues {
    /// Whether the project type of simple name `name` is a `Publisher` whose every value delivery
    /// (`subscriber.receive(value)`, in its own code or in the subscription types its
    /// `receive(subscriber:)` makes) runs off the main thread. Answered once per name and run; where
    /// that code runs is judged without following subjects or custom publishers further (subject
    /// levels 0), so the question never comes back to itself.
    static func deliversOffMain(typeNamed name: String, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        memo.value(for: "custom-publisher-off-main \(name)") {
            guard let publisher = TypeIdentity.onlyType(named: name, index: index, memo: memo)?.parts,
                  index.inherits(name, from: "Publisher") else { return false }
            let deliverers = publisher + subscriptionTypes(madeBy: publisher, index: index, memo: memo)
            let sites = deliverers.flatMap { deliveries(in: $0, index: index) }
            return !sites.isEmpty && sites.allSatisfy { site in
                BackgroundNotifications.offMainRuns(site.token, in: index.trees[site.tree], index: index, memo: memo, subjectLevels: 0) == .all
            }
        }
    }

    /// The declarations of the subscription types that the publisher's `receive(subscriber:)` makes
    /// (`let subscription = Inner(subscriber: subscriber, queue: queue)`): project types conforming
    /// to `Subscription`, each of one declaration.
    static func subscriptionTypes(madeBy publisher: [DeclarationReference], index: ProjectIndex,
                                          memo: ProjectMemo) -> [DeclarationReference] {
        var names = Set<String>()
        for part in publisher {
            let tree = index.trees[part.tree]
            for f in tree.types[part.item].functions where tree.functions[f].name == "receive" {
                guard tree.functions[f].parameters.contains(where: { $0.label == "subscriber" }),
                      let open = tree.functions[f].bodyOpen, let close = tree.functions[f].bodyClose, open < close else { continue }
                for chain in tree.chains(in: open...close) {
                    let root = chain.elements[0]
                    if root.kind == .root, root.isCall, root.name.first?.isUppercase == true { names.insert(root.name) }
                }
            }
        }
        return names.sorted().flatMap { name -> [DeclarationReference] in
            guard let parts = TypeIdentity.onlyType(named: name, index: index, memo: memo)?.parts,
                  index.inherits(name, from: "Subscription") else { return [] }
            return parts
        }
    }

    /// The value deliveries in the methods of one type declaration: `subscriber.receive(value)`,
    /// `self.subscriber?.receive(value)`, `_ = subscriber?.receive(value)`, `target.receive(value)` after
    /// `let target = subscriber` (one unlabelled argument; not `receive(subscription:)` or `receive(completion:)`).
    static func deliveries(in part: DeclarationReference, index: ProjectIndex) -> [(tree: Int, token: Int)] {
        let tree = index.trees[part.tree]
        var sites: [(tree: Int, token: Int)] = []
        for f in tree.types[part.item].functions {
            guard let open = tree.functions[f].bodyOpen, let close = tree.functions[f].bodyClose, open < close else { continue }
            for chain in tree.chains(in: open...close) {
                for (e, element) in chain.elements.enumerated() where e >= 1 && element.name == "receive" && element.isCall {
                    guard namesSubscriber(chain.elements[e - 1], in: tree), element.arguments.count == 1,
                          element.arguments[0].label == nil, element.closures.isEmpty else { continue }
                    sites.append((part.tree, element.nameToken))
                }
            }
        }
        return sites
    }

    /// `subscriber`, or a local copy of it taken under a lock (`lock.lock(); let target = subscriber; lock.unlock()`).
    private static func namesSubscriber(_ receiver: ChainElement, in tree: SyntaxTree) -> Bool {
        if receiver.name == "subscriber" { return true }
        guard receiver.kind == .root, !receiver.isCall,
              let v = SubscriptionFinder.localVariable(named: receiver.name, visibleAt: receiver.nameToken, in: tree),
              let initializer = tree.variables[v].initializer else { return false }
        let text = tree.text(initializer.lowerBound, initializer.upperBound)
        return text == "subscriber" || text == "self.subscriber"
    }
}
