import XCTest

final class CombineTraceCoreTestsPlaceholder: XCTestCase {
    func testPlaceholder() { XCTAssertEqual(1 + 1, 2) }
}
