import XCTest

final class CombineTraceTestingTestsPlaceholder: XCTestCase {
    func testPlaceholder() { XCTAssertEqual(1 + 1, 2) }
}
