import XCTest
@testable import CombineLintKit

/// Every input gets an answer: special files, names that are not UTF-8, text that is not UTF-8,
/// and standard input with `--fix`.
final class InputAnswerTests: XCTestCase {
    var root = ""
    let captured = CapturedIO()

    override func setUpWithError() throws { root = try makeTemporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    private func lint(_ arguments: [String], stdin: String = "") throws -> Int32 {
        captured.output = ""
        captured.error = ""
        captured.stdin = Array(stdin.utf8)
        guard case .lint(let options) = try CommandLineParser.parse(arguments) else { throw UsageError("not lint") }
        return LintCommand(options: options, io: captured.io(root), registry: [FixmeRule.self, ErrorTokenRule.self]).run()
    }

    /// Writes raw bytes to a file whose name is given as bytes.
    private func writeBytes(_ name: [UInt8], _ bytes: [UInt8]) throws {
        let path = Array(root.utf8) + [UInt8(ascii: "/")] + name + [0]
        let fd = path.withUnsafeBufferPointer { open(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self), O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
        guard fd >= 0 else { throw UsageError("cannot create the file: \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    func testAFIFOIsAnIOErrorAndNeverRead() throws {
        try writeFile(root, "A.swift", "FIXME_TOKEN\n")
        try writeFile(root, "Sources/B.swift", "")
        XCTAssertEqual(mkfifo(root + "/Pipe.swift", 0o644), 0)
        XCTAssertEqual(mkfifo(root + "/Sources/Queue.swift", 0o644), 0)
        // Without a writer, opening the FIFO for reading would block the run for ever.
        XCTAssertEqual(try lint(["A.swift", "Pipe.swift", "--quiet"]), 1)
        XCTAssertEqual(captured.output, """
        A.swift:1:1: warning: FIXME_TOKEN left in code [test_fixme]
        Pipe.swift:1:1: error: cannot read 'Pipe.swift': is a named pipe (FIFO), not a regular file [io_error]

        """)
        XCTAssertEqual(try lint(["Sources"]), 1)
        XCTAssertEqual(captured.output, "Sources/Queue.swift:1:1: error: cannot read 'Sources/Queue.swift': is a named pipe (FIFO), not a regular file [io_error]\n")
        XCTAssertEqual(captured.error, "Found 1 finding (1 error, 0 warnings); 1 file checked.\n")
        guard case .failure(let error) = FileReader.read(root + "/Pipe.swift") else { return XCTFail("a FIFO was read") }
        XCTAssertEqual(error.reason, "is a named pipe (FIFO), not a regular file")
    }

    func testADeviceNamedOnTheCommandLineIsAnIOError() throws {
        XCTAssertEqual(try lint(["/dev/null", "--quiet"]), 1)
        XCTAssertEqual(captured.output, "/dev/null:1:1: error: cannot read '/dev/null': is a character device, not a regular file [io_error]\n")
    }

    func testANameThatIsNotUTF8IsLintedAndShownEscaped() throws {
        let name = Array("Caf".utf8) + [0xE9] + Array(".swift".utf8) // Latin-1 "Café.swift"
        try writeBytes(name, Array("let a = FIXME_TOKEN\n".utf8))
        XCTAssertEqual(try lint(["--quiet"]), 0)
        XCTAssertEqual(captured.output, "Caf\\xE9.swift:1:9: warning: FIXME_TOKEN left in code [test_fixme]\n")
        // Named on the command line (the executable decodes its arguments with RawPath).
        XCTAssertEqual(try lint([RawPath.decode(name), "--quiet"]), 0)
        XCTAssertEqual(captured.output, "Caf\\xE9.swift:1:9: warning: FIXME_TOKEN left in code [test_fixme]\n")
        // Its fixes are written back to the same file.
        XCTAssertEqual(try lint([RawPath.decode(name), "--fix", "--quiet"]), 0)
        XCTAssertEqual(try FileReader.read(root + "/" + RawPath.decode(name)).get(), Array("let a = done\n".utf8))
    }

    func testRawPathRoundTripsEveryByte() {
        let bytes: [UInt8] = Array("ok/é/".utf8) + [0xFF, 0xC3, 0x28, 0x80]
        let path = RawPath.decode(bytes)
        XCTAssertEqual(RawPath.bytes(path).dropLast().map { UInt8(bitPattern: $0) }, bytes)
        XCTAssertEqual(RawPath.escaped(path), "ok/é/\\xFF\\xC3(\\x80")
        XCTAssertEqual(RawPath.escaped("plain"), "plain")
    }

    func testUTF16AndBinaryFilesAreIOErrorsThatSayWhatTheyAre() throws {
        let text = "let a = FIXME_TOKEN\n"
        let le = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let be = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        try writeBytes(Array("A.swift".utf8), [0xFF, 0xFE] + le)
        try writeBytes(Array("B.swift".utf8), le)
        try writeBytes(Array("C.swift".utf8), [0xFE, 0xFF] + be)
        try writeBytes(Array("D.swift".utf8), (0..<512).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) } + [0, 0, 0x89, 0xFF])
        try writeBytes(Array("E.swift".utf8), Array(text.utf8))
        XCTAssertEqual(try lint([]), 1)
        XCTAssertEqual(captured.output, """
        A.swift:1:1: error: cannot read 'A.swift': UTF-16 (little-endian, with a byte order mark) text; Swift source must be UTF-8 [io_error]
        B.swift:1:1: error: cannot read 'B.swift': UTF-16 (little-endian) text; Swift source must be UTF-8 [io_error]
        C.swift:1:1: error: cannot read 'C.swift': UTF-16 (big-endian, with a byte order mark) text; Swift source must be UTF-8 [io_error]
        D.swift:1:1: error: cannot read 'D.swift': binary data (NUL bytes), not Swift source [io_error]
        E.swift:1:9: warning: FIXME_TOKEN left in code [test_fixme]

        """)
        XCTAssertEqual(captured.error, "Found 5 findings (4 errors, 1 warning); 1 file checked.\n")
    }

    func testSourceEncodingDetection() {
        XCTAssertEqual(SourceEncoding.detect(Array("let a = 1\n".utf8)), .utf8)
        XCTAssertEqual(SourceEncoding.detect([]), .utf8)
        XCTAssertEqual(SourceEncoding.detect([0xFF, 0xFE, 0x0A] + Array("x".utf8)), .utf8, "invalid UTF-8 without NUL stays text")
        XCTAssertEqual(SourceEncoding.detect([0xFF, 0xFE, 0x00, 0x00, 0x61, 0, 0, 0]), .utf32(bigEndian: false))
        XCTAssertEqual(SourceEncoding.detect([0x61, 0x00, 0x0A, 0x00]), .utf16(bigEndian: false, byteOrderMark: false))
        XCTAssertEqual(SourceEncoding.detect([0x00, 0x61, 0x00, 0x0A]), .utf16(bigEndian: true, byteOrderMark: false))
        XCTAssertEqual(SourceEncoding.detect(Array("let a = 1".utf8) + [0] + Array("let b = 2\n".utf8)), .binary)
    }

    func testStdinPathWithExtraPathsIsAUsageError() {
        XCTAssertThrowsError(try lint(["--stdin-path", "A.swift", "Sources"])) {
            XCTAssertEqual("\($0)", "--stdin-path lints standard input only; remove the path 'Sources'")
        }
        captured.error = ""
        XCTAssertEqual(CommandLineInterface.run(["--stdin-path", "A.swift", "Sources"], io: captured.io(root)), 2)
        XCTAssertEqual(captured.error, "error: --stdin-path lints standard input only; remove the path 'Sources'\n")
    }

    func testFixWithStdinPathPrintsTheFixedText() throws {
        try writeFile(root, "Sources/A.swift", "let onDisk = FIXME_TOKEN\n")
        XCTAssertEqual(try lint(["--stdin-path", "Sources/A.swift", "--fix"], stdin: "let a = FIXME_TOKEN\nlet b = ERROR_TOKEN\n"), 0)
        XCTAssertEqual(captured.output, "let a = done\nlet b = ERROR_TOKEN\n")
        XCTAssertEqual(captured.error, "Applied 1 fix in 1 file.\nFound 0 findings (0 errors, 0 warnings); 1 file checked.\n")
        XCTAssertEqual(readFile(root + "/Sources/A.swift"), "let onDisk = FIXME_TOKEN\n", "the file on disk is untouched")
        // Nothing to fix: the text comes back as it was; what is left decides the exit code.
        try writeFile(root, ".combinelint.json", #"{"opt_in_rules": ["test_error_token"]}"#)
        XCTAssertEqual(try lint(["--stdin-path", "Sources/A.swift", "--fix", "--quiet"], stdin: "let b = ERROR_TOKEN"), 1)
        XCTAssertEqual(captured.output, "let b = ERROR_TOKEN")
        XCTAssertEqual(captured.error, "")
        XCTAssertEqual(try lint(["--stdin-path", "Sources/A.swift", "--fix", "--dry-run", "--quiet"], stdin: "FIXME_TOKEN\n"), 1)
        XCTAssertEqual(captured.output, "--- a/Sources/A.swift\n+++ b/Sources/A.swift\n@@ -1 +1 @@\n-FIXME_TOKEN\n+done\n")
    }
}
