import Foundation
import XCTest

/// The README's report examples are real output: each fenced block after its command is what
/// the built `combinelint` prints for `docs/examples` from the package root.
final class ReadmeExamplesTests: XCTestCase {
    func output(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = CLITests.executable
        process.arguments = arguments + ["--quiet"]
        process.currentDirectoryURL = SamplesEndToEndTests.packageRoot
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The first fenced block opened by `fence` after `marker` in the README.
    func block(after marker: String, fence: String) throws -> String {
        let readme = try String(contentsOf: SamplesEndToEndTests.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try XCTUnwrap(readme.range(of: marker), "README lacks \(marker)")
        let open = try XCTUnwrap(readme.range(of: fence + "\n", range: start.upperBound..<readme.endIndex))
        let close = try XCTUnwrap(readme.range(of: "\n```\n", range: open.upperBound..<readme.endIndex))
        return String(readme[open.upperBound..<close.lowerBound]) + "\n"
    }

    func testJSONExample() throws {
        XCTAssertEqual(try output(["docs/examples", "--reporter", "json"]),
                       try block(after: "### JSON output", fence: "```json"))
    }

    func testFullExample() throws {
        XCTAssertEqual(try output(["docs/examples", "--reporter", "full", "--statistics"]),
                       try block(after: "`combinelint docs/examples --reporter full --statistics`", fence: "```text"))
    }
}
