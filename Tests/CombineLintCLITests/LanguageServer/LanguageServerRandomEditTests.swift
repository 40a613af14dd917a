import CombineLintKit
import Foundation
import XCTest

/// Seeded random edit sequences never stop the server, and incremental changes leave it with the
/// text the editor has: after the edits, a whole-text change of the same text gives the same
/// diagnostics.
final class LanguageServerRandomEditTests: XCTestCase {
    /// SplitMix64: the same seed gives the same edits on every machine.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }
    }

    static let pieces = ["x", "😀", "中文", "é", "{", "}", "(", ")", "\"", "\"\"\"", "\n", "\r\n", "\r", "\\(", "/*", "*/", "//",
                         "#", "$", "`", " .sink { _ in }", "[weak self]", "self.", ".store(in: &bag)",
                         "let s = PassthroughSubject<Int, Never>()\n", "@Published var v = 0\n", "class A: ObservableObject {",
                         "// combinelint:disable:next all\n", "#if DEBUG\n", "#endif\n", "/"]

    /// The LSP position (UTF-16) of scalar index `index` of `text`; lines end at `\n`, `\r\n` or `\r`.
    static func position(of index: Int, in text: [Unicode.Scalar]) -> LSPJSON {
        var line = 0, character = 0, i = 0
        while i < index {
            let scalar = text[i]
            if scalar == "\r" && i + 1 < text.count && text[i + 1] == "\n" && i + 1 < index {
                i += 2
                line += 1
                character = 0
                continue
            }
            if scalar == "\n" || scalar == "\r" {
                line += 1
                character = 0
            } else {
                character += scalar.value > 0xFFFF ? 2 : 1
            }
            i += 1
        }
        return ["line": .int(line), "character": .int(character)]
    }

    func testSeededRandomEditsLeaveTheServerRunningAndInStep() throws {
        let directory = NSTemporaryDirectory() + "combinelint-lsp-random-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let uri = DocumentURI.uri(ofPath: directory + "/Random.swift")
        for seed: UInt64 in [1, 2, 2026] {
            var random = Generator(state: seed)
            let server = try LSPTestClient(executable: CLITests.executable, directory: directory)
            _ = try server.initialize(root: directory)
            var text = Array(LanguageServerProtocolTests.cart.unicodeScalars)
            server.open(uri, String(String.UnicodeScalarView(text)))
            var version = 1
            for step in 0..<300 {
                // A range that never splits `\r\n`: splitting it would change the line count on one side only.
                var start = random.below(text.count + 1)
                var end = min(text.count, start + random.below(12))
                if start > 0, start < text.count, text[start - 1] == "\r", text[start] == "\n" { start -= 1 }
                if end > 0, end < text.count, text[end - 1] == "\r", text[end] == "\n" { end += 1 }
                if end < start { end = start }
                let inserted = random.below(3) == 0 ? "" : Self.pieces[random.below(Self.pieces.count)]
                let range: LSPJSON = ["start": Self.position(of: start, in: text), "end": Self.position(of: end, in: text)]
                text.replaceSubrange(start..<end, with: Array(inserted.unicodeScalars))
                version += 1
                server.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": .int(version)],
                                                         "contentChanges": [["range": range, "text": .string(inserted)]]])
                if step % 25 == 0 {
                    let pulled = try server.request("textDocument/diagnostic", ["textDocument": ["uri": .string(uri)]])
                    XCTAssertEqual(pulled["result"]["kind"], "full", "seed \(seed), step \(step): \(pulled.text)")
                }
            }
            let incremental = try server.request("textDocument/diagnostic", ["textDocument": ["uri": .string(uri)]])["result"]["items"]
            version += 1
            server.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": .int(version)],
                                                     "contentChanges": [["text": .string(String(String.UnicodeScalarView(text)))]]])
            let whole = try server.request("textDocument/diagnostic", ["textDocument": ["uri": .string(uri)]])["result"]["items"]
            XCTAssertEqual(incremental, whole, "seed \(seed)")
            // Changes the server cannot place (outside the text, malformed) are logged, never fatal.
            for bad: LSPJSON in [
                ["range": ["start": ["line": 9999, "character": 3], "end": ["line": 10000, "character": 0]], "text": "x"],
                ["range": ["start": ["line": -1, "character": 0], "end": ["line": 0, "character": 0]], "text": "x"],
                ["range": "nonsense", "text": "x"],
                ["text": 42],
            ] {
                version += 1
                server.notify("textDocument/didChange", ["textDocument": ["uri": .string(uri), "version": .int(version)], "contentChanges": [bad]])
            }
            server.notify("textDocument/didChange", ["textDocument": ["uri": "file:///not/open.swift", "version": 1], "contentChanges": [["text": ""]]])
            let after = try server.request("textDocument/diagnostic", ["textDocument": ["uri": .string(uri)]])
            XCTAssertEqual(after["result"]["kind"], "full", after.text)
            XCTAssertEqual(try server.finish(), 0, "seed \(seed)")
        }
    }
}
