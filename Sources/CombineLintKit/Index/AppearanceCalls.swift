/// A method called on another object from a SwiftUI closure that runs on every appearance
/// (`.onAppear { viewModel.bind() }`, `.task { await model.load() }`).
public struct AppearanceCall: Sendable, Hashable {
    public var tree: Int
    /// The method's name token.
    public var token: Int
    /// The receiver as written (`viewModel`, `self.viewModel` gives `viewModel`).
    public var receiver: String
    /// `onAppear` or `task`.
    public var modifier: String
}

enum AppearanceCalls {
    /// `receiver.method(…)` statements in the closures of one file's `.onAppear`/`.task` calls, by method name.
    static func collect(in chains: [Chain], closures: [Closure], treeIndex: Int) -> [(String, AppearanceCall)] {
        var result: [(String, AppearanceCall)] = []
        // Indices rather than `for chain in`: copying chains and elements retains their arrays and strings.
        for c in chains.indices {
            for e in chains[c].elements.indices where isModifierCall(chains[c].elements[e]) {
                let element = chains[c].elements[e]
                for closure in element.closures.map({ closures[$0] }) {
                    for i in chains.indices where chains[i].first >= closure.bodyStart && chains[i].last < closure.close {
                        if let (method, call) = call(in: chains[i], treeIndex: treeIndex, modifier: element.name) {
                            result.append((method, call))
                        }
                    }
                }
            }
        }
        return result
    }

    /// `.onAppear(…)` or `.task(…)`.
    private static func isModifierCall(_ element: ChainElement) -> Bool {
        guard element.kind == .member, element.isCall else { return false }
        let length = element.name.utf8.count
        return (length == 8 || length == 4) && (element.name == "onAppear" || element.name == "task")
    }

    /// The call when a chain in the closure is a `receiver.method(…)` statement.
    private static func call(in inner: Chain, treeIndex: Int, modifier: String) -> (String, AppearanceCall)? {
        switch inner.context {
        case .statement, .implicitReturn: break  // `{ model.bind() }` is a single-expression closure
        default: return nil
        }
        var elements = inner.elements[...]
        if elements.first?.name == "self" { elements = elements.dropFirst() }
        guard elements.count == 2, let receiver = elements.first, receiver.kind == .root || receiver.kind == .member,
              !receiver.isCall, let method = elements.last, method.isCall else { return nil }
        return (method.name, AppearanceCall(tree: treeIndex, token: method.nameToken, receiver: receiver.name, modifier: modifier))
    }
}
