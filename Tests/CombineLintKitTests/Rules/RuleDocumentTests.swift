import XCTest
@testable import CombineLintKit

/// Every rule's document is its specification: each triggering example must give exactly the
/// marked findings (and its corrected form after fixes), each non-triggering example none, and
/// each triggering example wrapped in a comment or a string literal none.
final class RuleDocumentTests: XCTestCase {
    func testEveryRuleHasADocumentAndEveryDocumentARule() throws {
        let documented = Set(try RuleDocument.all().map(\.id))
        let registered = Set(RuleRegistry.all.map { $0.description.id })
        XCTAssertEqual(documented, registered)
    }

    func testDocumentsHaveEnoughExamplesAndSections() throws {
        for document in try RuleDocument.all() {
            XCTAssertTrue(document.title.hasPrefix("# \(document.id)"), "\(document.id): title must be the id")
            XCTAssertGreaterThanOrEqual(document.triggering.count, 8, "\(document.id): at least 8 triggering examples")
            XCTAssertGreaterThanOrEqual(document.nonTriggering.count, 12, "\(document.id): at least 12 non-triggering examples")
            XCTAssertTrue(document.sections.contains { $0.hasPrefix("why") }, "\(document.id): a 'Why' section")
            XCTAssertTrue(document.sections.contains { $0.hasPrefix("how to fix") }, "\(document.id): a 'How to fix' section")
            for example in document.triggering {
                XCTAssertFalse(example.markers.isEmpty, "\(document.id).md:\(example.documentLine): triggering example without ↓")
            }
        }
    }

    func testTriggeringExamplesGiveExactlyTheMarkedFindings() throws {
        for document in try RuleDocument.all() {
            guard let rule = RuleRegistry.rule(id: document.id) else { continue }
            for example in document.triggering {
                let found = findings(of: rule, in: example.files)
                let actual = found.map { "\($0.file):\($0.line):\($0.column)" }
                let expected = example.markers.map { "\(example.files[$0.file].path):\($0.line):\($0.column)" }
                XCTAssertEqual(actual, expected, "rules/\(document.id).md:\(example.documentLine)")
                if let corrected = example.corrected {
                    let edits = found.filter { $0.file == example.files[0].path }.compactMap(\.fix).flatMap(\.edits)
                    XCTAssertEqual(applying(edits, to: example.files[0].text), corrected, "rules/\(document.id).md:\(example.documentLine) corrected")
                }
            }
        }
    }

    func testNonTriggeringExamplesGiveNoFinding() throws {
        for document in try RuleDocument.all() {
            guard let rule = RuleRegistry.rule(id: document.id) else { continue }
            for example in document.nonTriggering {
                let found = findings(of: rule, in: example.files)
                XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column) \($0.message)" }, [], "rules/\(document.id).md:\(example.documentLine)")
            }
        }
    }

    func testTriggeringExamplesInCommentsAndStringsGiveNoFinding() throws {
        for document in try RuleDocument.all() {
            guard let rule = RuleRegistry.rule(id: document.id) else { continue }
            for example in document.triggering {
                let commented = example.files.map { (path: $0.path, text: "/*\n" + $0.text + "*/\n") }
                XCTAssertEqual(findings(of: rule, in: commented).count, 0, "rules/\(document.id).md:\(example.documentLine) in a comment")
                let quoted = example.files.map { (path: $0.path, text: "let text = #\"\"\"\n" + $0.text + "\"\"\"#\n") }
                XCTAssertEqual(findings(of: rule, in: quoted).count, 0, "rules/\(document.id).md:\(example.documentLine) in a string")
                let lineCommented = example.files.map { (path: $0.path, text: $0.text.split(separator: "\n", omittingEmptySubsequences: false).map { "// " + $0 }.joined(separator: "\n")) }
                XCTAssertEqual(findings(of: rule, in: lineCommented).count, 0, "rules/\(document.id).md:\(example.documentLine) in line comments")
            }
        }
    }
}
