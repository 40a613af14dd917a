import XCTest
@testable import CombineLintKit

/// Tricky cases of `store_in_appearance` beyond its document.
final class StoreInAppearanceRuleTests: XCTestCase {
    /// The sample app's files this rule is demonstrated in, read from disk.
    static let sampleFiles = [
        "samples/App/Feed/FeedCell.swift", "samples/App/Feed/FeedListViewController.swift",
        "samples/App/Notifications/ToastCenter.swift", "samples/App/Settings/SettingsView.swift",
    ]

    static func samples() throws -> [(path: String, text: String)] {
        try sampleFiles.map { path in
            (path: path, text: try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8))
        }
    }

    func testSamples() throws {
        let found = findings(of: StoreInAppearanceRule.self, in: try Self.samples())
        for f in found { print("\(f.file):\(f.line):\(f.column) \(f.message)") }
        let files = try Self.samples().map { SourceFile(path: $0.path, text: $0.text) }
        let trees = files.map { SyntaxTree(file: $0) }
        let index = ProjectIndex(trees: trees)
        let rule = StoreInAppearanceRule()
        for tree in trees {
            let sites = RepeatedSites(tree: tree, index: index)
            for s in SubscriptionFinder.subscriptions(in: tree) {
                let chain = tree.chains[s.chain]
                print("DBG", tree.line(of: chain.first), s.storage, rule.storeSite(of: s, in: tree).map { "\($0.key)" } ?? "nil", sites.site(of: chain.elements[s.element].nameToken).map { "\($0.kind)" } ?? "nosite")
            }
        }
    }
}
