import CombineTraceTesting
import XCTest

/// `assertReleasedAtTearDown` passes for an object released by the end of the test and fails
/// (checked through the failure hook) for one kept alive.
final class ReleaseAtTearDownTests: XCTestCase {
    private final class Model {}
    private var failures: [String] = []
    private var kept: Model?

    /// Only failures raised while capturing are swallowed; the test's own checks still fail.
    private var capturing = false

    #if canImport(ObjectiveC)
    override func record(_ issue: XCTIssue) {
        if capturing { failures.append(issue.compactDescription) } else { super.record(issue) }
    }
    #else
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        if capturing {
            failures.append(description)
        } else {
            super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
    }
    #endif

    func testReleasedObjectPasses() {
        let model = Model()
        capturing = true
        // Tear-down blocks run last-added first: this one checks after the assertion ran.
        addTeardownBlock { [unowned self] in
            self.capturing = false
            XCTAssertEqual(self.failures, [])
        }
        assertReleasedAtTearDown(model)
    }

    func testRetainedObjectFails() {
        let model = Model()
        kept = model
        capturing = true
        addTeardownBlock { [unowned self] in
            self.capturing = false
            XCTAssertEqual(self.failures.count, 1)
            XCTAssertTrue(self.failures.first?.contains("Model created at") ?? false, self.failures.first ?? "")
            XCTAssertTrue(self.failures.first?.contains("is still alive at tear-down") ?? false)
            self.failures = []
            self.kept = nil
        }
        assertReleasedAtTearDown(model)
    }
}
