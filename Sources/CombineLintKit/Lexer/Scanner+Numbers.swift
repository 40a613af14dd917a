/// Integer and floating-point literals: decimal, `0x` (with hex floats `0x1p-2`), `0o`, `0b`,
/// `_` separators, exponents. A sign is never part of a literal (`-1` is an operator and `1`).
extension Scanner {
    mutating func scanNumber(from start: Int) {
        // `t.0.1` is two tuple member accesses, not `t.` and the float `0.1` (but `0...1.5` has a float).
        let afterDot = afterPeriod && !afterTrivia && start > 0 && base[start - 1] == UInt8(ascii: ".")
        if base[start] == UInt8(ascii: "0"), start + 1 < count {
            switch base[start + 1] {
            case UInt8(ascii: "x"): scanHexNumber(from: start, allowFraction: !afterDot); return
            case UInt8(ascii: "o"): scanRadixNumber(from: start) { $0 >= 0x30 && $0 <= 0x37 }; return
            case UInt8(ascii: "b"): scanRadixNumber(from: start) { $0 == 0x30 || $0 == 0x31 }; return
            default: break
            }
        }
        var j = digitsEnd(from: start) { CharacterClasses.isDigit($0) }
        var isFloat = false
        if !afterDot && byte(j) == UInt8(ascii: ".") && j + 1 < count && CharacterClasses.isDigit(base[j + 1]) {
            j = digitsEnd(from: j + 1) { CharacterClasses.isDigit($0) }
            isFloat = true
        }
        if !afterDot, let exponentEnd = exponentEnd(at: j, marker: UInt8(ascii: "e")) {
            j = exponentEnd
            isFloat = true
        }
        finishNumber(from: start, to: j, kind: isFloat ? .floatLiteral : .integerLiteral, malformed: false)
    }

    /// `0x…`, with an optional `.hex` fraction and `p` exponent (a fraction needs the exponent,
    /// except that `0xff.description` is an integer and a member).
    mutating func scanHexNumber(from start: Int, allowFraction: Bool) {
        var j = digitsEnd(from: start + 2) { CharacterClasses.isHexDigit($0) }
        var malformed = j == start + 2
        var isFloat = false
        if allowFraction && byte(j) == UInt8(ascii: ".") && j + 1 < count && CharacterClasses.isHexDigit(base[j + 1]) {
            let fractionEnd = digitsEnd(from: j + 1) { CharacterClasses.isHexDigit($0) }
            if let exponentEnd = exponentEnd(at: fractionEnd, marker: UInt8(ascii: "p")) {
                j = exponentEnd
                isFloat = true
            } else if CharacterClasses.isDigit(base[j + 1]) {
                // `0x1.8` without an exponent: Swift rejects it; keep it one malformed float.
                j = fractionEnd
                isFloat = true
                malformed = true
            }
        } else if allowFraction, let exponentEnd = exponentEnd(at: j, marker: UInt8(ascii: "p")) {
            j = exponentEnd
            isFloat = true
        }
        finishNumber(from: start, to: j, kind: isFloat ? .floatLiteral : .integerLiteral, malformed: malformed)
    }

    mutating func scanRadixNumber(from start: Int, isDigit: (UInt8) -> Bool) {
        let j = digitsEnd(from: start + 2, isDigit)
        finishNumber(from: start, to: j, kind: .integerLiteral, malformed: j == start + 2)
    }

    /// Letters or digits glued to a literal (`12abc`, `0b102`) stay in it, flagged malformed.
    mutating func finishNumber(from start: Int, to end: Int, kind: TokenKind, malformed: Bool) {
        var j = end
        while j < count && CharacterClasses.isIdentifierBodyASCII(base[j]) { j += 1 }
        emit(kind, from: start, to: j, flags: malformed || j != end ? .malformed : [], endsExpression: true)
    }

    /// End of a run of digits and `_` starting at `i` (the first must be a digit to count).
    @inline(__always) func digitsEnd(from i: Int, _ isDigit: (UInt8) -> Bool) -> Int {
        guard i < count, isDigit(base[i]) else { return i }
        var j = i + 1
        while j < count && (isDigit(base[j]) || base[j] == UInt8(ascii: "_")) { j += 1 }
        return j
    }

    /// `e10`, `E-3`, `p+2` at `i` (marker case-insensitive), or nil.
    @inline(__always) func exponentEnd(at i: Int, marker: UInt8) -> Int? {
        guard i < count, base[i] | 0x20 == marker else { return nil }
        var j = i + 1
        if j < count && (base[j] == UInt8(ascii: "+") || base[j] == UInt8(ascii: "-")) { j += 1 }
        guard j < count, CharacterClasses.isDigit(base[j]) else { return nil }
        return digitsEnd(from: j) { CharacterClasses.isDigit($0) }
    }
}
