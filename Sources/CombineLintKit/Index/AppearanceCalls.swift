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
    static let modifiers: Set<String> = ["onAppear", "task"]

    /// `receiver.method(…)` statements in the closures of one file's `.onAppear`/`.task` calls, by method name.
    static func collect(in tree: SyntaxTree, treeIndex: Int) -> [(String, AppearanceCall)] {
        var result: [(String, AppearanceCall)] = []
        for chain in tree.chains {
            for element in chain.elements where element.kind == .member && element.isCall {
                let length = element.name.utf8.count
                guard length == 8 || length == 4, modifiers.contains(element.name) else { continue }
                for c in element.closures {
                    let closure = tree.closures[c]
                    for inner in tree.chains where inner.first >= closure.bodyStart && inner.last < closure.close {
                        switch inner.context {
                        case .statement, .implicitReturn: break  // `{ model.bind() }` is a single-expression closure
                        default: continue
                        }
                        var elements = inner.elements[...]
                        if elements.first?.name == "self" { elements = elements.dropFirst() }
                        guard elements.count == 2, let receiver = elements.first, receiver.kind == .root || receiver.kind == .member,
                              !receiver.isCall, let method = elements.last, method.isCall else { continue }
                        result.append((method.name, AppearanceCall(tree: treeIndex, token: method.nameToken,
                                                                   receiver: receiver.name, modifier: element.name)))
                    }
                }
            }
        }
        return result
    }
}
