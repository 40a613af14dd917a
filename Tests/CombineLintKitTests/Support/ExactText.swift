import Foundation
import XCTest

/// Asserts that a report is exactly the expected text. On a mismatch the actual text is also
/// written to a file in the temporary folder (named in the failure), since a long multi-line
/// report is hard to read inside XCTest's one-line message.
func assertExactText(_ actual: String, _ expected: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
    guard actual != expected else { return }
    let path = NSTemporaryDirectory() + "combinelint-actual-\(name).txt"
    try? actual.write(toFile: path, atomically: true, encoding: .utf8)
    XCTFail("\(name): the text differs from the expected one; the actual text is in \(path)", file: file, line: line)
}
