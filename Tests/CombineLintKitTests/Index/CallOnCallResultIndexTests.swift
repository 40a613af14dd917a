@testable import CombineLintKit
import XCTest

/// `make()()` calls what a call returned: its second element is named `()` after the `(` token.
/// The index keys it by that name (keying it by its token's text, `(`, tripped the check that
/// an element's key is its name: the language server met it while a user typed `n{}()`).
final class CallOnCallResultIndexTests: XCTestCase {
    func testTheCallOfACallResultIsIndexedByItsName() {
        for text in ["let handler = make()()\n", "n{}()"] {
            let index = ProjectIndex(files: [SourceFile(path: "Make.swift", text: text)], jobs: 1)
            let uses = index.chainElements["()"]
            XCTAssertEqual(uses.count, 1, text)
            if let use = uses.first {
                XCTAssertEqual(index.trees[0].chains[use.chain].elements[use.element].name, "()", text)
            }
        }
    }
}
