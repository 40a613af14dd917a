/// Names: identifiers and keywords, `$0`/`$name`, `@Attribute`, `` `backticked` ``, `#keyword`.
extension Scanner {
    /// End of the identifier body starting at `i` (ASCII letters, digits, `_`, Unicode name scalars).
    @inline(__always) func identifierEnd(from i: Int) -> Int {
        var j = i
        while j < count {
            // Eight bytes at a time while they are all ASCII identifier bytes.
            if j + 8 <= count {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + j).loadUnaligned(as: UInt64.self))
                let stops = CharacterClasses.nonIdentifierBytes(word)
                if stops == 0 {
                    j += 8
                    continue
                }
                j += stops.trailingZeroBitCount >> 3
            }
            let b = base[j]
            if b < 0x80 {
                if CharacterClasses.isIdentifierBodyASCIIFast(b) { j += 1; continue }
                return j
            }
            let decoded = base.decodeScalar(at: j, count: count)
            guard decoded.isValid, CharacterClasses.isIdentifierBody(decoded.scalar) else { return j }
            j += decoded.length
        }
        return j
    }

    /// Whether a name starts at `i` (ASCII letter or `_`, or a Unicode identifier head).
    @inline(__always) func isIdentifierHead(at i: Int) -> Bool {
        guard i < count else { return false }
        let b = base[i]
        if b < 0x80 { return CharacterClasses.isIdentifierHeadASCII(b) }
        let decoded = base.decodeScalar(at: i, count: count)
        return decoded.isValid && CharacterClasses.isIdentifierHead(decoded.scalar)
    }

    mutating func scanIdentifier(from start: Int) {
        // The head is a body character too, and may be several bytes long.
        let end = identifierEnd(from: start)
        if let entry = Keywords.lookup(base, start, end, bufferCount: count, in: keywordTable,
                                        lengthsByFirstByte: keywordLengthsByFirstByte),
           !afterPeriod || entry.keepsKeywordAfterPeriod {
            emit(.keyword, from: start, to: end, endsExpression: entry.role == .value)
        } else {
            emit(.identifier, from: start, to: end, endsExpression: true)
        }
    }

    /// `$0`, `$12`, `$name`; a lone `$` is an identifier (as Swift accepts it).
    mutating func scanDollar(from start: Int) {
        let next = start + 1
        if next < count && (CharacterClasses.isDigit(base[next]) || isIdentifierHead(at: next)) {
            emit(.dollarIdentifier, from: start, to: identifierEnd(from: next), endsExpression: true)
        } else {
            emit(.identifier, from: start, to: next, endsExpression: true)
        }
    }

    /// `@Name` is one attribute token; a lone `@` is `.at`.
    mutating func scanAttribute(from start: Int) {
        if isIdentifierHead(at: start + 1) {
            emit(.attribute, from: start, to: identifierEnd(from: start + 1))
        } else {
            emit(.at, from: start, to: start + 1)
        }
    }

    /// `` `name` `` (any text but a newline or backtick between, not only blanks, as Swift 6 raw identifiers allow);
    /// otherwise a lone backtick.
    mutating func scanBacktick(from start: Int) {
        var j = start + 1
        while j < count {
            let b = base[j]
            if b == UInt8(ascii: "`") || b == 0x0A || b == 0x0D { break }
            j += 1
        }
        if j < count && base[j] == UInt8(ascii: "`") && !isBlank(from: start + 1, to: j) {
            let malformed = !isValidUTF8(from: start + 1, to: j)
            emit(.identifier, from: start, to: j + 1, flags: malformed ? [.backticked, .malformed] : .backticked,
                 endsExpression: true)
        } else {
            emit(.backtick, from: start, to: start + 1, flags: j >= count ? .unterminated : [])
        }
    }

    /// `#` starts a raw string (`#"`), a raw regex (`#/`), a directive (`#if`), a pound keyword
    /// (`#selector`), or is a lone `.hash`.
    mutating func scanPound(from start: Int) {
        var j = start
        while j < count && base[j] == UInt8(ascii: "#") { j += 1 }
        let hashes = j - start
        if j < count {
            if base[j] == UInt8(ascii: "\"") { scanStringStart(from: start, hashes: hashes); return }
            if base[j] == UInt8(ascii: "/") { scanRawRegex(from: start, hashes: hashes); return }
        }
        // Extra `#` before a name or before anything else: one `.hash` each, emitted here so that
        // the run is read once (a long run stays linear).
        let named = isIdentifierHead(at: j)
        let lastHash = named ? j - 1 : j
        var k = start
        while k < lastHash {
            emit(.hash, from: k, to: k + 1)
            k += 1
        }
        if named {
            let end = identifierEnd(from: j)
            emit(isDirective(j, end) ? .poundDirective : .poundKeyword, from: lastHash, to: end, endsExpression: true)
        }
    }

    /// Whether `start..<end` is empty or only spaces and tabs (not a name, even in backticks).
    func isBlank(from start: Int, to end: Int) -> Bool {
        var j = start
        while j < end {
            if base[j] != 0x20 && base[j] != 0x09 { return false }
            j += 1
        }
        return true
    }

    /// `if elseif else endif sourceLocation`.
    func isDirective(_ start: Int, _ end: Int) -> Bool {
        switch end - start {
        case 2: return matches(start, "if")
        case 4: return matches(start, "else")
        case 5: return matches(start, "endif")
        case 6: return matches(start, "elseif")
        case 14: return matches(start, "sourceLocation")
        default: return false
        }
    }

    func matches(_ start: Int, _ word: StaticString) -> Bool {
        let length = word.utf8CodeUnitCount
        guard start + length <= count else { return false }
        let bytes = word.utf8Start
        for k in 0..<length where base[start + k] != bytes[k] { return false }
        return true
    }

    func isValidUTF8(from start: Int, to end: Int) -> Bool {
        var j = start
        while j < end {
            if base[j] < 0x80 { j += 1; continue }
            let decoded = base.decodeScalar(at: j, count: end)
            if !decoded.isValid { return false }
            j += decoded.length
        }
        return true
    }
}
