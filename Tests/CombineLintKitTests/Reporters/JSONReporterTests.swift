@testable import CombineLintKit
import Foundation
import XCTest

final class JSONReporterTests: XCTestCase {
    func testReportOfThreeFindings() {
        let expected = #"""
        {
          "version": 1,
          "findings": [
            {
              "rule": "discarded_cancellable",
              "severity": "warning",
              "message": "Result of `assign` is unused.",
              "file": "/elsewhere/Shared.swift",
              "line": 12,
              "column": 1,
              "endLine": 12,
              "endColumn": 20,
              "offset": 300,
              "length": 19
            },
            {
              "rule": "discarded_cancellable",
              "severity": "warning",
              "message": "The AnyCancellable returned by `sink` is discarded, so the subscription ends at once.",
              "file": "Sources/App/Feed.swift",
              "line": 3,
              "column": 9,
              "endLine": 3,
              "endColumn": 36,
              "offset": 52,
              "length": 27,
              "fix": {
                "title": "Store the cancellable",
                "edits": [
                  {
                    "offset": 79,
                    "length": 0,
                    "replacement": "\n        .store(in: &cancellables)",
                    "line": 3,
                    "column": 36,
                    "endLine": 3,
                    "endColumn": 36
                  }
                ]
              }
            },
            {
              "rule": "assign_retain_cycle",
              "severity": "error",
              "message": "100% sure: a, \"b\" <c> | d\nnext — ünï 日本",
              "file": "Sources/App/Feed.swift",
              "line": 7,
              "column": 5,
              "endLine": 7,
              "endColumn": 40,
              "offset": 120,
              "length": 35
            }
          ],
          "summary": {
            "files": 3,
            "lines": 120,
            "findings": 3,
            "errors": 1,
            "warnings": 2
          }
        }
        """# + "\n"
        XCTAssertEqual(JSONReporter().report(ReporterFixtures.result()), expected)
    }

    func testReportOfNoFindings() {
        let expected = #"""
        {
          "version": 1,
          "findings": [],
          "summary": {
            "files": 2,
            "lines": 40,
            "findings": 0,
            "errors": 0,
            "warnings": 0
          }
        }
        """# + "\n"
        XCTAssertEqual(JSONReporter().report(ReporterFixtures.empty), expected)
    }

    func testOutputParsesAndRoundTripsSpecialCharacters() throws {
        let text = JSONReporter().report(ReporterFixtures.result())
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let findings = try XCTUnwrap(object["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.map { $0["rule"] as? String },
                       ["discarded_cancellable", "discarded_cancellable", "assign_retain_cycle"])
        XCTAssertEqual(findings[2]["message"] as? String, ReporterFixtures.specialMessage)
        XCTAssertNil(findings[0]["fix"])
        let fix = try XCTUnwrap(findings[1]["fix"] as? [String: Any])
        let edits = try XCTUnwrap(fix["edits"] as? [[String: Any]])
        XCTAssertEqual(edits.first?["replacement"] as? String, "\n        .store(in: &cancellables)")
    }

    func testControlCharactersAreEscapedAsUnicode() throws {
        var finding = ReporterFixtures.outsideFinding
        finding.message = "a\u{01}b\u{1F}c\td\\e\u{2028}"
        let result = LintResult(findings: [finding], fileCount: 1, lineCount: 1, rules: [], rootDirectory: "/")
        let text = JSONReporter().report(result)
        XCTAssertTrue(text.contains(#""message": "a\u0001b\u001fc\td\\e\u2028","#), text)
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        let findings = object?["findings"] as? [[String: Any]]
        XCTAssertEqual(findings?.first?["message"] as? String, finding.message)
    }

    /// Texts with no escape are copied whole; the rest are escaped byte by byte, where U+2028/U+2029
    /// must be told from other scalars whose UTF-8 starts with the same byte (— and → do).
    func testQuotedEscapesOnlyWhatJSONAndJavaScriptNeed() {
        XCTAssertEqual(JSONText.quoted("store(in: &bag)"), #""store(in: &bag)""#)
        XCTAssertEqual(JSONText.quoted("café — 名前 → ok"), "\"café — 名前 → ok\"")
        XCTAssertEqual(JSONText.quoted("say \"hi\"\r\n"), #""say \"hi\"\r\n""#)
        XCTAssertEqual(JSONText.quoted("— a\u{2029}b\u{2028}"), #""— a\u2029b\u2028""#)
        XCTAssertEqual(JSONText.quoted("end —"), "\"end —\"")
        XCTAssertEqual(JSONText.quoted("\u{7F}\u{0}"), "\"\u{7F}\\u0000\"")
        XCTAssertEqual(JSONText.quoted(""), #""""#)
    }
}
