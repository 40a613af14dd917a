/// Line and block comments (block comments nest; `///` and `/**` are doc comments).
extension Scanner {
    /// `// …` up to the line end; `///` is a doc comment but `////` is not.
    mutating func scanLineComment(from start: Int) {
        let isDoc = byte(start + 2) == UInt8(ascii: "/") && start + 2 < count && byte(start + 3) != UInt8(ascii: "/")
        emitTrivia(isDoc ? .docLineComment : .lineComment, from: start, to: lineEnd(from: start + 2))
    }

    /// `/* … */` with nesting; `/** … */` is a doc comment but `/**/` and `/***` are not.
    mutating func scanBlockComment(from start: Int) {
        let third = byte(start + 2), fourth = byte(start + 3)
        let isDoc = start + 3 < count && third == UInt8(ascii: "*")
            && fourth != UInt8(ascii: "/") && fourth != UInt8(ascii: "*")
        var depth = 1
        var j = start + 2
        while j < count {
            let b = base[j]
            if b == UInt8(ascii: "*") && j + 1 < count && base[j + 1] == UInt8(ascii: "/") {
                depth -= 1
                j += 2
                if depth == 0 {
                    emitTrivia(isDoc ? .docBlockComment : .blockComment, from: start, to: j)
                    return
                }
            } else if b == UInt8(ascii: "/") && j + 1 < count && base[j + 1] == UInt8(ascii: "*") {
                depth += 1
                j += 2
            } else {
                j += 1
            }
        }
        emitTrivia(isDoc ? .docBlockComment : .blockComment, from: start, to: count, flags: .unterminated)
    }
}
