/// String literals as a token sequence: `stringStart`, then `stringSegment`s and interpolations
/// (`interpolationStart`, code tokens, `interpolationEnd`), then `stringEnd`. The body is scanned
/// by mode (see `ScanMode`), so nesting depth costs heap, not stack.
extension Scanner {
    /// `start` is the first `#` (or the quote when `hashes == 0`).
    mutating func scanStringStart(from start: Int, hashes: Int) {
        let quote = start + hashes
        let multiline = byte(quote + 1) == UInt8(ascii: "\"") && byte(quote + 2) == UInt8(ascii: "\"")
            && quote + 2 < count
        let end = quote + (multiline ? 3 : 1)
        var flags: TokenFlags = []
        if multiline { flags.insert(.multiline) }
        if hashes > 0 { flags.insert(.raw) }
        emit(.stringStart, from: start, to: end, flags: flags)
        pushMode(ScanMode(kind: .string, hashes: hashes, multiline: multiline, parenDepth: 0))
        if end >= count { markLastUnterminated(); popMode() }
    }

    /// Scans literal text up to the next interpolation, the closing delimiter, or (for a
    /// single-line string) the line end, and emits what it found.
    mutating func scanStringBody(_ mode: ScanMode) {
        let segmentStart = pos
        let hashes = mode.hashes
        var flags: TokenFlags = []
        if mode.multiline { flags.insert(.multiline) }
        if hashes > 0 { flags.insert(.raw) }
        var malformed = false
        var j = pos
        while j < count {
            let b = base[j]
            if b == UInt8(ascii: "\\") {
                var k = j + 1
                while k < count && k - (j + 1) < hashes && base[k] == UInt8(ascii: "#") { k += 1 }
                if k - (j + 1) == hashes {
                    if k < count && base[k] == UInt8(ascii: "(") {
                        emitSegment(from: segmentStart, to: j, flags: flags, malformed: malformed)
                        emit(.interpolationStart, from: j, to: k + 1, flags: flags)
                        pushMode(ScanMode(kind: .interpolation, hashes: 0, multiline: false, parenDepth: 0))
                        return
                    }
                    // An escape: skip the escaped ASCII character so `\"` and `\\` do not end anything.
                    // A line end is never skipped (it ends a single-line string).
                    if k < count && base[k] < 0x80 && base[k] != 0x0A && base[k] != 0x0D { k += 1 }
                    j = k
                } else {
                    j += 1
                }
                continue
            }
            if b == UInt8(ascii: "\"") {
                if let end = closingDelimiterEnd(at: j, mode: mode) {
                    emitSegment(from: segmentStart, to: j, flags: flags, malformed: malformed)
                    popMode()
                    emit(.stringEnd, from: j, to: end, flags: flags, endsExpression: true)
                    return
                }
                j += 1
                continue
            }
            if (b == 0x0A || b == 0x0D) && !mode.multiline {
                // A single-line string cut off by its line end.
                emitSegment(from: segmentStart, to: j, flags: flags, malformed: malformed)
                markLastUnterminated()
                popMode()
                return
            }
            if b >= 0x80 {
                let decoded = base.decodeScalar(at: j, count: count)
                if !decoded.isValid { malformed = true }
                j += decoded.length
                continue
            }
            j += 1
        }
        emitSegment(from: segmentStart, to: count, flags: flags, malformed: malformed)
        markLastUnterminated()
        popMode()
    }

    /// End of `"#…` / `"""#…` at `i` closing a string of `mode`, or nil.
    @inline(__always) func closingDelimiterEnd(at i: Int, mode: ScanMode) -> Int? {
        var j = i + 1
        if mode.multiline {
            guard byte(j) == UInt8(ascii: "\"") && byte(j + 1) == UInt8(ascii: "\"") && j + 1 < count else { return nil }
            j += 2
        }
        let hashesEnd = j + mode.hashes
        guard hashesEnd <= count else { return nil }
        while j < hashesEnd {
            if base[j] != UInt8(ascii: "#") { return nil }
            j += 1
        }
        return j
    }

    @inline(__always) mutating func emitSegment(from start: Int, to end: Int, flags: TokenFlags, malformed: Bool) {
        guard end > start else { return }
        emit(.stringSegment, from: start, to: end, flags: malformed ? flags.union(.malformed) : flags)
    }
}
