import XCTest

final class CombineTraceTestsPlaceholder: XCTestCase {
    func testPlaceholder() { XCTAssertEqual(1 + 1, 2) }
}
