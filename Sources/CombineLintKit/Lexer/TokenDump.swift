/// A readable listing of tokens, one per line: `line:col kind "text"` (backs `combinelint dump tokens`).
///
/// The text is escaped so that every line stays one line: `\n`, `\r`, `\t`, `\"`, `\\`; other
/// non-printable scalars as `\u{XXXX}`; bytes that are not valid UTF-8 as `\x{XX}`.
public enum TokenDump {
    public static func render(_ tokens: [Token], in file: SourceFile, includeTrivia: Bool) -> String {
        var out = ""
        out.reserveCapacity(tokens.count * 24)
        var cursor = LocationCursor(file: file)
        for token in tokens where includeTrivia || !token.kind.isTrivia {
            let location = cursor.location(ofOffset: token.startOffset)
            out += "\(location.line):\(location.column) \(name(of: token.kind)) \""
            escape(file.bytes, token.range.clamped(to: 0..<file.bytes.count), into: &out)
            out += "\"\n"
        }
        return out
    }

    /// The kind as written in Swift (`identifier`, `operator`, `stringStart` …).
    public static func name(of kind: TokenKind) -> String {
        String(describing: kind)
    }

    /// Appends the bytes as escaped text.
    public static func escape(_ bytes: [UInt8], _ range: Range<Int>, into out: inout String) {
        var i = range.lowerBound
        let end = range.upperBound
        while i < end {
            let b = bytes[i]
            if b < 0x80 {
                switch b {
                case 0x0A: out += "\\n"
                case 0x0D: out += "\\r"
                case 0x09: out += "\\t"
                case 0x22: out += "\\\""
                case 0x5C: out += "\\\\"
                case 0x20...0x7E: out.unicodeScalars.append(Unicode.Scalar(b))
                default: out += "\\u{\(hex(UInt32(b)))}"
                }
                i += 1
                continue
            }
            let decoded = bytes.withUnsafeBufferPointer { $0.baseAddress!.decodeScalar(at: i, count: end) }
            if decoded.isValid, let scalar = Unicode.Scalar(decoded.scalar) {
                if isPrintable(scalar) { out.unicodeScalars.append(scalar) } else { out += "\\u{\(hex(decoded.scalar))}" }
            } else {
                for k in i..<(i + decoded.length) { out += "\\x{\(hex(UInt32(bytes[k]), digits: 2))}" }
            }
            i += decoded.length
        }
    }

    static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned,
             .spaceSeparator where scalar.value != 0x20:
            return false
        default:
            return true
        }
    }

    static func hex(_ value: UInt32, digits minimum: Int = 4) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return digits.count < minimum ? String(repeating: "0", count: minimum - digits.count) + digits : digits
    }
}

/// Line and column of increasing offsets without rescanning each line from its start
/// (a 10 MB single-line file stays linear).
struct LocationCursor {
    let file: SourceFile
    var lineIndex = 0
    var offset = 0
    var column = 1

    init(file: SourceFile) { self.file = file }

    mutating func location(ofOffset target: Int) -> SourceLocation {
        let target = max(0, min(target, file.bytes.count))
        if target < offset { self = LocationCursor(file: file) }
        let line = file.lineIndex(ofOffset: target)
        if line != lineIndex {
            lineIndex = line
            offset = file.lineStarts[line]
            column = 1
        }
        column += SourceFile.characterCount(file.bytes[offset..<target])
        offset = target
        return SourceLocation(line: lineIndex + 1, column: column, offset: target)
    }
}
