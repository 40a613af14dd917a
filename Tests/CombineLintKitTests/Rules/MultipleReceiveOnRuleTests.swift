import XCTest
@testable import CombineLintKit

final class MultipleReceiveOnRuleTests: XCTestCase {
    func testMessagesAndRanges() {
        let found = findings(of: MultipleReceiveOnRule.self, in: [(path: "A.swift", text: """
        a.receive(on: q).receive(on: DispatchQueue.main).map { $0 }.receive(on: RunLoop.main).sink { _ in }
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)-\($0.endColumn)" }, ["1:3-17", "1:61-86"])
        XCTAssertEqual(found[0].message, "`receive(on: q)` is followed directly by `receive(on: DispatchQueue.main)`, so every value hops to `q` only to leave it at once.")
        XCTAssertEqual(found[0].help, "Remove `receive(on: q)`: the last `receive(on:)` decides where values arrive.")
        XCTAssertEqual(found[1].message, "This `receive(on: RunLoop.main)` hops again to where `receive(on: DispatchQueue.main)` on line 1 already delivers: a wasted hop per value.")
        XCTAssertEqual(found[1].help, "Remove this `receive(on:)`.")
    }

    func testFixKeepsATrailingCommentLine() {
        let text = "p\n    .receive(on: q)\n    .receive(on: q) // again\n    .sink { _ in }\n"
        let found = findings(of: MultipleReceiveOnRule.self, in: [(path: "A.swift", text: text)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["3:6"])
        XCTAssertEqual(applying(found[0].fix?.edits ?? [], to: text), "p\n    .receive(on: q)\n     // again\n    .sink { _ in }\n")
    }

    func testOperatorWithItsOwnSchedulerBetweenIsQuiet() {
        XCTAssertEqual(findings(of: MultipleReceiveOnRule.self, in: [(path: "A.swift", text: """
        p.receive(on: DispatchQueue.main).collect(.byTime(q, 1)).receive(on: DispatchQueue.main).sink { _ in }
        p.receive(on: DispatchQueue.main).timeout(1, scheduler: q).receive(on: DispatchQueue.main).sink { _ in }
        """)]).count, 0)
    }
}
