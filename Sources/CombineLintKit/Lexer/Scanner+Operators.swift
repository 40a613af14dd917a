/// Operators and the punctuation that shares their characters: `.`, `=`, `->`, prefix `&`,
/// postfix `?` and `!`, following Swift's rules for operator characters and for telling prefix,
/// postfix and binary operators apart by what touches them.
extension Scanner {
    /// Swift's "left-bound": the character before `i` is not whitespace, an opening bracket,
    /// a separator, or the end of a block comment.
    @inline(__always) func isLeftBound(_ i: Int) -> Bool {
        guard i > 0 else { return false }
        switch base[i - 1] {
        case 0x20, 0x09, 0x0B, 0x0C, 0x00, 0x0A, 0x0D,
             UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"),
             UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"):
            return false
        case UInt8(ascii: "/"):
            return !(i >= 2 && base[i - 2] == UInt8(ascii: "*"))
        default:
            return true
        }
    }

    /// Swift's "right-bound": the character at `i` (just after an operator) is not whitespace,
    /// a closing bracket, a separator, a comment start, or the end of input.
    @inline(__always) func isRightBound(_ i: Int) -> Bool {
        guard i < count else { return false }
        switch base[i] {
        case 0x20, 0x09, 0x0B, 0x0C, 0x00, 0x0A, 0x0D,
             UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"),
             UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":"):
            return false
        case UInt8(ascii: "/"):
            let next = byte(i + 1)
            return !(i + 1 < count && (next == UInt8(ascii: "/") || next == UInt8(ascii: "*")))
        default:
            return true
        }
    }

    /// End of the operator characters starting at `start`. A `.` continues only an operator that
    /// starts with `.` (`..<`, `.==`), and `//` or `/*` after the first character starts a comment.
    /// A run of `>` stops before `?` or `!`, so that a generic argument list closes before a
    /// postfix: `AnyPublisher<Int, Never>?` gives `>` and `?` (Swift's parser splits the same way).
    @inline(__always) func operatorEnd(from start: Int) -> Int {
        Scanner.operatorEnd(base, count, from: start)
    }

    /// `operatorEnd(from:)` on the buffer alone: called from the mutating scan, a method of the
    /// scanner would be handed a copy of the whole scanner, sink included, for each operator.
    static func operatorEnd(_ base: UnsafePointer<UInt8>, _ count: Int, from start: Int) -> Int {
        let dotted = base[start] == UInt8(ascii: ".")
        var onlyClosingAngles = true
        var j = start
        while j < count {
            let b = base[j]
            if b < 0x80 {
                if b == UInt8(ascii: ".") {
                    if !dotted { return j }
                } else if !CharacterClasses.isOperatorASCII(b) {
                    return j
                } else if b == UInt8(ascii: "/") && j > start {
                    if j + 1 < count && (base[j + 1] == UInt8(ascii: "/") || base[j + 1] == UInt8(ascii: "*")) { return j }
                } else if (b == UInt8(ascii: "?") || b == UInt8(ascii: "!")) && j > start && onlyClosingAngles {
                    return j
                }
                onlyClosingAngles = onlyClosingAngles && b == UInt8(ascii: ">")
                j += 1
                continue
            }
            let decoded = base.decodeScalar(at: j, count: count)
            guard decoded.isValid else { return j }
            let isOperator = j == start ? CharacterClasses.isOperatorHead(decoded.scalar)
                                        : CharacterClasses.isOperatorBody(decoded.scalar)
            guard isOperator else { return j }
            onlyClosingAngles = false
            j += decoded.length
        }
        return j
    }

    /// An operator or operator-like punctuation starting at `start` (not `/`-comments, not `.` alone).
    mutating func scanOperator(from start: Int) {
        let first = base[start]
        let leftBound = isLeftBound(start)
        // A `?` or `!` touching what precedes it is always a single postfix token (`a?.b`, `a!`, `a!=b` is `a! = b`).
        if leftBound && first == UInt8(ascii: "?") {
            emit(.questionMark, from: start, to: start + 1, endsExpression: true)
            return
        }
        if leftBound && first == UInt8(ascii: "!") {
            emit(.exclamationMark, from: start, to: start + 1, endsExpression: true)
            return
        }
        let end = operatorEnd(from: start)
        switch end - start {
        case 1:
            switch first {
            case UInt8(ascii: "="):
                emit(.equal, from: start, to: end)
                return
            case UInt8(ascii: "?"):
                emit(.questionMark, from: start, to: end)
                return
            case UInt8(ascii: "&") where !leftBound && isRightBound(end):
                emit(.ampersand, from: start, to: end)
                return
            default:
                break
            }
        case 2 where first == UInt8(ascii: "-") && base[start + 1] == UInt8(ascii: ">"):
            emit(.arrow, from: start, to: end)
            return
        default:
            break
        }
        // A postfix operator (`x++`, `x...`) ends an expression; prefix and binary ones do not.
        let postfix = leftBound && !isRightBound(end)
        emit(.operator, from: start, to: end, endsExpression: postfix)
    }

    /// `.` alone is member access; `..`, `...`, `..<`, `.==` and other dot-operators are operators.
    mutating func scanPeriod(from start: Int) {
        let next = byte(start + 1)
        if start + 1 < count && (next == UInt8(ascii: ".") || CharacterClasses.isOperatorASCII(next)) {
            scanOperator(from: start)
        } else {
            emit(.period, from: start, to: start + 1)
        }
    }

    /// Whether the `/` at `start` follows `func` or `operator` (blanks and line ends between): it
    /// begins the name of an operator being declared (`static func /(lhs: V, rhs: Double)`,
    /// `infix operator /+/`), never a regex, as Swift reads it. Read backwards from the `/`, and
    /// only where a regex could start, so that no token pays for it.
    func namesDeclaredOperator(at start: Int) -> Bool {
        var j = start - 1
        while j >= 0, base[j] == 0x20 || base[j] == 0x09 || base[j] == 0x0A || base[j] == 0x0D { j -= 1 }
        let end = j + 1
        while j >= 0, CharacterClasses.isIdentifierBodyASCIIFast(base[j]) { j -= 1 }
        let wordStart = j + 1
        guard j < 0 || (base[j] != UInt8(ascii: "`") && base[j] != UInt8(ascii: "$") && base[j] != UInt8(ascii: "#")
                        && base[j] != UInt8(ascii: "@") && base[j] != UInt8(ascii: ".")) else { return false }
        switch end - wordStart {
        case 4: return matches(wordStart, "func")
        case 8: return matches(wordStart, "operator")
        default: return false
        }
    }

    /// `//` and `/* */` comments, a bare regex literal where one may start, else an operator.
    mutating func scanSlash(from start: Int) {
        let next = byte(start + 1)
        if start + 1 < count && next == UInt8(ascii: "/") {
            scanLineComment(from: start)
        } else if start + 1 < count && next == UInt8(ascii: "*") {
            scanBlockComment(from: start)
        } else if !afterExpressionEnd, start >= noRegexBefore, !namesDeclaredOperator(at: start),
                  let end = bareRegexEnd(from: start) {
            emit(.regexLiteral, from: start, to: end, endsExpression: true)
        } else {
            scanOperator(from: start)
        }
    }
}
