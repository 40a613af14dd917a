import XCTest
@testable import CombineLintKit

final class StrongSelfCaptureRuleTests: XCTestCase {
    func testDebugStorage() {
        let text = """
        final class A {
            var cancellables = Set<AnyCancellable>()
            func f() {
                x.$posts.sink { posts in self.render(posts) }.store(in: &cancellables)
            }
        }
        """
        let tree = SyntaxTree(file: SourceFile(path: "a.swift", text: text))
        for s in SubscriptionFinder.subscriptions(in: tree) { print(s, tree.chains[s.chain].elements.last!.arguments) }
    }
}
