#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
/// One Swift source file as bytes, with a line table so that any UTF-8 offset maps to a
/// 1-based line and column without rescanning the text.
public struct SourceFile: Sendable {
    /// The path as the user gave it (or as discovered under a given folder).
    public let path: String
    /// The file's bytes, exactly as read: never normalised, so offsets match the disk.
    public let bytes: [UInt8]
    /// UTF-8 offset of the first byte of each line; `lineStarts[0] == 0`.
    /// A line ends after `\n`, after `\r\n`, or after a lone `\r`.
    public let lineStarts: LineStarts
    /// Per line: it holds only ASCII bytes, so a column is a byte distance (no decoding per query,
    /// which keeps positions on a 10 MB single-line file cheap).
    let asciiLines: [Bool]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        let table = SourceFile.lineTable(bytes)
        (self.lineStarts, self.asciiLines) = (LineStarts(table.starts), table.ascii)
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The line table in one pass: each line's first offset, and whether the line is all ASCII.
    /// Eight bytes are tested at a time for a line end or a non-ASCII byte (every file of a run
    /// passes through here, and most eight-byte runs hold neither).
    static func lineTable(_ bytes: [UInt8]) -> (starts: [UInt32], ascii: [Bool]) {
        var starts: [UInt32] = [0]
        starts.reserveCapacity(bytes.count / 32 + 1)
        var ascii: [Bool] = []
        ascii.reserveCapacity(bytes.count / 32 + 1)
        var lineIsASCII = true
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let n = buffer.count
            if memchr(base, 0x0D, n) == nil {
                // Nearly every file: lines end at `\n` only, which memchr finds; each line is
                // then tested for non-ASCII bytes eight at a time.
                var i = 0
                while i < n {
                    guard let found = memchr(base + i, 0x0A, n - i) else {
                        lineIsASCII = isASCII(base + i, count: n - i)
                        break
                    }
                    let end = UnsafeRawPointer(found) - UnsafeRawPointer(base)
                    ascii.append(isASCII(base + i, count: end - i))
                    i = end + 1
                    starts.append(UInt32(truncatingIfNeeded: i))
                }
                return
            }
            var i = 0
            while i < n {
                while i + 8 <= n {
                    let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                    if hasZeroByte(word ^ 0x0A0A_0A0A_0A0A_0A0A) || hasZeroByte(word ^ 0x0D0D_0D0D_0D0D_0D0D) { break }
                    if word & 0x8080_8080_8080_8080 != 0 { lineIsASCII = false }
                    i += 8
                }
                guard i < n else { break }
                let byte = base[i]
                if byte == 0x0A || byte == 0x0D {
                    if byte == 0x0D && i + 1 < n && base[i + 1] == 0x0A { i += 1 }
                    starts.append(UInt32(truncatingIfNeeded: i + 1))
                    ascii.append(lineIsASCII)
                    lineIsASCII = true
                } else if byte >= 0x80 {
                    lineIsASCII = false
                }
                i += 1
            }
        }
        ascii.append(lineIsASCII)
        return (starts, ascii)
    }

    /// Whether `count` bytes from `start` are all ASCII (eight at a time).
    @inline(__always) private static func isASCII(_ start: UnsafePointer<UInt8>, count: Int) -> Bool {
        var high: UInt64 = 0
        var i = 0
        while i + 8 <= count {
            high |= UnsafeRawPointer(start + i).loadUnaligned(as: UInt64.self)
            i += 8
        }
        while i < count {
            high |= UInt64(start[i])
            i += 1
        }
        return high & 0x8080_8080_8080_8080 == 0
    }

    /// Whether some byte of `word` is zero (exact: borrows only carry past a zero byte).
    @inline(__always) private static func hasZeroByte(_ word: UInt64) -> Bool {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080 != 0
    }

    /// Number of lines (a file ending with a newline does not count an empty last line).
    public var lineCount: Int {
        if let last = lineStarts.last, last == bytes.count, lineStarts.count > 1 { return lineStarts.count - 1 }
        return lineStarts.count
    }

    /// 0-based line index holding `offset` (binary search over the line table).
    public func lineIndex(ofOffset offset: Int) -> Int {
        var lo = 0, hi = lineStarts.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if lineStarts[mid] <= offset { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// 1-based line and column of a UTF-8 offset. Columns count characters (grapheme
    /// clusters) from the start of the line, as Xcode shows them; invalid UTF-8 counts one
    /// column per byte.
    public func location(ofOffset offset: Int) -> SourceLocation {
        let clamped = max(0, min(offset, bytes.count))
        let li = lineIndex(ofOffset: clamped)
        let start = lineStarts[li]
        let column = asciiLines[li] ? clamped - start : SourceFile.characterCount(bytes[start..<clamped])
        return SourceLocation(line: li + 1, column: column + 1, offset: clamped)
    }

    static func characterCount(_ slice: ArraySlice<UInt8>) -> Int {
        if slice.allSatisfy({ $0 < 0x80 }) { return slice.count }
        // String(decoding:) replaces each invalid sequence with U+FFFD, one column each.
        return String(decoding: slice, as: UTF8.self).count
    }

    /// UTF-8 offset of a 1-based line and column (the inverse of `location(ofOffset:)`).
    public func offset(line: Int, column: Int) -> Int {
        guard line >= 1, line <= lineStarts.count else { return bytes.count }
        let start = lineStarts[line - 1]
        let end = line < lineStarts.count ? lineStarts[line] : bytes.count
        let text = String(decoding: bytes[start..<end], as: UTF8.self)
        var offset = start
        var remaining = column - 1
        for ch in text where remaining > 0 {
            offset += ch.utf8.count
            remaining -= 1
        }
        return min(offset, end)
    }

    /// The text of a 1-based line without its line terminator.
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The text of a byte range, decoded leniently.
    public func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range.clamped(to: 0..<bytes.count)], as: UTF8.self)
    }
}

/// A position in a source file: 1-based line and column (characters), and the UTF-8 offset.
public struct SourceLocation: Sendable, Hashable, Codable {
    public var line: Int
    public var column: Int
    public var offset: Int
    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }
}

/// The first offset of each line of a file, as `Int`s, stored in 32 bits (as token offsets are):
/// every file's table is kept for the whole run, and a project has hundreds of thousands of lines.
public struct LineStarts: RandomAccessCollection, Sendable, Equatable {
    private let storage: [UInt32]

    init(_ storage: [UInt32]) { self.storage = storage }

    public var startIndex: Int { 0 }
    public var endIndex: Int { storage.count }
    public subscript(position: Int) -> Int { Int(storage[position]) }
}
