@testable import CombineLintKit
import Foundation
import XCTest

/// The rule documents compiled into the binary (RuleDocuments+Texts.generated.swift) must be
/// exactly `rules/*.md`: after editing a document, run `python3 scripts/generate-rule-docs.py`.
final class EmbeddedRuleDocumentsTests: XCTestCase {
    func testGeneratedFileMatchesTheDocuments() throws {
        let folder = packageRoot.appendingPathComponent("rules")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".md") && $0 != "README.md" }.sorted()
        var onDisk: [String: String] = [:]
        for name in names {
            onDisk[String(name.dropLast(3))] = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        XCTAssertEqual(RuleDocuments.ids, onDisk.keys.sorted(), "run scripts/generate-rule-docs.py")
        for (id, text) in onDisk {
            XCTAssertTrue(RuleDocuments.document(for: id) == text, "\(id): run scripts/generate-rule-docs.py")
        }
    }

    func testEveryRegisteredRuleHasADocument() {
        XCTAssertEqual(RuleRegistry.all.map { $0.description.id }.sorted(), RuleDocuments.ids)
    }

    func testProseStopsBeforeTheExamples() {
        let text = "# r\n\nWhat.\n\n## How to fix\n\nThis.\n\n\n## Triggering examples\n\n```swift\nx\n```\n"
        XCTAssertEqual(RuleDocuments.proseOf(text), "# r\n\nWhat.\n\n## How to fix\n\nThis.\n")
        let prose = RuleDocuments.prose(for: "discarded_cancellable") ?? ""
        XCTAssertTrue(prose.hasPrefix("# discarded_cancellable\n"))
        XCTAssertTrue(prose.contains("## How to fix"))
        XCTAssertFalse(prose.contains("## Triggering examples"))
    }
}
