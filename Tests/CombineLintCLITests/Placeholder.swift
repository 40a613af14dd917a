import XCTest

final class CombineLintCLITestsPlaceholder: XCTestCase {
    func testPlaceholder() { XCTAssertEqual(1 + 1, 2) }
}
