import XCTest
@testable import CombineLintKit

final class LintEngineTests: XCTestCase {
    private func engine(jobs: Int) -> LintEngine {
        LintEngine(rules: [ConfiguredRule(rule: FixmeRule()), ConfiguredRule(rule: ErrorTokenRule())],
                   suppressions: SuppressionFilter(knownRuleIDs: ["test_fixme", "test_error_token"]), jobs: jobs)
    }

    func testParallelRunEqualsSerialRunAndIsSorted() {
        let inputs = (0..<40).map { i in
            LintInput(path: "F\(i % 7)/\(i).swift", absolutePath: "/none",
                      bytes: Array("let a = FIXME_TOKEN\nlet b = ERROR_TOKEN // \(i)\n".utf8))
        }
        let serial = engine(jobs: 1).run(inputs)
        let parallel = engine(jobs: 2).run(inputs)
        XCTAssertEqual(serial.findings, parallel.findings)
        XCTAssertEqual(parallel.findings.count, 80)
        XCTAssertEqual(parallel.findings, parallel.findings.sorted(by: Finding.reportOrder))
        XCTAssertEqual(parallel.fileCount, 40)
        XCTAssertEqual(parallel.lineCount, 80)
        XCTAssertEqual(parallel.findings.first.map { "\($0.file):\($0.line):\($0.column) \($0.ruleID) \($0.severity)" },
                       "F0/0.swift:1:9 test_fixme warning")
    }

    func testUnreadableFileBecomesAnIOErrorAndOthersAreStillLinted() {
        let outcome = engine(jobs: 2).run([
            LintInput(path: "Missing.swift", absolutePath: "/definitely/not/here.swift"),
            LintInput(path: "A.swift", absolutePath: "/none", bytes: Array("FIXME_TOKEN".utf8)),
        ])
        XCTAssertEqual(outcome.findings.map { "\($0.file):\($0.line):\($0.column) \($0.ruleID) \($0.severity): \($0.message)" }, [
            "A.swift:1:1 test_fixme warning: FIXME_TOKEN left in code",
            "Missing.swift:1:1 io_error error: cannot read 'Missing.swift': No such file or directory",
        ])
        XCTAssertEqual(outcome.fileCount, 1)
    }

    func testInvalidUTF8IsLintedNotRejected() {
        let bytes: [UInt8] = [0xFF, 0xFE, 0x0A] + Array("FIXME_TOKEN\n".utf8)
        let outcome = engine(jobs: 1).run([LintInput(path: "Bad.swift", absolutePath: "/none", bytes: bytes)])
        XCTAssertEqual(outcome.findings.map { "\($0.line):\($0.column)" }, ["2:1"])
    }

    func testContextFilesFeedTheIndexButAreNotReported() {
        let outcome = engine(jobs: 2).run([
            LintInput(path: "Context.swift", absolutePath: "/none", bytes: Array("FIXME_TOKEN".utf8), isReported: false),
            LintInput(path: "Stdin.swift", absolutePath: "/none", bytes: Array("let x = 1\nFIXME_TOKEN".utf8)),
        ])
        XCTAssertEqual(outcome.findings.map { "\($0.file):\($0.line)" }, ["Stdin.swift:2"])
        XCTAssertEqual(outcome.fileCount, 1)
    }

    func testParallelMapKeepsOrder() {
        XCTAssertEqual(Parallel.map(count: 1000, jobs: 4) { $0 * 2 }, (0..<1000).map { $0 * 2 })
        XCTAssertEqual(Parallel.map(count: 0, jobs: 4) { $0 }, [])
    }
}
