import XCTest
@testable import CombineLintKit

/// A token as tests write it: kind and exact text.
struct Lexeme: Equatable, CustomStringConvertible {
    let kind: TokenKind
    let text: String
    init(_ kind: TokenKind, _ text: String) {
        self.kind = kind
        self.text = text
    }
    var description: String { "(\(kind), \"\(text)\")" }
}

enum LexerTestSupport {
    /// Lexes `source` and returns kinds and texts, trivia left out unless asked for.
    static func lex(_ source: String, trivia: Bool = false) -> [Lexeme] {
        let bytes = Array(source.utf8)
        return Lexer.tokenize(bytes)
            .filter { trivia || !$0.kind.isTrivia }
            .map { Lexeme($0.kind, String(decoding: bytes[$0.range], as: UTF8.self)) }
    }

    /// Lexes and returns the tokens with their flags.
    static func tokens(_ source: String) -> (bytes: [UInt8], tokens: [Token]) {
        let bytes = Array(source.utf8)
        return (bytes, Lexer.tokenize(bytes))
    }

    /// Why `tokens` fail to cover `bytes` exactly (gap, overlap, empty token), or nil.
    static func losslessProblem(_ bytes: [UInt8], _ tokens: [Token]) -> String? {
        var offset = 0
        for (i, token) in tokens.enumerated() {
            if token.length == 0 { return "token \(i) (\(token.kind)) at \(offset) is empty" }
            if token.startOffset != offset { return "token \(i) (\(token.kind)) starts at \(token.startOffset), expected \(offset)" }
            offset = token.endOffset
        }
        if offset != bytes.count { return "tokens end at \(offset) of \(bytes.count) bytes" }
        return nil
    }

    /// Why the string tokens are not properly nested, or nil: segments and interpolations only
    /// inside strings, every `interpolationEnd` closing an open `interpolationStart`, every
    /// `stringEnd` closing an open string. A string cut off by its line end or the input carries
    /// `.unterminated` on its last token; input may end with strings still open.
    static func structureProblem(_ tokens: [Token]) -> String? {
        enum Level { case string, interpolation }
        var stack: [Level] = []
        for (i, token) in tokens.enumerated() {
            switch token.kind {
            case .stringStart:
                if stack.last == .string { return "token \(i): string starts inside a string body" }
                stack.append(.string)
            case .stringSegment:
                if stack.last != .string { return "token \(i): segment outside a string" }
            case .interpolationStart:
                if stack.last != .string { return "token \(i): interpolation outside a string" }
                stack.append(.interpolation)
            case .interpolationEnd:
                if stack.last != .interpolation { return "token \(i): interpolation end without start" }
                stack.removeLast()
            case .stringEnd:
                if stack.last != .string { return "token \(i): string end without start" }
                stack.removeLast()
            default:
                if stack.last == .string { return "token \(i) (\(token.kind)) inside a string body" }
            }
            let endsString = token.kind == .stringStart || token.kind == .stringSegment || token.kind == .interpolationEnd
            if endsString && token.flags.contains(.unterminated) {
                if stack.last != .string { return "token \(i): unterminated flag outside a string" }
                stack.removeLast()
            }
        }
        return nil
    }

    /// Every `.swift` file of the repository, build products, `.git` and the benchmark corpus left out.
    static func repositorySwiftFiles() -> [URL] {
        let enumerator = FileManager.default.enumerator(at: packageRoot, includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            let path = url.path
            if path.contains("/.build") || path.contains("/.git/") || path.contains("/.corpus") {
                if url.hasDirectoryPath { enumerator?.skipDescendants() }
                continue
            }
            if url.pathExtension == "swift" { files.append(url) }
        }
        return files
    }

    /// Root of the package, found from this file's path.
    static var packageRoot: URL {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }
}

/// Asserts the significant tokens of `source` (or all, with `trivia`).
func assertLexes(_ source: String, _ expected: [Lexeme], trivia: Bool = false,
                 file: StaticString = #filePath, line: UInt = #line) {
    let actual = LexerTestSupport.lex(source, trivia: trivia)
    if actual != expected {
        let firstDiff = zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(actual.count, expected.count)
        XCTFail("""
            lexing \(source.debugDescription)
            first difference at token \(firstDiff)
            actual:   \(actual)
            expected: \(expected)
            """, file: file, line: line)
    }
}
