import XCTest

final class CombineStandInTestsPlaceholder: XCTestCase {
    func testPlaceholder() { XCTAssertEqual(1 + 1, 2) }
}
