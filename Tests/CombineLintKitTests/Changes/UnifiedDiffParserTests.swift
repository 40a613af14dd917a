import XCTest
@testable import CombineLintKit

final class UnifiedDiffParserTests: XCTestCase {
    func testGitDiffWithSeveralFilesAndHunks() throws {
        let diff = """
        diff --git a/Sources/A.swift b/Sources/A.swift
        index 1111111..2222222 100644
        --- a/Sources/A.swift
        +++ b/Sources/A.swift
        @@ -3,0 +4,2 @@ func a() {
        +    let x = 1
        +    let y = 2
        @@ -10 +12 @@
        -old
        +new
        diff --git a/Old.swift b/Old.swift
        deleted file mode 100644
        --- a/Old.swift
        +++ /dev/null
        @@ -1,2 +0,0 @@
        -a
        -b
        diff --git a/"Na me\\303\\251.swift" b/"Na me\\303\\251.swift"
        --- /dev/null
        +++ "b/Na me\\303\\251.swift"
        @@ -0,0 +1 @@
        +let z = 3
        \\ No newline at end of file

        """
        let lines = try UnifiedDiffParser.parse(diff)
        XCTAssertEqual(lines, ["Sources/A.swift": [4, 5, 12], "Na meé.swift": [1]])
    }

    func testContextLinesAdvanceTheNewLineNumber() throws {
        let diff = """
        --- a.swift\t2024-01-01 10:00:00
        +++ b.swift\t2024-01-01 10:00:01
        @@ -1,4 +1,5 @@
         one
        -two
        +TWO
        +two and a half
         three

         four

        """
        XCTAssertEqual(try UnifiedDiffParser.parse(diff), ["b.swift": [2, 3]])
    }

    func testMalformedHunkHeaderIsAnError() {
        XCTAssertThrowsError(try UnifiedDiffParser.parse("+++ b/a.swift\n@@ -1,x +1 @@\n")) {
            XCTAssertEqual("\($0)", "line 2: malformed hunk header '@@ -1,x +1 @@'")
        }
        XCTAssertThrowsError(try UnifiedDiffParser.parse("+++ b/a.swift\n@@ -1,2 +1,2 @@\n a\n?b\n")) {
            XCTAssertEqual("\($0)", "line 4: unexpected line inside a hunk")
        }
    }
}

final class GitDiffTests: XCTestCase {
    private func git(_ arguments: [String], in directory: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", directory, "-c", "user.email=t@e.st", "-c", "user.name=T"] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "git \(arguments)")
    }

    func testChangedLinesSinceACommit() throws {
        let root = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try git(["init", "-q"], in: root)
        try writeFile(root, "Sources/A.swift", "let a = 1\nlet b = 2\nlet c = 3\n")
        try git(["add", "-A"], in: root)
        try git(["commit", "-q", "-m", "one"], in: root)
        try writeFile(root, "Sources/A.swift", "let a = 1\nlet b = 20\nlet c = 3\nlet d = 4\n")
        let changed = try GitDiff.changedLines(since: "HEAD", in: root + "/Sources")
        XCTAssertEqual(changed.lines, [root + "/Sources/A.swift": [2, 4]])

        XCTAssertThrowsError(try GitDiff.changedLines(since: "no-such-ref", in: root)) {
            XCTAssertEqual("\($0)", "unknown git revision 'no-such-ref' in \(root)")
        }
    }
}
