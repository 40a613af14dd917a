/// Reading token texts without allocating where a comparison is enough.
struct TokenText {
    let bytes: [UInt8]
    let tokens: [Token]
    let words = WordTable.shared

    @inline(__always) func text(_ i: Int) -> String {
        string(tokens[i].range)
    }

    /// The token's bytes, for scanning operators without making a String.
    @inline(__always) func utf8(_ i: Int) -> ArraySlice<UInt8> {
        bytes[tokens[i].range]
    }

    /// The token's name: its text, without backticks for a backticked identifier.
    func name(_ i: Int) -> String {
        let t = tokens[i]
        if t.flags.contains(.backticked), t.length >= 2 {
            return string((t.startOffset + 1)..<(t.endOffset - 1))
        }
        return text(i)
    }

    /// Every chain element and declaration name passes through here. Short texts (most names)
    /// are built in place, their bytes repaired exactly as `String(decoding:)` repairs them.
    @inline(__always) private func string(_ range: Range<Int>) -> String {
        bytes.withUnsafeBufferPointer { source in
            let count = range.count
            guard count <= 15, count > 0 else {
                return String(decoding: UnsafeBufferPointer(rebasing: source[range]), as: UTF8.self)
            }
            return String(unsafeUninitializedCapacity: count) { out in
                out.baseAddress!.update(from: source.baseAddress! + range.lowerBound, count: count)
                return count
            }
        }
    }

    /// Whether token i's text is exactly the literal `s`: compared as bytes, with no String made
    /// (the structure pass asks this for keywords at almost every statement).
    @inline(__always) func `is`(_ i: Int, _ s: StaticString) -> Bool {
        guard i >= 0, i < tokens.count else { return false }
        let t = tokens[i]
        guard s.utf8CodeUnitCount == Int(t.length) else { return false }
        let literal = s.utf8Start
        var k = t.startOffset
        for j in 0..<s.utf8CodeUnitCount {
            if bytes[k] != literal[j] { return false }
            k += 1
        }
        return true
    }

    /// Whether token i's text is exactly `s`.
    func `is`(_ i: Int, text s: String) -> Bool {
        guard i >= 0, i < tokens.count else { return false }
        let t = tokens[i]
        guard s.utf8.count == Int(t.length) else { return false }
        return bytes[t.range].elementsEqual(s.utf8)
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
        return self.is(i, text: word)
    }

    /// Joins the texts of tokens first...last with single spaces where the source had space.
    /// Built as bytes and decoded once: declarations' type texts pass through here.
    func joined(_ first: Int, _ last: Int) -> String {
        joined(first, last, spaces: true)
    }

    /// The texts of tokens first...last run together, without spaces (`<Int,Never>`).
    func compact(_ first: Int, _ last: Int) -> String {
        joined(first, last, spaces: false)
    }

    private func joined(_ first: Int, _ last: Int, spaces: Bool) -> String {
        guard first <= last, first >= 0, last < tokens.count else { return "" }
        if first == last { return text(first) }
        // At most the source span's length: written straight into the String's storage.
        let capacity = tokens[last].endOffset - tokens[first].startOffset
        return bytes.withUnsafeBufferPointer { source in
            String(unsafeUninitializedCapacity: capacity) { out in
                write(first, last, spaces: spaces, from: source, to: out)
            }
        }
    }

    /// Writes the texts of tokens first...last into `out`, a space between two where the source
    /// has space (with `spaces`); returns the byte count.
    @inline(__always) private func write(_ first: Int, _ last: Int, spaces: Bool,
                                          from source: UnsafeBufferPointer<UInt8>, to out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var written = 0
        for i in first...last {
            let token = tokens[i]
            if spaces, i > first, token.flags.contains(.spaceBefore) {
                out[written] = 0x20
                written += 1
            }
            for k in token.startOffset..<token.endOffset {
                out[written] = source[k]
                written += 1
            }
        }
        return written
    }
}
