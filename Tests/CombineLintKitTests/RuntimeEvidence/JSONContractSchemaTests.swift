@testable import CombineLintKit
import XCTest

/// The `json` reporter's output against its schema (Tests/Fixtures/Schemas/combinelint-json-v1.schema.json),
/// with and without runtime evidence: every field the reporter writes is in the contract.
final class JSONContractSchemaTests: XCTestCase {
    static let validator: JSONSchemaValidator? = {
        let url = packageRoot.appendingPathComponent("Tests/Fixtures/Schemas/combinelint-json-v1.schema.json")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
        return try? JSONSchemaValidator(schemaText: text)
    }()

    func errors(_ document: String) throws -> [String] {
        try XCTUnwrap(Self.validator, "the JSON schema fixture is missing or unreadable").errors(in: document)
    }

    func testReportsAreValid() throws {
        for (name, result) in [("three", ReporterFixtures.result()), ("empty", ReporterFixtures.empty),
                               ("help", ReporterFixtures.helpResult), ("traced", RuntimeReporterTests.tracedResult()),
                               ("untraced", RuntimeReporterTests.untracedResult())] {
            XCTAssertEqual(try errors(JSONReporter().report(result)), [], name)
        }
    }

    func testTheSchemaRejectsAnUndocumentedField() throws {
        let valid = JSONReporter().report(RuntimeReporterTests.tracedResult())
        let renamed = valid.replacingOccurrences(of: "\"confirmedFindings\"", with: "\"confirmedCount\"")
        XCTAssertEqual(try errors(renamed), ["/runtime: required property confirmedFindings is missing",
                                             "/runtime: property confirmedCount is not allowed"])
        let badConfirmed = valid.replacingOccurrences(of: "\"confirmed\": true", with: "\"confirmed\": 1")
        XCTAssertFalse(try errors(badConfirmed).isEmpty)
    }
}
