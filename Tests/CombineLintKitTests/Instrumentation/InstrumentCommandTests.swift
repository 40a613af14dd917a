import XCTest
@testable import CombineLintKit

/// `combinelint instrument` in-process: its output, exit codes, the files it writes, and that
/// instrumented code re-lints with the same findings and is restored byte for byte.
final class InstrumentCommandTests: XCTestCase {
    var root = ""
    let captured = CapturedIO()

    override func setUpWithError() throws { root = try makeTemporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: root) }

    private func run(_ arguments: [String]) -> Int32 {
        captured.output = ""
        captured.error = ""
        return CommandLineInterface.run(arguments, io: captured.io(root))
    }

    private func bytes(_ relative: String) -> [UInt8] {
        Array(FileManager.default.contents(atPath: root + "/" + relative) ?? Data())
    }

    private let feed = """
    import Combine

    final class Feed {
        var bag = Set<AnyCancellable>()
        func bind() {
            posts
                .sink { _ in }
                .store(in: &bag)
        }
    }

    """

    func testDryRunPrintsTheDiffAndWritesNothing() throws {
        try writeFile(root, "Sources/Feed.swift", feed)
        try writeFile(root, "Sources/Plain.swift", "let x = 1\n")
        XCTAssertEqual(run(["instrument", "--dry-run", "Sources"]), 1)
        XCTAssertEqual(captured.output, """
        --- a/Sources/Feed.swift
        +++ b/Sources/Feed.swift
        @@ -1,10 +1,10 @@
        -import Combine
        +import Combine; import CombineTrace /*combinelint-trace*/
         
         final class Feed {
             var bag = Set<AnyCancellable>()
             func bind() {
                 posts
        -            .sink { _ in }
        +            .trace("Feed.bind" /*combinelint-trace*/).sink { _ in }
                     .store(in: &bag)
             }
         }

        """)
        XCTAssertEqual(captured.error, "Would instrument 1 site in 1 file.\n")
        XCTAssertEqual(String(decoding: bytes("Sources/Feed.swift"), as: UTF8.self), feed)
    }

    func testInstrumentAgainThenRemoveRestoresEveryByte() throws {
        try writeFile(root, "Feed.swift", feed)
        try writeFile(root, "Ext.swift", "import Combine\nextension Publisher { func go() -> AnyCancellable { sink { _ in } } }\n")
        XCTAssertEqual(run(["instrument"]), 0)
        XCTAssertEqual(captured.output, "")
        XCTAssertEqual(captured.error, "Instrumented 1 site in 1 file (skipped 1 site: 1 on implicit self).\n")
        let instrumented = bytes("Feed.swift")
        XCTAssertNotEqual(instrumented, Array(feed.utf8))
        XCTAssertEqual(run(["instrument", "."]), 0)
        XCTAssertEqual(captured.error, "Instrumented 0 sites in 0 files (skipped 1 site: 1 on implicit self; 1 already instrumented).\n")
        XCTAssertEqual(bytes("Feed.swift"), instrumented)
        XCTAssertEqual(run(["instrument", "--remove", "--dry-run", "Feed.swift"]), 1)
        XCTAssertTrue(captured.output.hasPrefix("--- a/Feed.swift\n+++ b/Feed.swift\n"))
        XCTAssertEqual(captured.error, "Would remove 1 trace and 1 import from 1 file.\n")
        XCTAssertEqual(run(["instrument", "--remove"]), 0)
        XCTAssertEqual(captured.error, "Removed 1 trace and 1 import from 1 file.\n")
        XCTAssertEqual(bytes("Feed.swift"), Array(feed.utf8))
        XCTAssertEqual(run(["instrument", "--remove", "--quiet"]), 0)
        XCTAssertEqual(captured.error, "")
    }

    func testFilesThatCannotBeInstrumentedAreNamedAndTheOthersDone() throws {
        try writeFile(root, "A.swift", feed)
        var utf16: [UInt8] = [0xFF, 0xFE]
        for unit in "let c = p.sink { _ in }\n".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
        XCTAssertTrue(FileManager.default.createFile(atPath: root + "/B.swift", contents: Data(utf16)))
        let latin1 = Array("import Combine\n// caf".utf8) + [0xE9] + Array("\nlet c = p.sink { _ in }\n".utf8)
        XCTAssertTrue(FileManager.default.createFile(atPath: root + "/C.swift", contents: Data(latin1)))
        XCTAssertEqual(mkfifo(root + "/D.swift", 0o644), 0)
        try writeFile(root, "E.swift", "import Combine\nlet c = p.sink { _ in }\n")
        XCTAssertEqual(run(["instrument", "."]), 1)
        XCTAssertEqual(captured.error, """
        error: cannot read 'D.swift': is a named pipe (FIFO), not a regular file
        error: cannot instrument 'B.swift': UTF-16 (little-endian, with a byte order mark) text; Swift source must be UTF-8
        error: cannot instrument 'C.swift': not valid UTF-8 (byte 0xE9 at line 2)
        Instrumented 2 sites in 2 files (3 files not processed, see the errors above).

        """)
        XCTAssertEqual(bytes("B.swift"), utf16)
        XCTAssertEqual(bytes("C.swift"), latin1)
        XCTAssertEqual(String(decoding: bytes("E.swift"), as: UTF8.self),
                       "import Combine; import CombineTrace /*combinelint-trace*/\nlet c = p.trace(\"E.swift:2\" /*combinelint-trace*/).sink { _ in }\n")
        XCTAssertEqual(run(["instrument", "--remove", "A.swift", "C.swift", "E.swift"]), 1)
        XCTAssertEqual(captured.error, """
        error: cannot remove the instrumentation of 'C.swift': not valid UTF-8 (byte 0xE9 at line 2)
        Removed 2 traces and 2 imports from 2 files (1 file not processed, see the errors above).

        """)
        XCTAssertEqual(bytes("A.swift"), Array(feed.utf8))
    }

    func testTheConfigurationsExcludeApplies() throws {
        try writeFile(root, ".combinelint.json", #"{"exclude": ["Generated/**"]}"#)
        try writeFile(root, "Generated/Feed.swift", feed)
        try writeFile(root, "App/Feed.swift", feed)
        XCTAssertEqual(run(["instrument"]), 0)
        XCTAssertEqual(captured.error, "Instrumented 1 site in 1 file.\n")
        XCTAssertEqual(bytes("Generated/Feed.swift"), Array(feed.utf8))
        XCTAssertNotEqual(bytes("App/Feed.swift"), Array(feed.utf8))
        XCTAssertEqual(run(["instrument", "--force-exclude", "Generated/Feed.swift"]), 0)
        XCTAssertEqual(captured.error, "Instrumented 0 sites in 0 files.\n")
    }

    func testUsageErrorsAndHelp() throws {
        XCTAssertEqual(run(["instrument", "--fix"]), 2)
        XCTAssertEqual(captured.error, "error: unknown option '--fix' (see 'combinelint instrument --help')\n")
        XCTAssertEqual(run(["instrument", "--jobs", "0"]), 2)
        XCTAssertEqual(captured.error, "error: --jobs needs a positive whole number, got '0'\n")
        XCTAssertEqual(run(["instrument", "--remove=yes"]), 2)
        XCTAssertEqual(captured.error, "error: --remove takes no value\n")
        XCTAssertEqual(run(["instrument", "Missing"]), 2)
        XCTAssertEqual(captured.error, "error: no such file or folder: 'Missing'\n")
        XCTAssertEqual(run(["instrument", "--help"]), 0)
        XCTAssertEqual(captured.output, HelpText.instrument)
        XCTAssertEqual(run(["help", "instrument"]), 0)
        XCTAssertEqual(captured.output, HelpText.instrument)
        XCTAssertTrue(HelpText.tool.contains("  instrument       Insert .trace calls"))
    }

    /// The lint findings of a folder as (file, rule, line), sorted.
    private func findings(_ folder: String) throws -> [String] {
        let io = CapturedIO()
        _ = CommandLineInterface.run(["lint", ".", "--reporter", "json", "--quiet"], io: io.io(folder))
        let object = try JSONSerialization.jsonObject(with: Data(io.output.utf8)) as? [String: Any]
        let list = object?["findings"] as? [[String: Any]] ?? []
        return list.map { "\($0["file"] ?? "") \($0["rule"] ?? "") \($0["line"] ?? "")" }.sorted()
    }

    /// The repository's samples/, instrumented in a copy: every file lexes losslessly, lint finds
    /// the same findings on the same lines, and `--remove` gives back every file byte for byte.
    func testSamplesRoundTrip() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().path
        let copy = root + "/samples"
        try FileManager.default.copyItem(atPath: repository + "/samples", toPath: copy)
        let swiftFiles = (FileManager.default.enumerator(atPath: copy)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }.sorted()
        let originals = try swiftFiles.map { try Data(contentsOf: URL(fileURLWithPath: copy + "/" + $0)) }
        let before = try findings(copy)
        XCTAssertGreaterThan(before.count, 50)

        let io = CapturedIO()
        XCTAssertEqual(CommandLineInterface.run(["instrument", "."], io: io.io(copy)), 0)
        XCTAssertEqual(io.error, "Instrumented 99 sites in 23 files (skipped 3 sites: 3 traced by hand).\n")
        var changed = 0
        for (path, original) in zip(swiftFiles, originals) {
            let now = Array(try Data(contentsOf: URL(fileURLWithPath: copy + "/" + path)))
            XCTAssertTrue(LintCommand.lexesLosslessly(now), path)
            if now != Array(original) {
                changed += 1
                XCTAssertEqual(LineDiff.lines(now).count, LineDiff.lines(Array(original)).count, "\(path): lines moved")
            }
        }
        XCTAssertEqual(changed, 23)
        XCTAssertEqual(try findings(copy), before)

        XCTAssertEqual(CommandLineInterface.run(["instrument", "--remove", "."], io: io.io(copy)), 0)
        for (path, original) in zip(swiftFiles, originals) {
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: copy + "/" + path)), original, "\(path) not restored")
        }
    }
}
