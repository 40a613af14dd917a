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
    }
}
