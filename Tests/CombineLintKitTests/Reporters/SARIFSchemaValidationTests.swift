@testable import CombineLintKit
import Foundation
import XCTest

/// The SARIF output against the official SARIF 2.1.0 JSON schema kept in
/// Tests/Fixtures/Schemas (source and licence there), with the validator in Support/.
final class SARIFSchemaValidationTests: XCTestCase {
    static let validator: JSONSchemaValidator? = {
        let url = packageRoot.appendingPathComponent("Tests/Fixtures/Schemas/sarif-schema-2.1.0.json")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        return try? JSONSchemaValidator(schemaText: text)
    }()

    func errors(_ document: String) throws -> [String] {
        try XCTUnwrap(Self.validator, "the SARIF schema fixture is missing or unreadable").errors(in: document)
    }

    func testReportsAreValid() throws {
        let ioError = Finding(ruleID: "io_error", severity: .error, message: "cannot read", file: "/work/proj/x.swift",
                              line: 1, column: 1, endLine: 1, endColumn: 1, offset: 0, length: 0)
        let withRules = LintResult(findings: [ReporterFixtures.helpFinding, ioError], fileCount: 2, lineCount: 9,
                                   rules: RuleRegistry.all.map { $0.description }, rootDirectory: ReporterFixtures.root,
                                   sourceLines: ReporterFixtures.helpSourceLines)
        for (name, result) in [("three", ReporterFixtures.result()), ("empty", ReporterFixtures.empty),
                               ("help", ReporterFixtures.helpResult), ("all rules", withRules)] {
            XCTAssertEqual(try errors(SARIFReporter().report(result)), [], name)
        }
    }

    func testTheValidatorRejectsWhatTheSchemaForbids() throws {
        let valid = SARIFReporter().report(ReporterFixtures.result())
        XCTAssertEqual(try errors(valid), [])
        // A column below 1, an unknown property and a missing required one.
        let zeroColumn = valid.replacingOccurrences(of: "\"startColumn\": 9", with: "\"startColumn\": 0")
        XCTAssertEqual(try errors(zeroColumn), ["/runs/0/results/1/locations/0/physicalLocation/region/startColumn: 0.0 is below the minimum 1.0"])
        let unknown = valid.replacingOccurrences(of: "\"columnKind\"", with: "\"columnKinds\"")
        XCTAssertEqual(try errors(unknown), ["/runs/0: property columnKinds is not allowed"])
        let noVersion = valid.replacingOccurrences(of: "\"version\": \"2.1.0\",", with: "")
        XCTAssertEqual(try errors(noVersion), [": required property version is missing"])
        let badLevel = valid.replacingOccurrences(of: "\"level\": \"error\"", with: "\"level\": \"fatal\"")
        XCTAssertTrue(try errors(badLevel).contains { $0.hasSuffix("\"fatal\" is not one of the allowed values") })
    }
}
