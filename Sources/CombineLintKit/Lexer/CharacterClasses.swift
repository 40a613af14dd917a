/// Byte and Unicode scalar classes of Swift's lexical grammar. Pure functions, no tables,
/// so that the lexer's hot loops compile to a few comparisons.
enum CharacterClasses {
    @inline(__always) static func isIdentifierHeadASCII(_ b: UInt8) -> Bool {
        let lower = b | 0x20
        return (lower >= 0x61 && lower <= 0x7A) || b == 0x5F // a-z A-Z _
    }

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    @inline(__always) static func isHexDigit(_ b: UInt8) -> Bool {
        let lower = b | 0x20
        return isDigit(b) || (lower >= 0x61 && lower <= 0x66)
    }

    @inline(__always) static func isIdentifierBodyASCII(_ b: UInt8) -> Bool {
        isIdentifierHeadASCII(b) || isDigit(b)
    }

    /// `isIdentifierBodyASCII` for `b < 0x80` as a bit test: digits are bits 48–57 of the low
    /// mask; `A-Z`, `_`, `a-z` are bits 1–26, 31, 33–58 of the high mask (byte − 64).
    @inline(__always) static func isIdentifierBodyASCIIFast(_ b: UInt8) -> Bool {
        let mask: UInt64 = b < 64 ? 0x03FF_0000_0000_0000 : 0x07FF_FFFE_87FF_FFFE
        return (mask >> UInt64(b & 63)) & 1 != 0
    }

    /// Eight bytes at once (little-endian, first byte lowest): the top bit of each byte that is
    /// not an ASCII identifier body byte (`A-Z a-z 0-9 _`; any byte ≥ 0x80 counts as not).
    /// Each range test adds to every byte at once without carries (bytes are below 0x80 there):
    /// `b + (0x80 − lo)` has its top bit set exactly when `b ≥ lo`, `b + (0x7F − hi)` when `b > hi`.
    @inline(__always) static func nonIdentifierBytes(_ x: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        let ascii = x & ~high
        @inline(__always) func inRange(_ v: UInt64, _ lo: UInt64, _ hi: UInt64) -> UInt64 {
            let ones: UInt64 = 0x0101_0101_0101_0101
            return (v &+ (0x80 - lo) &* ones) & ~(v &+ (0x7F - hi) &* ones)
        }
        let letters = inRange(ascii | 0x2020_2020_2020_2020, 0x61, 0x7A)
        let digits = inRange(ascii, 0x30, 0x39)
        let underscores = inRange(ascii, 0x5F, 0x5F)
        let identifier = (letters | digits | underscores) & ~x & high
        return ~identifier & high
    }

    /// `/ = - + ! * % < > & | ^ ~ ?`
    @inline(__always) static func isOperatorASCII(_ b: UInt8) -> Bool {
        switch b {
        case 0x2F, 0x3D, 0x2D, 0x2B, 0x21, 0x2A, 0x25, 0x3C, 0x3E, 0x26, 0x7C, 0x5E, 0x7E, 0x3F: return true
        default: return false
        }
    }

    /// Horizontal whitespace inside code: space, tab, vertical tab, form feed and NUL
    /// (Swift treats NUL as whitespace, with a warning).
    @inline(__always) static func isHorizontalSpace(_ b: UInt8) -> Bool {
        b == 0x20 || b == 0x09 || b == 0x0B || b == 0x0C || b == 0x00
    }

    /// Operator-head scalars beyond ASCII (The Swift Programming Language, "Operators").
    static func isOperatorHead(_ s: UInt32) -> Bool {
        switch s {
        case 0x00A1...0x00A7, 0x00A9, 0x00AB, 0x00AC, 0x00AE, 0x00B0, 0x00B1, 0x00B6, 0x00BB, 0x00BF,
             0x00D7, 0x00F7, 0x2016...0x2017, 0x2020...0x2027, 0x2030...0x203E, 0x2041...0x2053,
             0x2055...0x205E, 0x2190...0x23FF, 0x2500...0x2775, 0x2794...0x2BFF, 0x2E00...0x2E7F,
             0x3001...0x3003, 0x3008...0x3020, 0x3030:
            return true
        default:
            return false
        }
    }

    /// Combining marks: they continue identifiers and operators but start neither.
    static func isCombining(_ s: UInt32) -> Bool {
        switch s {
        case 0x0300...0x036F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE00...0xFE0F, 0xFE20...0xFE2F, 0xE0100...0xE01EF:
            return true
        default:
            return false
        }
    }

    /// Identifier-head scalars beyond ASCII (The Swift Programming Language, "Identifiers").
    static func isIdentifierHead(_ s: UInt32) -> Bool {
        switch s {
        case 0x00A8, 0x00AA, 0x00AD, 0x00AF, 0x00B2...0x00B5, 0x00B7...0x00BA, 0x00BC...0x00BE,
             0x00C0...0x00D6, 0x00D8...0x00F6, 0x00F8...0x00FF, 0x0100...0x02FF, 0x0370...0x167F,
             0x1681...0x180D, 0x180F...0x1DBF, 0x1E00...0x1FFF, 0x200B...0x200D, 0x202A...0x202E,
             0x203F...0x2040, 0x2054, 0x2060...0x206F, 0x2070...0x20CF, 0x2100...0x218F, 0x2460...0x24FF,
             0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF, 0x3004...0x3007, 0x3021...0x302F,
             0x3031...0x303F, 0x3040...0xD7FF, 0xF900...0xFD3D, 0xFD40...0xFDCF, 0xFDF0...0xFE1F,
             0xFE30...0xFE44, 0xFE47...0xFEFE, 0xFF00...0xFFFD: // not U+FEFF: a BOM inside code is unknown
            return true
        case 0x10000...0xEFFFD:
            // Every plane but the last two, minus each plane's two non-characters (…FFFE, …FFFF).
            return s & 0xFFFE != 0xFFFE
        default:
            return false
        }
    }

    static func isIdentifierBody(_ s: UInt32) -> Bool {
        isCombining(s) || isIdentifierHead(s)
    }

    static func isOperatorBody(_ s: UInt32) -> Bool {
        isOperatorHead(s) || isCombining(s)
    }
}

/// One decoded UTF-8 sequence: the scalar and its length, or for invalid input the length of
/// the maximal invalid subpart (at least 1 byte), as Unicode recommends for replacement.
struct DecodedScalar {
    var scalar: UInt32
    var length: Int
    var isValid: Bool
}

extension UnsafePointer where Pointee == UInt8 {
    /// Decodes the UTF-8 sequence starting at `i` (which must be `< count`).
    @inline(__always)
    func decodeScalar(at i: Int, count: Int) -> DecodedScalar {
        let b0 = self[i]
        if b0 < 0x80 { return DecodedScalar(scalar: UInt32(b0), length: 1, isValid: true) }
        let needed: Int
        var scalar: UInt32
        var low: UInt8 = 0x80, high: UInt8 = 0xBF // allowed range of the second byte
        switch b0 {
        case 0xC2...0xDF: needed = 1; scalar = UInt32(b0 & 0x1F)
        case 0xE0: needed = 2; scalar = UInt32(b0 & 0x0F); low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: needed = 2; scalar = UInt32(b0 & 0x0F)
        case 0xED: needed = 2; scalar = UInt32(b0 & 0x0F); high = 0x9F
        case 0xF0: needed = 3; scalar = UInt32(b0 & 0x07); low = 0x90
        case 0xF1...0xF3: needed = 3; scalar = UInt32(b0 & 0x07)
        case 0xF4: needed = 3; scalar = UInt32(b0 & 0x07); high = 0x8F
        default: return DecodedScalar(scalar: 0xFFFD, length: 1, isValid: false)
        }
        var k = 1
        while k <= needed {
            let j = i + k
            guard j < count else { return DecodedScalar(scalar: 0xFFFD, length: k, isValid: false) }
            let b = self[j]
            let lo: UInt8 = k == 1 ? low : 0x80
            let hi: UInt8 = k == 1 ? high : 0xBF
            guard b >= lo && b <= hi else { return DecodedScalar(scalar: 0xFFFD, length: k, isValid: false) }
            scalar = (scalar << 6) | UInt32(b & 0x3F)
            k += 1
        }
        return DecodedScalar(scalar: scalar, length: needed + 1, isValid: true)
    }
}
