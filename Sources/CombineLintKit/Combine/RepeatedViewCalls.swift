/// Methods called on another object from SwiftUI closures that run again and again: on every
/// appearance (`.onAppear { viewModel.bind() }`, `.task { await model.load() }`), on every change
/// of a value (`.onChange(of: isPlaying) { manager.play() }`), on every value of a publisher
/// (`.onReceive`), on every tap or submit (`Catalogue.repeatedViewModifiers`). Found through the
/// index's chain-element postings, once per run, by the called method's name.
public struct RepeatedViewCalls: Sendable {
    /// One call: `receiver.method(…)` as a statement of such a closure.
    public struct Call: Sendable, Hashable {
        public var tree: Int
        /// The method's name token.
        public var token: Int
        /// The receiver as written (`viewModel`; `self.viewModel` gives `viewModel`).
        public var receiver: String
        /// The modifier whose closure makes the call (`onAppear`, `onChange`).
        public var modifier: String
    }

    /// The calls by method name.
    public let byMethod: [String: [Call]]

    public init(index: ProjectIndex) {
        var byMethod: [String: [Call]] = [:]
        for modifier in Catalogue.repeatedViewModifiers.sorted() {
            for reference in index.chainElements[modifier] {
                let tree = index.trees[reference.tree]
                let element = tree.chains[reference.chain].elements[reference.element]
                guard element.kind == .member, element.isCall else { continue }
                for c in element.closures {
                    let closure = tree.closures[c]
                    guard closure.bodyStart < closure.close else { continue }
                    for k in tree.chainIndices(in: closure.bodyStart...(closure.close - 1)) where tree.chains[k].last < closure.close {
                        guard let (method, call) = RepeatedViewCalls.call(in: tree.chains[k], tree: reference.tree, modifier: modifier) else { continue }
                        byMethod[method, default: []].append(call)
                    }
                }
            }
        }
        self.byMethod = byMethod
    }

    /// The call when a chain in the closure is a `receiver.method(…)` statement.
    private static func call(in chain: Chain, tree: Int, modifier: String) -> (String, Call)? {
        switch chain.context {
        case .statement, .implicitReturn: break  // `{ model.bind() }` is a single-expression closure
        default: return nil
        }
        var elements = chain.elements[...]
        if elements.first?.name == "self" { elements = elements.dropFirst() }
        guard elements.count == 2, let receiver = elements.first, receiver.kind == .root || receiver.kind == .member,
              !receiver.isCall, let method = elements.last, method.isCall else { return nil }
        return (method.name, Call(tree: tree, token: method.nameToken, receiver: receiver.name, modifier: modifier))
    }
}
