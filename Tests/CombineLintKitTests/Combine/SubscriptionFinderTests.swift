import XCTest
@testable import CombineLintKit

final class SubscriptionFinderTests: XCTestCase {
    private func storages(_ source: String) -> [String] {
        let tree = parse(source)
        return SubscriptionFinder.subscriptions(in: tree).map { s in
            "\(tree.chains[s.chain].elements[s.element].name) \(s.subscriber.rawValue) \(describe(s.storage, tree))"
        }
    }

    private func describe(_ storage: CancellableStorage, _ tree: SyntaxTree) -> String {
        func owner(_ o: Owner) -> String {
            switch o {
            case .selfMember(let n): return "self.\(n)"
            case .local(let v): return "local \(tree.variables[v].name)"
            case .parameter(let n): return "parameter \(n)"
            case .other(let t): return "other \(t)"
            }
        }
        switch storage {
        case .discarded: return "discarded"
        case .bag(let o): return "bag \(owner(o))"
        case .assigned(let o): return "assigned \(owner(o))"
        case .collection(let o): return "collection \(owner(o))"
        case .local(let v): return "local \(tree.variables[v].name)"
        case .returned: return "returned"
        case .passed: return "passed"
        case .other: return "other"
        }
    }

    func testWhereCancellablesGo() {
        let source = """
        final class A {
            var bag = Set<AnyCancellable>()
            var single: AnyCancellable?
            func f(into outer: inout Set<AnyCancellable>) {
                var localBag = Set<AnyCancellable>()
                p.sink { _ in }.store(in: &bag)
                p.sink { _ in }.store(in: &self.bag)
                p.sink { _ in }.store(in: &localBag)
                p.sink { _ in }.store(in: &outer)
                p.sink { _ in }.store(in: &viewModel.bag)
                single = p.assign(to: \\.x, on: label)
                bag.insert(p.sink { _ in })
                bag += [p.sink { _ in }]
                p.sink { _ in }
                _ = p.sink(receiveValue: { _ in })
                let c = p.sink { _ in }
                logger.sink("text")
                timer.connect()
            }
            func g() -> AnyCancellable { p.sink { _ in } }
        }
        """
        XCTAssertEqual(storages(source), [
            "sink sink bag self.bag",
            "sink sink bag self.bag",
            "sink sink bag local localBag",
            "sink sink bag parameter outer",
            "sink sink bag other viewModel.bag",
            "assign assignOnObject assigned self.single",
            "sink sink collection self.bag",
            "sink sink collection self.bag",
            "sink sink discarded",
            "sink sink discarded",
            "sink sink local c",
            "connect connect discarded",
            "sink sink returned",
        ])
    }

    /// A project's own `sink` with labels of its own (`sink(weak: self) { … }`) is a subscription when
    /// its result goes into a bag with `store(in:)`; left alone, or given no closure, it may be any
    /// method called `sink` (`logger.sink("text")`).
    func testAProjectsOwnSinkStoredInABag() {
        XCTAssertEqual(storages("""
        store.$state.sink(weak: self) { owner, state in owner.render(state) }.store(in: &storeBag)
        store.$state.sink(weak: self) { owner, state in owner.render(state) }
        logger.sink(level: .debug).store(in: &storeBag)
        """), ["sink sink bag self.storeBag"])
    }
}
