/// What removing the instrumentation of one file gives.
public struct RemovedInstrumentation: Sendable {
    public var bytes: [UInt8]
    /// Marked `.trace(…)` calls taken out.
    public var traceCount: Int
    /// Marked `import CombineTrace` taken out.
    public var importCount: Int
    /// 1-based lines of marker comments that are not in a piece `instrument` inserts (edited by
    /// hand, say): left as they are.
    public var unmatchedMarkerLines: [Int]
}

/// Takes out exactly what `InstrumentationEdits` inserted: each marker comment (a block comment
/// token, so never one inside a string or another comment) together with the tokens of the piece
/// it marks, when they are exactly that piece. A `.trace("x")` without the marker stays.
public enum TraceRemoval {
    public static func remove(from file: SourceFile) -> RemovedInstrumentation {
        let bytes = file.bytes
        let tokens = Lexer.tokenize(bytes)
        let marker = Array(TraceMarker.comment.utf8)
        var fixes: [Fix] = []
        var traces = 0, imports = 0
        var unmatched: [Int] = []
        for (i, token) in tokens.enumerated() where token.kind == .blockComment && bytes[token.range].elementsEqual(marker) {
            if let range = traceCall(markedAt: i, tokens: tokens, bytes: bytes) {
                traces += 1
                fixes.append(Fix(title: "Remove the trace", edits: [TextEdit(in: file, range: range, replacement: "")]))
            } else if let range = importDeclaration(markedAt: i, tokens: tokens, bytes: bytes) {
                imports += 1
                fixes.append(Fix(title: "Remove the import", edits: [TextEdit(in: file, range: range, replacement: "")]))
            } else {
                unmatched.append(file.lineIndex(ofOffset: token.startOffset) + 1)
            }
        }
        let outcome = FixApplier.apply(fixes, to: bytes)
        return RemovedInstrumentation(bytes: outcome.bytes, traceCount: traces, importCount: imports, unmatchedMarkerLines: unmatched)
    }

    /// `.trace("…" /*combinelint-trace*/)` with the marker at token `m`: the byte range from `.` to `)`.
    static func traceCall(markedAt m: Int, tokens: [Token], bytes: [UInt8]) -> Range<Int>? {
        func kind(_ i: Int) -> TokenKind? { i >= 0 && i < tokens.count ? tokens[i].kind : nil }
        func text(_ i: Int, _ s: String) -> Bool { kind(i) != nil && bytes[tokens[i].range].elementsEqual(s.utf8) }
        guard kind(m + 1) == .rightParen, text(m - 1, " "), kind(m - 2) == .stringEnd else { return nil }
        // Back over the label: a plain literal (text only, no interpolation).
        var s = m - 3
        while kind(s) == .stringSegment { s -= 1 }
        guard kind(s) == .stringStart, text(s, "\""), text(m - 2, "\""),
              kind(s - 1) == .leftParen, kind(s - 2) == .identifier, text(s - 2, "trace"), kind(s - 3) == .period else { return nil }
        return tokens[s - 3].startOffset..<tokens[m + 1].endOffset
    }

    /// `; import CombineTrace /*combinelint-trace*/` (after another import) or a line
    /// `import CombineTrace /*combinelint-trace*/` with its line break.
    static func importDeclaration(markedAt m: Int, tokens: [Token], bytes: [UInt8]) -> Range<Int>? {
        func kind(_ i: Int) -> TokenKind? { i >= 0 && i < tokens.count ? tokens[i].kind : nil }
        func text(_ i: Int, _ s: String) -> Bool { kind(i) != nil && bytes[tokens[i].range].elementsEqual(s.utf8) }
        guard text(m - 1, " "), text(m - 2, TraceMarker.module), text(m - 3, " "), kind(m - 4) == .keyword, text(m - 4, "import") else {
            return nil
        }
        if text(m - 5, " "), kind(m - 6) == .semicolon { return tokens[m - 6].startOffset..<tokens[m].endOffset }
        if kind(m + 1) == .newline { return tokens[m - 4].startOffset..<tokens[m + 1].endOffset }
        return nil
    }
}
