@testable import CombineLintKit
import Foundation
import XCTest

/// A finding's `help` and `related` locations, through every reporter and through Codable.
final class HelpAndRelatedTests: XCTestCase {
    func testJSONHasHelpAndRelatedFields() {
        let expected = #"""
        {
          "version": 1,
          "findings": [
            {
              "rule": "send_after_completion",
              "severity": "warning",
              "message": "`events` was already completed, so this value is dropped.",
              "help": "Send the values before completing the subject.",
              "file": "Sources/App/Store.swift",
              "line": 6,
              "column": 22,
              "endLine": 6,
              "endColumn": 29,
              "offset": 140,
              "length": 7,
              "related": [
                {
                  "file": "Sources/App/Store.swift",
                  "line": 4,
                  "column": 12,
                  "endLine": 4,
                  "endColumn": 39,
                  "message": "`events` is completed here"
                }
              ]
            }
          ],
          "summary": {
            "files": 1,
            "lines": 8,
            "findings": 1,
            "errors": 0,
            "warnings": 1
          }
        }
        """# + "\n"
        assertExactText(JSONReporter().report(ReporterFixtures.helpResult), expected, "json-help")
    }

    func testJSONOfFindingsWithoutHelpHasNoNewFields() {
        let text = JSONReporter().report(ReporterFixtures.result())
        XCTAssertFalse(text.contains("\"help\""))
        XCTAssertFalse(text.contains("\"related\""))
    }

    func testXcodeAddsNoteLines() {
        let expected = """
        Sources/App/Store.swift:6:22: warning: `events` was already completed, so this value is dropped. [send_after_completion]
        Sources/App/Store.swift:6:22: note: Send the values before completing the subject.
        Sources/App/Store.swift:4:12: note: `events` is completed here

        """
        assertExactText(XcodeReporter().report(ReporterFixtures.helpResult), expected, "xcode-help")
    }

    func testSARIFPutsHelpInTheMessageAndRelatedLocationsWithUTF16Columns() {
        let expected = #"""
        {
          "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
          "version": "2.1.0",
          "runs": [
            {
              "tool": {
                "driver": {
                  "name": "combinelint",
                  "semanticVersion": "0.1.0",
                  "rules": [
                    {
                      "id": "send_after_completion",
                      "name": "send_after_completion",
                      "shortDescription": {
                        "text": "send_after_completion"
                      },
                      "fullDescription": {
                        "text": "send_after_completion"
                      },
                      "defaultConfiguration": {
                        "level": "warning"
                      }
                    }
                  ]
                }
              },
              "originalUriBaseIds": {
                "%SRCROOT%": {
                  "uri": "file:///work/proj/"
                }
              },
              "columnKind": "utf16CodeUnits",
              "results": [
                {
                  "ruleId": "send_after_completion",
                  "ruleIndex": 0,
                  "level": "warning",
                  "message": {
                    "text": "`events` was already completed, so this value is dropped.\n\nhelp: Send the values before completing the subject.",
                    "markdown": "`events` was already completed, so this value is dropped.\n\n**help:** Send the values before completing the subject."
                  },
                  "locations": [
                    {
                      "physicalLocation": {
                        "artifactLocation": {
                          "uri": "Sources/App/Store.swift",
                          "uriBaseId": "%SRCROOT%"
                        },
                        "region": {
                          "startLine": 6,
                          "startColumn": 23,
                          "endLine": 6,
                          "endColumn": 30
                        }
                      }
                    }
                  ],
                  "relatedLocations": [
                    {
                      "id": 0,
                      "physicalLocation": {
                        "artifactLocation": {
                          "uri": "Sources/App/Store.swift",
                          "uriBaseId": "%SRCROOT%"
                        },
                        "region": {
                          "startLine": 4,
                          "startColumn": 12,
                          "endLine": 4,
                          "endColumn": 39
                        }
                      },
                      "message": {
                        "text": "`events` is completed here"
                      }
                    }
                  ],
                  "partialFingerprints": {
                    "combinelintLineHash/v1": "\#(Self.helpFingerprint)"
                  }
                }
              ]
            }
          ]
        }
        """# + "\n"
        assertExactText(SARIFReporter().report(ReporterFixtures.helpResult), expected, "sarif-help")
    }

    static var helpFingerprint: String {
        FindingFingerprints.compute(for: [ReporterFixtures.helpFinding], in: ReporterFixtures.helpResult)[0]
    }

    func testOneTextFormatsAppendTheHelp() {
        let result = ReporterFixtures.helpResult
        XCTAssertEqual(GitHubReporter().report(result),
                       "::warning file=Sources/App/Store.swift,line=6,col=22,endLine=6,endColumn=29,title=send_after_completion::"
                       + "`events` was already completed, so this value is dropped.%0Ahelp: Send the values before completing the subject.\n")
        XCTAssertTrue(MarkdownReporter().report(result).hasSuffix(
            "| `events` was already completed, so this value is dropped.<br>help: Send the values before completing the subject. |\n"))
        XCTAssertTrue(CheckstyleReporter().report(result).contains(
            #"message="`events` was already completed, so this value is dropped.&#10;help: Send the values before completing the subject.""#))
    }

    func testCodableKeepsOldFindingsAsTheyWere() throws {
        // A finding encoded before help and related existed decodes, and encodes back the same.
        let old = #"{"column":9,"endColumn":36,"endLine":3,"file":"a.swift","length":27,"line":3,"message":"m","offset":52,"ruleID":"r","severity":"warning"}"#
        let decoded = try JSONDecoder().decode(Finding.self, from: Data(old.utf8))
        XCTAssertNil(decoded.help)
        XCTAssertEqual(decoded.related, [])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        XCTAssertEqual(String(decoding: try encoder.encode(decoded), as: UTF8.self), old)

        let roundTrip = try JSONDecoder().decode(Finding.self, from: try encoder.encode(ReporterFixtures.helpFinding))
        XCTAssertEqual(roundTrip, ReporterFixtures.helpFinding)
    }

    func testBaselineEntriesIgnoreHelpAndRelated() {
        var bare = ReporterFixtures.helpFinding
        bare.help = nil
        bare.related = []
        let line: (Finding) -> String = { _ in "    log(\"😀\"); events.send(1)" }
        XCTAssertEqual(Baseline(findings: [ReporterFixtures.helpFinding], lineText: line, relativePath: { $0 }),
                       Baseline(findings: [bare], lineText: line, relativePath: { $0 }))
    }
}
