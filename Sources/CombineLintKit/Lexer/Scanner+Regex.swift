/// Regex literals: `#/…/#` (any number of `#`; multi-line when the opener ends its line) and
/// bare `/…/` where an expression may start.
extension Scanner {
    /// A `#…#/` opener at `start`: the literal runs to `/` followed by as many `#`. A single-line
    /// literal stops at its line end and a multi-line one at the end of input, flagged unterminated.
    mutating func scanRawRegex(from start: Int, hashes: Int) {
        let bodyStart = start + hashes + 1
        let multiline = bodyStart < count && (base[bodyStart] == 0x0A || base[bodyStart] == 0x0D)
        var j = bodyStart
        while j < count {
            let b = base[j]
            if b == UInt8(ascii: "\\") {
                j += (j + 1 < count && base[j + 1] != 0x0A && base[j + 1] != 0x0D) ? 2 : 1
                continue
            }
            if (b == 0x0A || b == 0x0D) && !multiline { break }
            if b == UInt8(ascii: "/") && j + hashes < count {
                var k = j + 1
                while k <= j + hashes && base[k] == UInt8(ascii: "#") { k += 1 }
                if k == j + hashes + 1 {
                    emit(.regexLiteral, from: start, to: k, flags: .raw, endsExpression: true)
                    return
                }
            }
            j += 1
        }
        emit(.regexLiteral, from: start, to: j, flags: [.raw, .unterminated], endsExpression: true)
    }

    /// End of a bare regex literal starting with the `/` at `start`, or nil when the text is
    /// not one: it may not start with whitespace, `)` or `,`, contain a line end, or end with whitespace
    /// before its closing `/`. A failed attempt records how far later attempts would fail too.
    mutating func bareRegexEnd(from start: Int) -> Int? {
        // Not after whitespace, and not `)` or `,`: `reduce(0, /)` and `f(/, /)` name the operator.
        let first = byte(start + 1)
        guard start + 1 < count, first != 0x20, first != 0x09, first != 0x0A, first != 0x0D,
              first != UInt8(ascii: ")"), first != UInt8(ascii: ",") else { return nil }
        var j = start + 1
        while j < count {
            let b = base[j]
            if b == UInt8(ascii: "\\") {
                if j + 1 < count && base[j + 1] != 0x0A && base[j + 1] != 0x0D { j += 2; continue }
                break
            }
            if b == 0x0A || b == 0x0D { break }
            if b == UInt8(ascii: "/") {
                let before = base[j - 1]
                if before == 0x20 || before == 0x09 {
                    // Any later `/` before this one was escaped in this scan and would reach the same end.
                    noRegexBefore = j
                    return nil
                }
                return j + 1
            }
            j += 1
        }
        noRegexBefore = j
        return nil
    }
}
