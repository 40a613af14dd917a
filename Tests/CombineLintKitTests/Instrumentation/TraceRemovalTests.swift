import XCTest
@testable import CombineLintKit

/// `TraceRemoval` takes out exactly the marked pieces `instrument` inserts, and nothing else.
final class TraceRemovalTests: XCTestCase {
    private func remove(_ text: String) -> (String, RemovedInstrumentation) {
        let result = TraceRemoval.remove(from: SourceFile(path: "Feed.swift", text: text))
        return (String(decoding: result.bytes, as: UTF8.self), result)
    }

    func testRemovesMarkedTracesAndBothImportForms() {
        let (inline, first) = remove("""
        import Combine; import CombineTrace /*combinelint-trace*/
        let a = p.trace("Feed.swift:2" /*combinelint-trace*/).sink { _ in }
        let b = p
            .trace("Feed.bind" /*combinelint-trace*/).assign(to: &$title)

        """)
        XCTAssertEqual(inline, """
        import Combine
        let a = p.sink { _ in }
        let b = p
            .assign(to: &$title)

        """)
        XCTAssertEqual(first.traceCount, 2)
        XCTAssertEqual(first.importCount, 1)
        let (ownLine, second) = remove("import CombineTrace /*combinelint-trace*/\r\nlet a = p.trace(\"x\" /*combinelint-trace*/).sink { _ in }\r\n")
        XCTAssertEqual(ownLine, "let a = p.sink { _ in }\r\n")
        XCTAssertEqual(second.importCount, 1)
    }

    func testHandWrittenTracesAndImportsStay() {
        let original = """
        import Combine
        import CombineTrace
        let a = p.trace("feed").sink { _ in }
        let b = p.trace("feed", describe: { "\\($0)" }).sink { _ in }

        """
        let (text, result) = remove(original)
        XCTAssertEqual(text, original)
        XCTAssertEqual(result.traceCount + result.importCount, 0)
        XCTAssertEqual(result.unmatchedMarkerLines, [])
    }

    func testMarkersInStringsAndCommentsAreNotPieces() {
        let original = """
        // p.trace("x" /*combinelint-trace*/).sink { _ in }
        let s = "p.trace(\\"x\\" /*combinelint-trace*/).sink"
        /* import CombineTrace /*combinelint-trace*/ */

        """
        let (text, result) = remove(original)
        XCTAssertEqual(text, original)
        XCTAssertEqual(result.traceCount + result.importCount, 0)
        // The nested comment is one comment token, not the marker: nothing to warn about either.
        XCTAssertEqual(result.unmatchedMarkerLines, [])
    }

    func testAMarkedPieceEditedByHandIsLeftAndReported() {
        let original = """
        let a = p.trace("x"  /*combinelint-trace*/).sink { _ in }
        let b = p.trace("a\\(b)" /*combinelint-trace*/).sink { _ in }
        let c = p.trace(label /*combinelint-trace*/).sink { _ in }
        /*combinelint-trace*/

        """
        let (text, result) = remove(original)
        XCTAssertEqual(text, original)
        XCTAssertEqual(result.unmatchedMarkerLines, [1, 2, 3, 4])
    }
}
