#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
/// What a file's bytes are, as far as linting goes: the Swift compiler reads UTF-8 only, so
/// UTF-16 and UTF-32 text and binary data are reported instead of being lexed into nothing.
/// Invalid UTF-8 without NUL bytes stays text (the lexer is lossless and flags malformed bytes).
public enum SourceEncoding: Sendable, Hashable {
    case utf8
    case utf16(bigEndian: Bool, byteOrderMark: Bool)
    case utf32(bigEndian: Bool)
    /// NUL bytes that are no UTF-16 pattern: not text.
    case binary

    /// How much of the start is looked at for NUL bytes (as git does, to call a file binary).
    static let sampleLength = 8000

    public static func detect(_ bytes: [UInt8]) -> SourceEncoding {
        let sample = bytes.prefix(sampleLength)
        // A byte order mark counts only with the shape of its encoding (whole code units, and the
        // NUL bytes every line break has), since the same bytes also start invalid UTF-8.
        // memchr: every file of a run is tested, and a byte loop costs more than the lexer's first pass.
        let hasNUL = sample.withUnsafeBufferPointer { $0.baseAddress.map { memchr($0, 0, sample.count) != nil } ?? false }
        if hasNUL, bytes.count % 4 == 0 {
            if bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF]) { return .utf32(bigEndian: true) }
            if bytes.starts(with: [0xFF, 0xFE, 0x00, 0x00]) { return .utf32(bigEndian: false) }
        }
        if hasNUL, bytes.count % 2 == 0 {
            if bytes.starts(with: [0xFE, 0xFF]) { return .utf16(bigEndian: true, byteOrderMark: true) }
            if bytes.starts(with: [0xFF, 0xFE]) { return .utf16(bigEndian: false, byteOrderMark: true) }
        }
        guard hasNUL else { return .utf8 }
        var nulAtEven = 0, nulAtOdd = 0
        for (offset, byte) in sample.enumerated() where byte == 0 {
            if offset % 2 == 0 { nulAtEven += 1 } else { nulAtOdd += 1 }
        }
        // Text of mostly ASCII characters in UTF-16 has a NUL in every other byte, on one side.
        let pairs = sample.count / 2
        if pairs > 0, nulAtEven == 0, nulAtOdd * 2 >= pairs { return .utf16(bigEndian: false, byteOrderMark: false) }
        if pairs > 0, nulAtOdd == 0, nulAtEven * 2 >= pairs { return .utf16(bigEndian: true, byteOrderMark: false) }
        return .binary
    }

    /// Why the file is not linted (nil for UTF-8).
    public var problem: String? {
        switch self {
        case .utf8: return nil
        case .utf16(let bigEndian, let mark):
            let order = bigEndian ? "big-endian" : "little-endian"
            return "UTF-16 (\(order)\(mark ? ", with a byte order mark" : "")) text; Swift source must be UTF-8"
        case .utf32(let bigEndian):
            return "UTF-32 (\(bigEndian ? "big-endian" : "little-endian")) text; Swift source must be UTF-8"
        case .binary:
            return "binary data (NUL bytes), not Swift source"
        }
    }
}
