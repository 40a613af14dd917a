import XCTest
@testable import CombineLintKit

final class PrintOperatorRuleTests: XCTestCase {
    func testIsOptIn() {
        XCTAssertTrue(PrintOperatorRule.description.isOptIn)
        XCTAssertFalse(ConfiguredRule.defaults.contains { $0.rule.description.id == "print_operator" })
    }

    func testNestedDebugBlocksAndElseBranches() {
        let found = findings(of: PrintOperatorRule.self, in: [(path: "A.swift", text: """
        #if DEBUG
        #if os(iOS)
        let a = p.print().sink { _ in }
        #endif
        #elseif TESTING
        let b = p.print().sink { _ in }
        #else
        let c = p.print().sink { _ in }
        #endif
        let d = p.print().sink { _ in }
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["6:11", "8:11", "10:11"])
    }

    /// The operator is named as written, with its prefix; a long call is shortened.
    func testMessageNamesTheCallAndHelpOffersALogger() {
        let long = String(repeating: "x", count: 40)
        let found = findings(of: PrintOperatorRule.self, in: [(path: "A.swift", text: """
        let a = $query.print("search").sink { _ in }
        let b = $query.print("\(long)").sink { _ in }
        """)])
        XCTAssertEqual(found.map(\.message), [
            "`.print(\"search\")` writes every subscription event of this pipeline to standard output, in release builds too.",
            "`.print(…)` writes every subscription event of this pipeline to standard output, in release builds too.",
        ])
        XCTAssertEqual(Set(found.map(\.help)), ["Log through `handleEvents(…)` with a `Logger`, or put the operator under `#if DEBUG`."])
    }

    func testFixRemovesTheWholeLine() {
        let text = "$x\n    .print(\"x\")\n    .sink { _ in }\n"
        let found = findings(of: PrintOperatorRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(applying(found.first?.fix?.edits ?? [], to: text), "$x\n    .sink { _ in }\n")
    }

    func testPrintOnANonPublisherIsQuiet() {
        XCTAssertEqual(findings(of: PrintOperatorRule.self, in: [(path: "A.swift", text: """
        console.print("x")
        receipt.pdf.print()
        document.map { $0 }.print()
        """)]).count, 0)
    }
}
