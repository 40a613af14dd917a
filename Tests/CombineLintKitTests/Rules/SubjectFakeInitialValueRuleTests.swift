import XCTest
@testable import CombineLintKit

/// Tricky cases of `subject_fake_initial_value` beyond its document.
final class SubjectFakeInitialValueRuleTests: XCTestCase {
    func testSamples() throws {
        let found = findings(of: SubjectFakeInitialValueRule.self, in: try StoreInAppearanceRuleTests.samples())
        for f in found { print("\(f.file):\(f.line):\(f.column) \(f.message)") }
    }
}
