import XCTest
@testable import CombineLintKit

final class FixApplierTests: XCTestCase {
    private func edit(_ offset: Int, _ length: Int, _ replacement: String) -> TextEdit {
        TextEdit(offset: offset, length: length, replacement: replacement, line: 1, column: offset + 1, endLine: 1, endColumn: offset + length + 1)
    }

    func testOverlappingFixIsSkippedWhole() {
        let bytes = Array("abcdefghij".utf8)
        let first = Fix(title: "one", edits: [edit(2, 3, "X")])              // cde
        let overlapping = Fix(title: "two", edits: [edit(0, 1, "Y"), edit(4, 2, "Z")]) // a, ef: ef overlaps
        let disjoint = Fix(title: "three", edits: [edit(8, 2, "")])         // ij
        let samePoint = Fix(title: "four", edits: [edit(2, 0, "!")])        // insertion where "one" starts
        let outcome = FixApplier.apply([first, overlapping, disjoint, samePoint], to: bytes)
        XCTAssertEqual(String(decoding: outcome.bytes, as: UTF8.self), "abXfgh")
        XCTAssertEqual(outcome.applied.map { $0.title }, ["one", "three"])
        XCTAssertEqual(outcome.skipped.map { $0.title }, ["two", "four"])
    }

    func testAdjacentEditsBothApply() {
        let outcome = FixApplier.apply([Fix(title: "a", edits: [edit(0, 2, "A")]), Fix(title: "b", edits: [edit(2, 2, "B")])],
                                       to: Array("xxyy".utf8))
        XCTAssertEqual(String(decoding: outcome.bytes, as: UTF8.self), "AB")
        XCTAssertEqual(outcome.skipped, [])
    }

    func testEditOutsideTheFileIsSkipped() {
        let outcome = FixApplier.apply([Fix(title: "far", edits: [edit(10, 1, "x")])], to: Array("abc".utf8))
        XCTAssertEqual(outcome.bytes, Array("abc".utf8))
        XCTAssertEqual(outcome.skipped.count, 1)
    }

    func testAtomicWriteReplacesAndKeepsPermissions() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = root + "/A.swift"
        try writeFile(root, "A.swift", "old")
        chmod(path, 0o600)
        try AtomicFile.write("new text", to: path)
        XCTAssertEqual(readFile(path), "new text")
        var info = stat()
        stat(path, &info)
        XCTAssertEqual(info.st_mode & 0o777, 0o600)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: root), ["A.swift"], "no temporary file left")
        XCTAssertThrowsError(try AtomicFile.write("x", to: root + "/missing/dir/B.swift"))
    }
}

final class LineDiffTests: XCTestCase {
    private func diff(_ old: String, _ new: String) -> String {
        LineDiff.unified(old: Array(old.utf8), new: Array(new.utf8), path: "A.swift")
    }

    func testEqualFilesGiveNoDiff() {
        XCTAssertEqual(diff("a\nb\n", "a\nb\n"), "")
    }

    func testCRLFLinesKeepTheirLineEndOnce() {
        XCTAssertEqual(diff("a\r\nb\r\n", "a\r\nc\r\n"), "--- a/A.swift\n+++ b/A.swift\n@@ -1,2 +1,2 @@\n a\r\n-b\r\n+c\r\n")
        XCTAssertEqual(diff("a\rb\r", "a\rc\r"), "--- a/A.swift\n+++ b/A.swift\n@@ -1,2 +1,2 @@\n a\r\n-b\r\n+c\r\n")
    }

    func testOneChangeWithThreeLinesOfContext() {
        let old = (1...9).map { "l\($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "l5\n", with: "L5\n")
        XCTAssertEqual(diff(old, new), """
        --- a/A.swift
        +++ b/A.swift
        @@ -2,7 +2,7 @@
         l2
         l3
         l4
        -l5
        +L5
         l6
         l7
         l8

        """)
    }

    func testDistantChangesMakeTwoHunksAndCloseOnesMerge() {
        let old = (1...10).map { "l\($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "l2\n", with: "L2\n").replacingOccurrences(of: "l10\n", with: "L10\n")
        XCTAssertEqual(diff(old, new), """
        --- a/A.swift
        +++ b/A.swift
        @@ -1,5 +1,5 @@
         l1
        -l2
        +L2
         l3
         l4
         l5
        @@ -7,4 +7,4 @@
         l7
         l8
         l9
        -l10
        +L10

        """)
        let close = old.replacingOccurrences(of: "l2\n", with: "L2\n").replacingOccurrences(of: "l8\n", with: "L8\n")
        XCTAssertEqual(diff(old, close).components(separatedBy: "@@ ").count - 1, 1, "a gap of 5 lines stays one hunk")
    }

    func testInsertionsDeletionsAndMissingFinalNewline() {
        XCTAssertEqual(diff("", "a\nb\n"), "--- a/A.swift\n+++ b/A.swift\n@@ -0,0 +1,2 @@\n+a\n+b\n")
        XCTAssertEqual(diff("a\nb\n", "a\n"), "--- a/A.swift\n+++ b/A.swift\n@@ -1,2 +1 @@\n a\n-b\n")
        XCTAssertEqual(diff("a\nb", "a\nc"), "--- a/A.swift\n+++ b/A.swift\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n")
        XCTAssertEqual(diff("x\n", "y\nx\n"), "--- a/A.swift\n+++ b/A.swift\n@@ -1 +1,2 @@\n+y\n x\n")
    }

    func testMyersFindsAShortestScript() {
        let a = Array("ABCABBA"), b = Array("CBABAC")
        let ops = LineDiff.operations(a, b)
        let edits = ops.filter { if case .equal = $0 { return false } else { return true } }.count
        XCTAssertEqual(edits, 5)
        // Replaying the script rebuilds b.
        var rebuilt: [Character] = []
        for op in ops {
            switch op {
            case .equal(let i, _): rebuilt.append(a[i])
            case .insert(let j): rebuilt.append(b[j])
            case .delete: break
            }
        }
        XCTAssertEqual(rebuilt, b)
    }
}
