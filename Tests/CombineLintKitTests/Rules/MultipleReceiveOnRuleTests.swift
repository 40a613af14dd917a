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

    /// `debounce`, `throttle`, `delay` and `timeout` deliver their values on their `scheduler:`:
    /// a `receive(on:)` of the same scheduler right after (same-thread operators between) hops
    /// again; one of another scheduler is the hop the pipeline needs, and is never "directly followed".
    func testSchedulerOfATimingOperatorIsWhereValuesAre() throws {
        let found = findings(of: MultipleReceiveOnRule.self, in: [(path: "A.swift", text: """
        $plan.debounce(for: .seconds(2), scheduler: DispatchQueue.main).receive(on: DispatchQueue.main).sink { save($0) }
        $plan.throttle(for: 1, scheduler: RunLoop.main, latest: true).map { $0.count }.receive(on: DispatchQueue.main).sink { _ in }
        $plan.debounce(for: .seconds(2), scheduler: queue).receive(on: DispatchQueue.main).sink { save($0) }
        $plan.delay(for: 1, scheduler: DispatchQueue.main).flatMap { api.save($0) }.receive(on: DispatchQueue.main).sink { _ in }
        """)])
        XCTAssertEqual(found.map { "\($0.line):\($0.column)" }, ["1:65", "2:80"])
        XCTAssertEqual(try XCTUnwrap(found.first).message,
                       "This `receive(on: DispatchQueue.main)` hops again to where `debounce(…, scheduler: DispatchQueue.main)` on line 1 already delivers: a wasted hop per value.")
    }
}
