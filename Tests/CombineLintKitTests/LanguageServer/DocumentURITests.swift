@testable import CombineLintKit
import XCTest

final class DocumentURITests: XCTestCase {
    func testPathsAndURIs() {
        XCTAssertEqual(DocumentURI.path(of: "file:///tmp/a%20b/C%C3%A4.swift"), "/tmp/a b/Cä.swift")
        XCTAssertEqual(DocumentURI.path(of: "file://localhost/tmp/x.swift"), "/tmp/x.swift")
        XCTAssertNil(DocumentURI.path(of: "untitled:Untitled-1"))
        XCTAssertNil(DocumentURI.path(of: "file:///tmp/%zz"))
        XCTAssertEqual(DocumentURI.uri(ofPath: "/tmp/a b/Cä.swift"), "file:///tmp/a%20b/C%C3%A4.swift")
        for path in ["/tmp/x.swift", "/tmp/#1 [v2]/中.swift", "/tmp/100%/a+b.swift"] {
            XCTAssertEqual(DocumentURI.path(of: DocumentURI.uri(ofPath: path)), path)
        }
    }

    /// Edits as `didChange` brings them: ranges in the text the earlier changes left.
    func testIncrementalChanges() throws {
        var documents = OpenDocuments()
        documents.open(OpenDocument(uri: "file:///d.swift", path: "/d.swift", version: 1, bytes: Array("a😀b\ncd\n".utf8)))
        let range = { (l1: Int, c1: Int, l2: Int, c2: Int) -> LSPJSON in
            ["start": ["line": .int(l1), "character": .int(c1)], "end": ["line": .int(l2), "character": .int(c2)]]
        }
        let problems = try documents.change("file:///d.swift", version: 2, changes: [
            ["range": range(0, 1, 0, 3), "text": "中"],
            ["range": range(1, 2, 1, 2), "text": "!"],
            ["range": range(0, 3, 1, 0), "text": ""],
        ], encoding: .utf16)
        XCTAssertEqual(problems, [])
        XCTAssertEqual(String(decoding: documents["file:///d.swift"]!.bytes, as: UTF8.self), "a中bcd!\n")
        XCTAssertEqual(documents["file:///d.swift"]?.version, 2)
        XCTAssertThrowsError(try documents.change("file:///other.swift", version: 1, changes: [], encoding: .utf16))
    }
}
