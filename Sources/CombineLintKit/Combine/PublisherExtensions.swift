/// Extensions of publisher types (`extension Publisher`, `extension AnyPublisher`,
/// `extension Publishers.Map`): their methods run on the publisher they are called on, which the
/// body reaches as `self` or through an operator called without a receiver (`receive(on: q)`,
/// `sink(receiveValue: handler)`).
enum PublisherExtensions {
    /// Whether `function` of `tree` is declared in an extension of a publisher type.
    static func declares(_ function: FunctionDecl, in tree: SyntaxTree) -> Bool {
        guard let t = function.enclosingType, tree.types[t].kind == .extension else { return false }
        return Catalogue.namesPublisherType(tree.types[t].name)
    }

    /// The project's methods named `name` declared in an extension of a publisher type (its own
    /// operators), through the index's postings of the name.
    static func methods(named name: String, index: ProjectIndex) -> [DeclarationReference] {
        index.functions[name].filter { reference in
            let tree = index.trees[reference.tree]
            return declares(tree.functions[reference.item], in: tree)
        }
    }

    /// Whether the project declares publisher-extension methods named `name`, and every chain each of
    /// them returns starts at the publisher it is called on (`self.…`, or an operator called with no
    /// receiver, `map(transform).switchToLatest()`) and has elements that `satisfy` asks for: the
    /// project's own operators, read as the steps their bodies write.
    static func everyMethod(named name: String, index: ProjectIndex, returnsSelfThrough satisfy: (ChainElements) -> Bool) -> Bool {
        let methods = methods(named: name, index: index)
        return !methods.isEmpty && methods.allSatisfy { reference in
            let tree = index.trees[reference.tree]
            let returned = tree.returnedChainIndices(ofFunction: reference.item)
            return !returned.isEmpty && returned.allSatisfy { c in
                let elements = tree.chains[c].elements
                return startsAtSelf(elements) && satisfy(elements)
            }
        }
    }

    /// Whether a chain in a publisher extension's method starts at the publisher it is called on:
    /// `self.…`, or an operator called with no receiver (`catch { … }`, `map(transform)`).
    static func startsAtSelf(_ elements: ChainElements) -> Bool {
        let root = elements[0]
        return root.kind == .root && (root.name == "self" || (root.isCall && root.name.first?.isLowercase == true))
    }

    /// Whether `elements` has a call of one of `names` as a step (a member, or the receiverless first call).
    static func callsStep(_ names: Set<String>, in elements: ChainElements) -> Bool {
        elements.indices.contains { i in
            names.contains(elements[i].name) && elements[i].isCall && (elements[i].kind == .member || i == 0)
        }
    }

    /// The names of the project's publisher-extension methods that subscribe the publisher they are
    /// called on: each declaration returns a chain from it that calls `sink` or `assign`
    /// (`func sinkLoggingErrors(_ label: String, receiveValue: …) -> AnyCancellable { sink { … } receiveValue: { … } }`).
    /// Found once per run over the extensions of publisher types.
    static func subscriberNames(index: ProjectIndex, memo: ProjectMemo) -> Set<String> {
        memo.value(for: "publisher-extension-subscribers") { () -> Set<String> in
            var names = Set<String>()
            for (key, type) in index.types where type.kind == .extension && Catalogue.namesPublisherType(key) {
                for name in type.methods where !names.contains(name)
                    && everyMethod(named: name, index: index, returnsSelfThrough: { callsStep(Catalogue.valueSubscriberCalls, in: $0) }) {
                    names.insert(name)
                }
            }
            return names
        }
    }

    /// Whether every publisher-extension method of the project named `name` is an operator that goes
    /// on from the publisher it is called on without ending it early: it limits no values (no
    /// `first`, `prefix`).
    /// Asked for each chain that goes on from a subject (`events.send(x)` asks about `send`): the answer
    /// is kept per name in the index's cache of never-finishing answers, so that thousands of methods
    /// named `send` are read once, not once per chain.
    static func passesValuesOn(_ name: String, index: ProjectIndex) -> Bool {
        index.neverFinishingPropertyNames.answer("passes-values-on " + name) {
            everyMethod(named: name, index: index) { elements in !elements.contains { Catalogue.valueLimitingOperators.contains($0.name) } }
        }
    }
}
