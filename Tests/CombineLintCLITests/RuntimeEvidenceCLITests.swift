import Foundation
import XCTest

/// `lint --trace` and `trace report --source`, end to end with the built tool.
extension CLITests {
    static let tracedSource = "import Combine\nfinal class Feed {\n    var bag = Set<AnyCancellable>()\n    func start(p: AnyPublisher<Int, Never>) {\n        p.trace(\"feed\").sink { _ in }\n    }\n}\n"
    static let tracedTrace = """
    {"v":1,"seq":1,"t":100,"ev":"subscribe","thread":"main","sub":1,"label":"feed","site":"App/Feed.swift:5","downstream":"sink"}
    {"v":1,"seq":2,"t":150,"ev":"cancel","thread":"main","sub":1}
    {"v":1,"seq":3,"t":200,"ev":"subscribe","thread":"main","sub":2,"label":"gone","site":"App/Gone.swift:9","downstream":"sink"}
    this is not JSON

    """
    static let discardedNote = "confirmed at run time: 1 subscription cancelled right after subscribing, before any value (#1) "
        + "(App/Feed.swift:5 \"feed\", 1 subscription, t.jsonl)"

    func testLintWithATraceAddsTheNoteAndListsTheUnmatchedSite() throws {
        try write("App/Feed.swift", Self.tracedSource)
        try write("t.jsonl", Self.tracedTrace)
        let result = try run(["App", "--trace", "t.jsonl"])
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.stdout, "App/Feed.swift:5:25: error: \(Self.discardedMessage) [discarded_cancellable]\n"
                       + "App/Feed.swift:5:25: note: \(Self.discardedHelp)\n"
                       + "App/Feed.swift:5:25: note: \(Self.discardedNote)\n")
        XCTAssertEqual(result.stderr, "t.jsonl:4: warning: skipped trace line: malformed JSON at column 1: expected '{'\n"
                       + "Found 1 finding (1 error, 0 warnings); 1 file checked.\n"
                       + "Runtime evidence from 1 trace: 1 finding confirmed, 0 traced without a problem; 1 call site matched no pipeline.\n"
                       + "t.jsonl: note: call site App/Gone.swift:9 \"gone\" (1 subscription #2) matched no pipeline: "
                       + "no linted file ends with App/Gone.swift\n")
        // --quiet keeps the unmatched site, never drops it.
        let quiet = try run(["App", "--trace=t.jsonl", "--quiet", "--reporter", "json"])
        XCTAssertEqual(quiet.stderr, "t.jsonl:4: warning: skipped trace line: malformed JSON at column 1: expected '{'\n"
                       + "t.jsonl: note: call site App/Gone.swift:9 \"gone\" (1 subscription #2) matched no pipeline: "
                       + "no linted file ends with App/Gone.swift\n")
        XCTAssertTrue(quiet.stdout.contains("\"runtime\": {\n        \"confirmed\": true,"), quiet.stdout)
        XCTAssertTrue(quiet.stdout.contains("\"reason\": \"no linted file ends with App/Gone.swift\""), quiet.stdout)
    }

    func testLintWithoutATraceIsUnchanged() throws {
        try write("App/Feed.swift", Self.tracedSource)
        let result = try run(["App", "--reporter", "json", "--quiet"])
        XCTAssertFalse(result.stdout.contains("runtime"))
    }

    func testTraceErrorsNameTheFile() throws {
        try write("App/Feed.swift", Self.tracedSource)
        try write("empty.jsonl", "")
        try write("bad.jsonl", "nope\n{\n")
        let missing = try run(["App", "--trace", "missing.jsonl"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stdout, "")
        XCTAssertEqual(missing.stderr, "error: missing.jsonl: cannot read the trace file\n")
        let empty = try run(["App", "--trace", "empty.jsonl"])
        XCTAssertEqual(empty.status, 2)
        XCTAssertEqual(empty.stderr, "error: empty.jsonl: no valid trace event (the file is empty)\n")
        let bad = try run(["App", "--trace", "bad.jsonl"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertEqual(bad.stderr, "bad.jsonl:1: warning: skipped trace line: malformed JSON at column 1: expected '{'\n"
                       + "bad.jsonl:2: warning: skipped trace line: malformed JSON at column 2: expected a field name, found end of line\n"
                       + "error: bad.jsonl: no valid trace event (2 lines skipped)\n")
        let folder = try run(["App", "--trace", "App"])
        XCTAssertEqual(folder.status, 2)
        XCTAssertEqual(folder.stderr, "error: App: cannot read the trace file\n")
        let noValue = try run(["App", "--trace"])
        XCTAssertEqual(noValue.status, 2)
        XCTAssertEqual(noValue.stderr, "error: --trace needs a value (see 'combinelint lint --help')\n")
    }

    func testTraceReportWithSourceShowsTheFindingAtEachProblem() throws {
        try write("App/Feed.swift", Self.tracedSource)
        try write("t.jsonl", Self.tracedTrace)
        let plain = try run(["trace", "report", "t.jsonl"])
        let result = try run(["trace", "report", "t.jsonl", "--source", "App"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.hasPrefix(plain.stdout), "the report without --source comes first, unchanged")
        XCTAssertEqual(String(result.stdout.dropFirst(plain.stdout.count)), """

        Static findings at the problems' pipelines (--source App: 1 file linted)

        Leaked  App/Gone.swift:9  "gone"  1 subscription  #2
          no pipeline: no linted file ends with App/Gone.swift

        Discarded  App/Feed.swift:5  "feed"  1 subscription  #1
          pipeline App/Feed.swift:5
            5 |         p.trace("feed").sink { _ in }
          explained by
            App/Feed.swift:5:25: discarded_cancellable: \(Self.discardedMessage)

        Explained by static findings: 1 of 2 problems; 1 at no pipeline of the sources

        """)
        XCTAssertEqual(result.stderr, "t.jsonl:4: warning: skipped trace line: malformed JSON at column 1: expected '{'\n")
    }

    func testTraceReportWithSourceSaysWhenNoRuleExplainsAProblem() throws {
        // The token is kept, so no rule fires, but the trace shows the subscription leaked.
        try write("App/Feed.swift", "import Combine\nfinal class Feed {\n    var token: AnyCancellable?\n    func start(p: AnyPublisher<Int, Never>) {\n        token = p.trace(\"feed\").sink { _ in }\n    }\n}\n")
        try write("t.jsonl", "{\"v\":1,\"seq\":1,\"t\":100,\"ev\":\"subscribe\",\"thread\":\"main\",\"sub\":1,\"label\":\"feed\",\"site\":\"App/Feed.swift:5\",\"downstream\":\"sink\"}\n")
        let result = try run(["trace", "report", "t.jsonl", "--source", "App", "--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let leaked = try XCTUnwrap((json["leaked"] as? [[String: Any]])?.first)
        XCTAssertEqual(leaked["explainedBy"] as? [Int], [])
        XCTAssertEqual((leaked["pipelines"] as? [[String: Any]])?.first?["file"] as? String, "App/Feed.swift")
        XCTAssertEqual((json["staticFindings"] as? [Any])?.count, 0)
        XCTAssertEqual((json["source"] as? [String: Any])?["unexplained"] as? Int, 1)
        let text = try run(["trace", "report", "t.jsonl", "--source", "App"])
        XCTAssertTrue(text.stdout.contains("""
        Leaked  App/Feed.swift:5  "feed"  1 subscription  #1
          pipeline App/Feed.swift:5
            5 |         token = p.trace("feed").sink { _ in }
          no rule explains it: a miss of the rules, worth a report

        Explained by static findings: 0 of 1 problem; 1 with no rule to explain it

        """), text.stdout)
    }

    func testTraceReportWithSourceErrors() throws {
        try write("t.jsonl", Self.tracedTrace)
        let missingSource = try run(["trace", "report", "t.jsonl", "--source", "Nowhere"])
        XCTAssertEqual(missingSource.status, 2)
        XCTAssertTrue(missingSource.stderr.hasSuffix("combinelint trace: no such file or folder: 'Nowhere'\n"), missingSource.stderr)
        let missingTrace = try run(["trace", "report", "none.jsonl", "--source", "."])
        XCTAssertEqual(missingTrace.status, 2)
        XCTAssertEqual(missingTrace.stderr, "combinelint trace: none.jsonl: cannot read the trace file\n")
        let chrome = try run(["trace", "report", "t.jsonl", "--source", ".", "--format", "chrome"])
        XCTAssertEqual(chrome.status, 2)
        XCTAssertEqual(chrome.stderr, "combinelint trace: --source works with --format text or json, not chrome\n")
        let noValue = try run(["trace", "report", "t.jsonl", "--source"])
        XCTAssertEqual(noValue.status, 2)
        XCTAssertEqual(noValue.stderr, "combinelint trace: option --source needs a value\nRun 'combinelint trace --help' for usage.\n")
    }
}

/// The README's join examples are real output.
extension ReadmeExamplesTests {
    func testLintWithTraceExample() throws {
        XCTAssertEqual(try output(["samples/TraceDemo", "--trace", "samples/traces/feed-demo.jsonl"]),
                       try block(after: "swift run combinelint samples/TraceDemo --trace", fence: "```text"))
    }

    /// The README's loop on `samples/InstrumentDemo`: the kept trace of its instrumented run,
    /// reported with `--source`, says what the README shows, every problem explained.
    func testInstrumentLoopExample() throws {
        let actual = try checkTraceReportExample(trace: "samples/traces/settings-demo.jsonl", source: "samples/InstrumentDemo",
                                                 marker: "its `--source` part says")
        XCTAssertFalse(actual.contains("no rule explains it"))
    }

    func testTraceReportWithSourceExample() throws {
        _ = try checkTraceReportExample(trace: "samples/traces/feed-demo.jsonl", source: "samples/TraceDemo",
                                        marker: "--source samples/TraceDemo` prints")
    }

    /// Runs `trace report TRACE --source SOURCE` from the package root and checks that the README
    /// block after `marker` (pieces around `...` lines) is in its output, the last piece at its end.
    private func checkTraceReportExample(trace: String, source: String, marker: String) throws -> String {
        let process = Process()
        process.executableURL = CLITests.executable
        process.arguments = ["trace", "report", trace, "--source", source]
        process.currentDirectoryURL = SamplesEndToEndTests.packageRoot
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let actual = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let shown = try block(after: marker, fence: "```text")
        let pieces = shown.components(separatedBy: "...\n")
        XCTAssertEqual(pieces.count, 2)
        for piece in pieces { XCTAssertTrue(actual.contains(piece), piece) }
        XCTAssertTrue(actual.hasSuffix(pieces[1]))
        return actual
    }
}
