/// Reading token texts without allocating where a comparison is enough.
struct TokenText {
    let bytes: [UInt8]
    let tokens: [Token]

    @inline(__always) func text(_ i: Int) -> String {
        String(decoding: bytes[tokens[i].range], as: UTF8.self)
    }

    /// The token's name: its text, without backticks for a backticked identifier.
    func name(_ i: Int) -> String {
        let t = tokens[i]
        if t.flags.contains(.backticked), t.length >= 2 {
            return String(decoding: bytes[(t.startOffset + 1)..<(t.endOffset - 1)], as: UTF8.self)
        }
        return text(i)
    }

    @inline(__always) func `is`(_ i: Int, _ s: String) -> Bool {
        guard i >= 0, i < tokens.count else { return false }
        let t = tokens[i]
        var s = s
        return s.withUTF8 { buf in
            guard buf.count == Int(t.length) else { return false }
            var k = t.startOffset
            for b in buf {
                if bytes[k] != b { return false }
                k += 1
            }
            return true
        }
    }

    func isAny(_ i: Int, _ set: Set<String>) -> Bool {
        guard i >= 0, i < tokens.count else { return false }
        let t = tokens[i]
        guard t.length <= 24 else { return false }
        return set.contains(text(i))
    }

    @inline(__always) func kind(_ i: Int) -> TokenKind? {
        i >= 0 && i < tokens.count ? tokens[i].kind : nil
    }

    /// Whether token i is the word `word` as an identifier or keyword (`self` also when backticked).
    func isWord(_ i: Int, _ word: String) -> Bool {
        guard let k = kind(i), k == .identifier || k == .keyword else { return false }
        if tokens[i].flags.contains(.backticked) { return name(i) == word }
        return self.is(i, word)
    }

    /// Joins the texts of tokens first...last with single spaces where the source had space.
    func joined(_ first: Int, _ last: Int) -> String {
        guard first <= last, first >= 0, last < tokens.count else { return "" }
        var out = ""
        for i in first...last {
            if i > first, tokens[i].flags.contains(.spaceBefore) { out += " " }
            out += text(i)
        }
        return out
    }
}
