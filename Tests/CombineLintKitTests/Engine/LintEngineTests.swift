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

    func testEachPreparationRunsOnceBeforeAnyFileIsChecked() {
        let inputs = (0..<6).map { LintInput(path: "F\($0).swift", absolutePath: "/none", bytes: Array("let a = 1\n".utf8)) }
        // Two rules naming the same fact, in two profiles: it is still made once.
        let rules = [ConfiguredRule(rule: PreparedFactRule()), ConfiguredRule(rule: SharedFactRule())]
        let engine = LintEngine(profiles: [RuleProfile(rules: rules, suppressions: SuppressionFilter(knownRuleIDs: ["test_prepared_fact", "test_shared_fact"])),
                                           RuleProfile(rules: rules, suppressions: SuppressionFilter(knownRuleIDs: ["test_prepared_fact", "test_shared_fact"]))],
                                jobs: 2)
        let outcome = engine.run(inputs.enumerated().map { i, input in
            var input = input
            input.profile = i % 2
            return input
        })
        XCTAssertEqual(outcome.findings.map { "\($0.file):\($0.line) \($0.message)" },
                       (0..<6).map { "F\($0).swift:1 prepared 1 time(s) before the check" })
    }
}

/// Test-only rule: its preparation counts its runs into the memo; each file's check reports the
/// count it finds there (none: the engine did not prepare before checking).
private struct PreparedFactRule: Rule {
    static let description = RuleDescription(id: "test_prepared_fact", name: "Test prepared fact", defaultSeverity: .warning,
                                             summary: "Reports how often the rule was prepared.")

    /// A class, so that a second run would show as a second count.
    final class Count: @unchecked Sendable {
        var value = 0
    }

    /// The step both test rules name.
    static func counting(_ memo: ProjectMemo) -> Preparation {
        Preparation("test-prepared-count") { memo.value(for: "test-prepared-count") { Count() }.value += 1 }
    }

    func preparations(index: ProjectIndex, memo: ProjectMemo) -> [Preparation] { [Self.counting(memo)] }

    func check(_ context: RuleContext) -> [Finding] {
        let count = context.memo.known("test-prepared-count", as: Count.self)?.value ?? 0
        return [context.finding(range: 0..<3, message: "prepared \(count) time(s) before the check")]
    }
}

/// Test-only rule that asks for the same prepared fact as `PreparedFactRule`, and reports nothing.
private struct SharedFactRule: Rule {
    static let description = RuleDescription(id: "test_shared_fact", name: "Test shared fact", defaultSeverity: .warning,
                                             summary: "Names the fact PreparedFactRule prepares.")

    func preparations(index: ProjectIndex, memo: ProjectMemo) -> [Preparation] { [PreparedFactRule.counting(memo)] }

    func check(_ context: RuleContext) -> [Finding] { [] }
}
