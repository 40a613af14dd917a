@testable import CombineLintKit
import Foundation
import XCTest

final class SARIFReporterTests: XCTestCase {
    /// The prose of `rules/discarded_cancellable.md` as a JSON string: the rule's help.
    static let discardedHelp = JSONText.quoted(RuleDocuments.prose(for: "discarded_cancellable") ?? "")

    func testReportOfThreeFindings() {
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
                      "id": "assign_retain_cycle",
                      "name": "Assign retain cycle",
                      "shortDescription": {
                        "text": "Assign retain cycle"
                      },
                      "fullDescription": {
                        "text": "assign(to:on: self) keeps self alive."
                      },
                      "defaultConfiguration": {
                        "level": "error"
                      }
                    },
                    {
                      "id": "discarded_cancellable",
                      "name": "Discarded cancellable",
                      "shortDescription": {
                        "text": "Discarded cancellable"
                      },
                      "fullDescription": {
                        "text": "A subscription whose AnyCancellable is not kept."
                      },
                      "help": {
                        "text": \#(Self.discardedHelp),
                        "markdown": \#(Self.discardedHelp)
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
                  "ruleId": "discarded_cancellable",
                  "ruleIndex": 1,
                  "level": "warning",
                  "message": {
                    "text": "Result of `assign` is unused."
                  },
                  "locations": [
                    {
                      "physicalLocation": {
                        "artifactLocation": {
                          "uri": "file:///elsewhere/Shared.swift"
                        },
                        "region": {
                          "startLine": 12,
                          "startColumn": 1,
                          "endLine": 12,
                          "endColumn": 20
                        }
                      }
                    }
                  ],
                  "partialFingerprints": {
                    "combinelintLineHash/v1": "7867d85715f7aa61:1"
                  }
                },
                {
                  "ruleId": "discarded_cancellable",
                  "ruleIndex": 1,
                  "level": "warning",
                  "message": {
                    "text": "The AnyCancellable returned by `sink` is discarded, so the subscription ends at once."
                  },
                  "locations": [
                    {
                      "physicalLocation": {
                        "artifactLocation": {
                          "uri": "Sources/App/Feed.swift",
                          "uriBaseId": "%SRCROOT%"
                        },
                        "region": {
                          "startLine": 3,
                          "startColumn": 9,
                          "endLine": 3,
                          "endColumn": 36
                        }
                      }
                    }
                  ],
                  "partialFingerprints": {
                    "combinelintLineHash/v1": "b526631cf6720d04:1"
                  },
                  "fixes": [
                    {
                      "description": {
                        "text": "Store the cancellable"
                      },
                      "artifactChanges": [
                        {
                          "artifactLocation": {
                            "uri": "Sources/App/Feed.swift",
                            "uriBaseId": "%SRCROOT%"
                          },
                          "replacements": [
                            {
                              "deletedRegion": {
                                "startLine": 3,
                                "startColumn": 36,
                                "endLine": 3,
                                "endColumn": 36
                              },
                              "insertedContent": {
                                "text": "\n        .store(in: &cancellables)"
                              }
                            }
                          ]
                        }
                      ]
                    }
                  ]
                },
                {
                  "ruleId": "assign_retain_cycle",
                  "ruleIndex": 0,
                  "level": "error",
                  "message": {
                    "text": "100% sure: a, \"b\" <c> | d\nnext — ünï 日本"
                  },
                  "locations": [
                    {
                      "physicalLocation": {
                        "artifactLocation": {
                          "uri": "Sources/App/Feed.swift",
                          "uriBaseId": "%SRCROOT%"
                        },
                        "region": {
                          "startLine": 7,
                          "startColumn": 5,
                          "endLine": 7,
                          "endColumn": 40
                        }
                      }
                    }
                  ],
                  "partialFingerprints": {
                    "combinelintLineHash/v1": "432f96658034f7bb:1"
                  }
                }
              ]
            }
          ]
        }
        """# + "\n"
        XCTAssertEqual(SARIFReporter().report(ReporterFixtures.result()), expected)
    }

    func testReportOfNoFindings() {
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
                      "id": "assign_retain_cycle",
                      "name": "Assign retain cycle",
                      "shortDescription": {
                        "text": "Assign retain cycle"
                      },
                      "fullDescription": {
                        "text": "assign(to:on: self) keeps self alive."
                      },
                      "defaultConfiguration": {
                        "level": "error"
                      }
                    },
                    {
                      "id": "discarded_cancellable",
                      "name": "Discarded cancellable",
                      "shortDescription": {
                        "text": "Discarded cancellable"
                      },
                      "fullDescription": {
                        "text": "A subscription whose AnyCancellable is not kept."
                      },
                      "help": {
                        "text": \#(Self.discardedHelp),
                        "markdown": \#(Self.discardedHelp)
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
              "results": []
            }
          ]
        }
        """# + "\n"
        XCTAssertEqual(SARIFReporter().report(ReporterFixtures.empty), expected)
    }

    func testOutputParsesAsJSONWithConsistentRuleIndexes() throws {
        let text = SARIFReporter().report(ReporterFixtures.result())
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        XCTAssertEqual(object["version"] as? String, "2.1.0")
        let run = try XCTUnwrap((object["runs"] as? [[String: Any]])?.first)
        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.count, 3)
        for result in results {
            let index = try XCTUnwrap(result["ruleIndex"] as? Int)
            XCTAssertEqual(rules[index]["id"] as? String, result["ruleId"] as? String)
        }
        let message = (results[2]["message"] as? [String: Any])?["text"] as? String
        XCTAssertEqual(message, ReporterFixtures.specialMessage)
    }

    func testRuleIdWithoutDescriptionGetsAnUndocumentedEntry() throws {
        let ioError = Finding(ruleID: "io_error", severity: .error, message: "cannot read", file: "/work/proj/x.swift",
                              line: 1, column: 1, endLine: 1, endColumn: 1, offset: 0, length: 0)
        let result = LintResult(findings: [ioError], fileCount: 1, lineCount: 0, rules: ReporterFixtures.rules,
                                rootDirectory: ReporterFixtures.root)
        let rules = SARIFReporter.ruleTable(result.rules, findings: result.findings)
        XCTAssertEqual(rules.map(\.id), ["assign_retain_cycle", "discarded_cancellable", "io_error"])
        XCTAssertEqual(rules[2].level, .error)
        let text = SARIFReporter().report(result)
        XCTAssertTrue(text.contains("\"ruleIndex\": 2"))
        XCTAssertFalse(text.contains("helpUri"))
    }

    func testFingerprintsAreStableAcrossRuns() {
        let first = FindingFingerprints.compute(for: ReporterFixtures.result().sortedFindingsForTests,
                                               in: ReporterFixtures.result())
        XCTAssertEqual(SARIFReporter().report(ReporterFixtures.result()),
                       SARIFReporter().report(ReporterFixtures.result()))
        XCTAssertEqual(first, ["7867d85715f7aa61:1", "b526631cf6720d04:1", "432f96658034f7bb:1"])
    }

    func testFingerprintFollowsLineTextNotPosition() {
        let base = ReporterFixtures.result()
        let original = FindingFingerprints.compute(for: base.sortedFindingsForTests, in: base)

        // Changed text on the finding's line: a new fingerprint for that finding only.
        var edited = ReporterFixtures.sourceLines
        edited["/work/proj/Sources/App/Feed.swift"]?[3] = "        otherPublisher.sink { _ in }"
        let changed = FindingFingerprints.compute(for: base.sortedFindingsForTests,
                                                 in: ReporterFixtures.result(sourceLines: edited))
        XCTAssertNotEqual(changed[1], original[1])
        XCTAssertEqual(changed[0], original[0])
        XCTAssertEqual(changed[2], original[2])

        // Re-indented line, and the finding moved down two lines: the same fingerprint.
        var moved = ReporterFixtures.fixFinding
        moved.line = 5
        var reindented = ReporterFixtures.sourceLines
        reindented["/work/proj/Sources/App/Feed.swift"]?[5] = "\tpublisher.sink  { _ in }  "
        let movedResult = LintResult(findings: [moved], fileCount: 1, lineCount: 9, rules: [],
                                     rootDirectory: ReporterFixtures.root, sourceLines: reindented)
        XCTAssertEqual(FindingFingerprints.compute(for: [moved], in: movedResult), [original[1]])
    }

    func testIdenticalLinesGetIncreasingOccurrences() {
        var second = ReporterFixtures.fixFinding
        second.line = 9
        var lines = ReporterFixtures.sourceLines
        lines["/work/proj/Sources/App/Feed.swift"]?[9] = "        publisher.sink { _ in }"
        let result = LintResult(findings: [ReporterFixtures.fixFinding, second], fileCount: 1, lineCount: 9, rules: [],
                                rootDirectory: ReporterFixtures.root, sourceLines: lines)
        let prints = FindingFingerprints.compute(for: result.findings, in: result)
        XCTAssertEqual(prints, ["b526631cf6720d04:1", "b526631cf6720d04:2"])
    }

    func testFingerprintFallsBackToMessageWithoutLineText() {
        let withLines = ReporterFixtures.result()
        let without = ReporterFixtures.result(sourceLines: [:])
        let a = FindingFingerprints.compute(for: withLines.sortedFindingsForTests, in: withLines)
        let b = FindingFingerprints.compute(for: without.sortedFindingsForTests, in: without)
        XCTAssertNotEqual(a[1], b[1])
        XCTAssertEqual(b, FindingFingerprints.compute(for: without.sortedFindingsForTests, in: without))
        var otherMessage = ReporterFixtures.fixFinding
        otherMessage.message = "something else"
        XCTAssertNotEqual(FindingFingerprints.compute(for: [otherMessage], in: without), [b[1]])
    }

    func testPathsArePercentEncodedURIs() {
        var finding = ReporterFixtures.outsideFinding
        finding.file = "/work/my proj/Sources/Ä#.swift"
        let result = LintResult(findings: [finding], fileCount: 1, lineCount: 1, rules: [], rootDirectory: "/work/my proj")
        let text = SARIFReporter().report(result)
        XCTAssertTrue(text.contains(#""uri": "file:///work/my%20proj/""#))
        XCTAssertTrue(text.contains(#""uri": "Sources/%C3%84%23.swift""#))
    }
}
