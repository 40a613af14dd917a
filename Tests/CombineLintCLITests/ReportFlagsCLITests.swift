import Foundation
import XCTest

/// The command line of the reporters' features: `--reporter full`, `--statistics`,
/// `rules --format json`.
extension CLITests {
    static let discardedSource = "import Combine\nfunc f(p: AnyPublisher<Int, Never>) {\n\tp.sink { _ in }\n}\n"
    static let discardedMessage = "The AnyCancellable returned by `sink` is thrown away, so the subscription is cancelled at once."
    static let discardedHelp = "Keep it with `.store(in: &cancellables)` or in a property owned by whoever needs the values."

    func testFullReporterQuotesTheSourceAndStatisticsFollow() throws {
        try write("A.swift", Self.discardedSource)
        let result = try run(["A.swift", "--reporter", "full", "--statistics", "--quiet"])
        XCTAssertEqual(result.status, 1)
        let expected = "error[discarded_cancellable]: \(Self.discardedMessage)\n"
            + " --> A.swift:3:4\n"
            + "  |\n"
            + "3 | \tp.sink { _ in }\n"
            + "  | \t  ^^^^^^^^^^^^^\n"
            + "  |\n"
            + "  = help: \(Self.discardedHelp)\n"
            + "\n"
            + "Findings by rule:\n"
            + "  1  discarded_cancellable\n"
        XCTAssertEqual(result.stdout, expected)
    }

    func testXcodeStatisticsFollowTheFindings() throws {
        try write("A.swift", Self.discardedSource)
        let result = try run(["A.swift", "--statistics", "--quiet"])
        XCTAssertEqual(result.stdout, "A.swift:3:4: error: \(Self.discardedMessage) [discarded_cancellable]\n"
                       + "A.swift:3:4: note: \(Self.discardedHelp)\n"
                       + "\nFindings by rule:\n  1  discarded_cancellable\n")
    }

    func testStatisticsRefuseStructuredReporters() throws {
        let result = try run(["--reporter", "json", "--statistics"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "error: --statistics works with the text reporters (full, xcode), not 'json'\n")
    }

    func testSARIFFromTheCommandLineHashesLineTextAndCountsUTF16Columns() throws {
        try write("A.swift", "import Combine\nfunc f(p: AnyPublisher<Int, Never>) {\n\tlet 😀 = 1; p.sink { _ in }\n}\n")
        let result = try run(["A.swift", "--reporter", "sarif", "--quiet"])
        // `sink` is character column 15 and UTF-16 column 16 (the emoji is two code units).
        XCTAssertTrue(result.stdout.contains("\"startColumn\": 16,"), result.stdout)
        XCTAssertTrue(result.stdout.contains("\"columnKind\": \"utf16CodeUnits\""))
        let json = try run(["A.swift", "--reporter", "json", "--quiet"])
        XCTAssertTrue(json.stdout.contains("\"column\": 15,"), json.stdout)
    }

    func testRulesAsJSON() throws {
        let result = try run(["rules", "--format", "json"])
        XCTAssertEqual(result.status, 0)
        let expectedStart = """
        {
          "version": 1,
          "rules": [
            {
              "id": "assign_to_self",
              "name": "Assign to self",
              "severity": "warning",
              "enabledByDefault": true,
              "summary": "`assign(to:on: self)` retains `self`; with the cancellable kept by `self`, neither is freed until the publisher completes.",
              "documented": true,
              "options": []
            },
        """
        XCTAssertTrue(result.stdout.hasPrefix(expectedStart), result.stdout)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let rules = try XCTUnwrap(object["rules"] as? [[String: Any]])
        let table = try run(["rules"])
        XCTAssertEqual(rules.count, table.stdout.split(separator: "\n").count - 1, "one entry per row of the table")
        let superfluous = try XCTUnwrap(rules.first { $0["id"] as? String == "superfluous_directive" })
        XCTAssertEqual(superfluous["enabledByDefault"] as? Bool, false)
        XCTAssertEqual(superfluous["documented"] as? Bool, false)
        XCTAssertEqual(try run(["rules", "--format=json"]).stdout, result.stdout)
        XCTAssertEqual(try run(["rules", "--format", "yaml"]).stderr, "error: unknown rules format 'yaml' (expected table or json)\n")
    }
}
