import CombineTraceCore
import Foundation
import XCTest

final class TraceReportOptionsTests: XCTestCase {
    func testParsesFormatOutputAndFailOn() throws {
        let options = try TraceReportOptions.parse(["report", "t.jsonl", "--format", "json", "-o", "out.json",
                                                    "--fail-on", "leaked, after-cancel,leaked", "--fail-on=unreleased"])
        XCTAssertEqual(options.input, "t.jsonl")
        XCTAssertEqual(options.format, .json)
        XCTAssertEqual(options.output, "out.json")
        XCTAssertEqual(options.failOn, [.leaked, .afterCancel, .unreleased])
        XCTAssertFalse(options.wantsHelp)
        XCTAssertEqual(try TraceReportOptions.parse(["report", "--format=chrome", "t.jsonl"]).format, .chrome)
    }

    func testHelp() throws {
        XCTAssertTrue(try TraceReportOptions.parse(["--help"]).wantsHelp)
        XCTAssertTrue(try TraceReportOptions.parse(["report", "-h"]).wantsHelp)
        XCTAssertTrue(try TraceReportOptions.parse(["help"]).wantsHelp)
    }

    func testUsageErrors() {
        let cases: [([String], String)] = [
            ([], "missing subcommand: expected 'combinelint trace report TRACE.jsonl'"),
            (["show", "t"], "unknown trace subcommand 'show': expected 'report'"),
            (["report"], "missing trace file: combinelint trace report TRACE.jsonl"),
            (["report", "a", "b"], "expected one trace file, got 2"),
            (["report", "t", "--format", "pdf"], "unknown format 'pdf': expected one of text, json, chrome, html"),
            (["report", "t", "--format"], "option --format needs a value"),
            (["report", "t", "--fail-on", "leaks"], "unknown section 'leaks' in --fail-on: expected leaked, discarded, accumulating, after-cancel, unreleased, protocol-violations"),
            (["report", "t", "--verbose"], "unknown option '--verbose'"),
        ]
        for (arguments, message) in cases {
            XCTAssertThrowsError(try TraceReportOptions.parse(arguments), "\(arguments)") { error in
                XCTAssertEqual((error as? TraceUsageError)?.message, message)
            }
        }
    }
}

final class TraceReportCommandTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("combinetrace-cmd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        var out = "", err = ""
        let code = TraceReportCommand.run(arguments, standardOutput: { out += $0 }, standardError: { err += $0 })
        return (code, out, err)
    }

    private func write(_ name: String, _ text: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testTextReportToStandardOutput() throws {
        let path = try write("feed.jsonl", TraceFixtures.feed.text)
        let result = run(["report", path])
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.err, "")
        XCTAssertEqual(result.out, TextReport.render(TraceAnalysis().analyze(TraceFixtures.feed.events), source: path))
    }

    func testFailOnExitsOneOnlyForNonEmptySections() throws {
        let path = try write("feed.jsonl", TraceFixtures.feed.text)
        let failing = run(["report", path, "--format", "json", "--fail-on", "leaked,unreleased"])
        XCTAssertEqual(failing.code, 1)
        XCTAssertEqual(failing.err, "combinelint trace: failing sections: leaked, unreleased\n")
        XCTAssertTrue(failing.out.hasPrefix("{\n  \"version\": 1,"))

        var clean = TraceBuilder()
        clean.add(1, .subscribe(sub: 1, label: "a", site: "A.swift:1"))
        clean.add(2, .value(sub: 1, description: nil))
        clean.add(3, .finished(sub: 1))
        let cleanPath = try write("clean.jsonl", clean.text)
        XCTAssertEqual(run(["report", cleanPath, "--fail-on", "leaked,discarded,accumulating,after-cancel,unreleased"]).code, 0)
    }

    func testOutputFileAndFormats() throws {
        let path = try write("feed.jsonl", TraceFixtures.feed.text)
        for format in TraceReportFormat.allCases {
            let output = directory.appendingPathComponent("out.\(format.rawValue)").path
            let result = run(["report", path, "--format", format.rawValue, "--output", output])
            XCTAssertEqual(result.code, 0, format.rawValue)
            XCTAssertEqual(result.out, "", format.rawValue)
            let written = try String(contentsOfFile: output, encoding: .utf8)
            switch format {
            case .text: XCTAssertTrue(written.hasPrefix("Trace \(path): 41 events"))
            case .json: XCTAssertTrue(written.contains("\"afterCancel\": ["))
            case .chrome: XCTAssertTrue(written.hasPrefix("{\"traceEvents\":["))
            case .html: XCTAssertTrue(written.hasPrefix("<!DOCTYPE html>"))
            }
        }
    }

    func testMalformedLinesAreReportedAndTheRestAnalysed() throws {
        let lines = TraceFixtures.feed.text.split(separator: "\n").map(String.init)
        let broken = ([lines[0], "{\"v\":1,"] + lines[1...] + ["{\"v\":1,\"seq\":99,\"t\":1"]).joined(separator: "\n")
        let path = try write("broken.jsonl", broken)
        let result = run(["report", path, "--format", "json"])
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.err, """
        \(path):2: warning: skipped trace line: malformed JSON at column 8: expected a field name, found end of line
        \(path):43: warning: skipped trace line: malformed JSON at column 22: expected '}', found end of line

        """)
        XCTAssertTrue(result.out.contains("\"subs\": [1, 3, 5]"))
        XCTAssertTrue(result.out.contains("\"line\": 43"))
    }

    func testMissingFileAndUsageErrorsExitTwo() throws {
        let missing = run(["report", directory.appendingPathComponent("none.jsonl").path])
        XCTAssertEqual(missing.code, 2)
        XCTAssertEqual(missing.err, "combinelint trace: \(directory.appendingPathComponent("none.jsonl").path): cannot read the trace file\n")
        let usage = run(["report"])
        XCTAssertEqual(usage.code, 2)
        XCTAssertEqual(usage.err, "combinelint trace: missing trace file: combinelint trace report TRACE.jsonl\nRun 'combinelint trace --help' for usage.\n")
        let input = try write("t.jsonl", TraceFixtures.feed.text)
        let unwritable = run(["report", input, "--output", "/nonexistent-dir/x/out.txt"])
        XCTAssertEqual(unwritable.code, 2)
        XCTAssertTrue(unwritable.err.hasPrefix("combinelint trace: /nonexistent-dir/x/out.txt: cannot write the report"), unwritable.err)
    }

    func testHelpPrintsUsage() {
        let result = run(["--help"])
        XCTAssertEqual(result.code, 0)
        XCTAssertTrue(result.out.hasPrefix("USAGE: combinelint trace report TRACE.jsonl [--format text|json|chrome|html] [--output FILE]"))
        XCTAssertTrue(result.out.contains("after-cancel"))
    }
}

/// Broken input gets an error, never a pass, a crash or a partial report.
final class TraceReportRobustnessTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("combinetrace-robust-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    private func run(_ arguments: [String]) -> (code: Int32, out: String, err: String) {
        var out = "", err = ""
        let code = TraceReportCommand.run(arguments, standardOutput: { out += $0 }, standardError: { err += $0 })
        return (code, out, err)
    }

    private func write(_ name: String, _ text: String) throws -> String {
        let path = directory.appendingPathComponent(name).path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testAFileWithoutAValidEventIsAnErrorEvenWithFailOn() throws {
        let broken = try write("broken.jsonl", "not json\n{\"v\":1}\n")
        let result = run(["report", broken, "--fail-on", "leaked"])
        XCTAssertEqual(result.code, 2)
        XCTAssertEqual(result.out, "")
        XCTAssertEqual(result.err, """
        \(broken):1: warning: skipped trace line: malformed JSON at column 1: expected '{'
        \(broken):2: warning: skipped trace line: missing field "seq"
        combinelint trace: \(broken): no valid trace event (2 lines skipped)

        """)
        let empty = try write("empty.jsonl", "")
        XCTAssertEqual(run(["report", empty]).err, "combinelint trace: \(empty): no valid trace event (the file is empty)\n")
        XCTAssertEqual(run(["report", empty]).code, 2)
    }

    func testALineNested100000DeepIsReportedAndSkipped() throws {
        let deep = #"{"v":1,"seq":1,"t":1,"ev":"mark","thread":"main","name":"x","future":"# + String(repeating: "[", count: 100_000)
            + String(repeating: "]", count: 100_000) + "}"
        let good = #"{"v":1,"seq":2,"t":2,"ev":"mark","thread":"main","name":"y"}"#
        let path = try write("deep.jsonl", deep + "\n" + good + "\n")
        let result = run(["report", path, "--format", "json"])
        XCTAssertEqual(result.code, 0)
        XCTAssertEqual(result.err, "\(path):1: warning: skipped trace line: malformed JSON at column 169: nested deeper than 100 levels\n")
        XCTAssertTrue(result.out.contains("\"marks\": 1"), result.out)
        // Deep but within the limit: accepted, the nested value skipped.
        let fine = #"{"v":1,"seq":1,"t":1,"ev":"mark","thread":"main","name":"x","future":"# + String(repeating: "[{\"a\":", count: 49)
            + "1" + String(repeating: "}]", count: 49) + "}"
        XCTAssertEqual(TraceReader.parse(fine).problems, [])
        XCTAssertEqual(TraceReader.parse(fine).events.count, 1)
    }

    func testACancelTimestampedBeforeItsSubscribeIsReportedWithoutOverflow() throws {
        var b = TraceBuilder()
        b.add(5_000, .subscribe(sub: 1, label: "skewed", site: "A.swift:1", downstream: TraceDownstream(.sink)))
        b.add(1_000, .cancel(sub: 1))
        let path = try write("skewed.jsonl", b.text)
        let report = TraceAnalysis().analyze(b.events)
        XCTAssertEqual(report.protocolViolations, [
            ProtocolViolationGroup(site: "A.swift:1", label: "skewed", kind: .endBeforeSubscribe, subs: [1], count: 1),
        ])
        XCTAssertEqual(report.discarded, [])
        XCTAssertEqual(report.sites.first?.longestLifetime, 0)
        for format in TraceReportFormat.allCases {
            let result = run(["report", path, "--format", format.rawValue])
            XCTAssertEqual(result.code, 0, format.rawValue)
            XCTAssertFalse(result.out.contains("18446744"), format.rawValue)
        }
        XCTAssertTrue(run(["report", path]).out.contains("A.swift:1  \"skewed\"  ended before it was subscribed (timestamps): 1  #1"))
        XCTAssertEqual(run(["report", path, "--fail-on", "protocol-violations"]).code, 1)
    }

    func testOutputReplacesTheFileWholeAndLeavesNoTemporaryFile() throws {
        let input = try write("t.jsonl", TraceFixtures.feed.text)
        let output = directory.appendingPathComponent("report.txt").path
        try "old report, much longer than the new one would be if it were only partly overwritten\n"
            .write(toFile: output, atomically: true, encoding: .utf8)
        XCTAssertEqual(run(["report", input, "--output", output]).code, 0)
        XCTAssertEqual(try String(contentsOfFile: output, encoding: .utf8),
                       TextReport.render(TraceAnalysis().analyze(TraceFixtures.feed.events), source: input))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(), ["report.txt", "t.jsonl"])
    }

    func testAFileLargerThanOneChunkReadsLikeTheSameText() throws {
        var b = TraceBuilder()
        b.add(1, .subscribe(sub: 1, label: "many", site: "A.swift:1"))
        b.add(2, .request(sub: 1, demand: .unlimited))
        for index in 0..<40_000 { b.add(UInt64(3 + index), .value(sub: 1, description: "value number \(index) with some text")) }
        let text = b.text
        XCTAssertGreaterThan(text.utf8.count, 2 * TraceReader.chunkSize)
        let path = try write("big.jsonl", text)
        XCTAssertEqual(try TraceReader.read(path: path), TraceReader.parse(text))
        XCTAssertEqual(try TraceReader.read(path: path).events.count, 40_002)
    }
}
