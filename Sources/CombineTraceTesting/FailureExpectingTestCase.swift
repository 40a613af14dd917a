import XCTest

/// A test case that can run assertions expecting them to fail, on Linux as on Apple platforms
/// (`XCTExpectFailure` exists only in Apple's XCTest): the fault-injection half of document 002,
/// where each test is shown to fail once its defect is put back.
///
/// ```swift
/// final class SearchTests: FailureExpectingTestCase {
///     func testWithoutTheRequestIDCheckAStaleAnswerWins() {
///         expectFailure(containing: "stale result") { assertNoStaleWrites(unguardedLog) }
///     }
/// }
/// ```
open class FailureExpectingTestCase: XCTestCase {
    /// Failures caught while `expectFailure` runs its block; nil when not catching.
    private var caught: [String]?

    /// Runs `block`, catching the failures it records instead of failing the test; fails the test
    /// when it recorded none, or none whose message contains `text`. Returns the messages caught.
    @discardableResult
    public func expectFailure(containing text: String? = nil, file: StaticString = #filePath, line: UInt = #line,
                              _ block: () throws -> Void) -> [String] {
        let outer = caught
        caught = []
        do {
            try block()
        } catch {
            caught?.append("error thrown: \(error)")
        }
        let messages = caught ?? []
        caught = outer
        if messages.isEmpty {
            XCTFail("expected a failure, but the assertions passed", file: file, line: line)
        } else if let text, !messages.contains(where: { $0.contains(text) }) {
            XCTFail("expected a failure containing \"\(text)\", got:\n" + messages.joined(separator: "\n"), file: file, line: line)
        }
        return messages
    }

    #if canImport(ObjectiveC)
    override open func record(_ issue: XCTIssue) {
        if caught != nil { caught?.append(issue.compactDescription) } else { super.record(issue) }
    }
    #else
    override open func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
                                     expected: Bool) {
        if caught != nil {
            caught?.append(description)
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }
    #endif
}
