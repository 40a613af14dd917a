/// Whether a file's bytes may be instrumented: only UTF-8 text. `lint` reads any bytes (its lexer
/// is lossless), but inserting into a file in another encoding would corrupt it.
public enum InstrumentableText {
    /// Why the file is not instrumented, or nil when it may be.
    public static func problem(in file: SourceFile) -> String? {
        if let problem = SourceEncoding.detect(file.bytes).problem { return problem }
        guard let offset = firstInvalidUTF8(file.bytes) else { return nil }
        let hex = String(file.bytes[offset], radix: 16, uppercase: true)
        return "not valid UTF-8 (byte 0x\(hex.count == 1 ? "0" + hex : hex) at line \(file.lineIndex(ofOffset: offset) + 1))"
    }

    /// The offset of the first byte that is not part of a valid UTF-8 sequence.
    static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
        var i = 0
        let n = bytes.count
        while i < n {
            let b = bytes[i]
            if b < 0x80 { i += 1; continue }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF   // range of the second byte
            switch b {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return i
            }
            guard i + length <= n, (low...high).contains(bytes[i + 1]) else { return i }
            for k in 2..<length where !(0x80...0xBF).contains(bytes[i + k]) { return i }
            i += length
        }
        return nil
    }
}
