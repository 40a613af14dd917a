/// Where `import CombineTrace` goes in a file that lacks it, found on the file's full token list
/// (trivia and `#if` lines included, which the syntax tree leaves out).
public enum ImportPoint {
    /// The insertion: its byte offset and text.
    public struct Insertion: Sendable, Hashable {
        public var offset: Int
        public var text: String
    }

    /// Nil when the file imports `CombineTrace` already (anywhere, `#if` branches included) or
    /// holds no code. Else: after the last import that is outside every `#if` block, on its line
    /// (`import Combine; import CombineTrace /*combinelint-trace*/`); with no such import, on a
    /// line of its own at the top of the file.
    public static func insertion(in bytes: [UInt8], tokens: [Token]) -> Insertion? {
        var depth = 0
        var lastImportEnd: Int? = nil
        var firstCode: Int? = nil
        var i = 0
        while i < tokens.count {
            let token = tokens[i]
            if !token.kind.isTrivia, firstCode == nil { firstCode = i }
            if token.kind == .poundDirective {
                let text = bytes[token.range]
                if text.elementsEqual("#if".utf8) { depth += 1 }
                if text.elementsEqual("#endif".utf8) { depth = max(0, depth - 1) }
            } else if token.kind == .keyword, bytes[token.range].elementsEqual("import".utf8) {
                if module(afterImportAt: i, bytes: bytes, tokens: tokens) == TraceMarker.module { return nil }
                if depth == 0 { lastImportEnd = tokens[endOfLineCode(from: i, tokens: tokens)].endOffset }
            }
            i += 1
        }
        if let lastImportEnd { return Insertion(offset: lastImportEnd, text: TraceMarker.importAfterImport) }
        guard firstCode != nil else { return nil }
        // At the top (below a `#!` line): before any comment, so a doc comment stays on its declaration.
        var offset = 0
        if tokens[0].kind == .shebang { offset = tokens.count > 1 && tokens[1].kind == .newline ? tokens[1].endOffset : tokens[0].endOffset }
        return Insertion(offset: offset, text: TraceMarker.importLine + lineBreak(bytes: bytes, tokens: tokens))
    }

    /// The first name of the module path after `import` (past a kind such as `struct`).
    static func module(afterImportAt i: Int, bytes: [UInt8], tokens: [Token]) -> String? {
        let kinds: Set<String> = ["struct", "class", "enum", "protocol", "typealias", "func", "let", "var"]
        var j = i + 1
        while j < tokens.count {
            let token = tokens[j]
            j += 1
            if token.kind == .whitespace || token.kind.isComment { continue }
            guard token.kind == .identifier || token.kind == .keyword else { return nil }
            let text = String(decoding: bytes[token.range], as: UTF8.self)
            if token.kind == .keyword, kinds.contains(text) { continue }
            return text
        }
        return nil
    }

    /// The last code token of the import's line: before a line break, a `;` or a comment.
    static func endOfLineCode(from i: Int, tokens: [Token]) -> Int {
        var last = i
        var j = i + 1
        while j < tokens.count {
            let kind = tokens[j].kind
            if kind == .newline || kind == .semicolon || kind.isComment || kind == .poundDirective { break }
            if kind != .whitespace { last = j }
            j += 1
        }
        return last
    }

    /// The file's own line break (`\r\n` in a CRLF file), `\n` when it has none.
    static func lineBreak(bytes: [UInt8], tokens: [Token]) -> String {
        guard let newline = tokens.first(where: { $0.kind == .newline }) else { return "\n" }
        return String(decoding: bytes[newline.range], as: UTF8.self)
    }
}
