/// Makes a String of up to 15 ASCII bytes directly in the representation the standard library
/// gives such a string: the bytes inline in its two words, and in the top byte of the second the
/// flags "immortal, ASCII, small" (`0xE0`) with the count. That representation is part of
/// String's stable ABI on 64-bit platforms; the library's own initializers take a
/// non-inlined call and a validation pass, which cost the structure pass about 7 % of its
/// instructions on the names it reads (most names are short and ASCII).
///
/// `isAvailable` checks once, on strings made the library's way, that this platform lays
/// small strings out so; where it does not, callers use the library's initializers.
enum SmallASCIIString {
    /// The direct construction gives the same strings as the library here.
    static let isAvailable: Bool = {
        #if (arch(x86_64) || arch(arm64)) && _endian(little)
        guard MemoryLayout<String>.size == 16 else { return false }
        let samples = ["a", "id", "sink", "self", "cancellables", "_0123456789xyz", "abcdefghijklmno"]
        return samples.allSatisfy { sample in
            let bytes = Array(sample.utf8)
            let made = bytes.withUnsafeBufferPointer { make($0, count: bytes.count) }
            var expected = sample
            expected.makeContiguousUTF8()
            return made == sample && made.utf8.count == bytes.count && Array(made.utf8) == bytes
                && made.hashValue == sample.hashValue
                && unsafeBitCast(made, to: (UInt64, UInt64).self) == unsafeBitCast(expected, to: (UInt64, UInt64).self)
        }
        #else
        return false
        #endif
    }()

    /// The String of `count` (1…15) bytes at `bytes`, which must all be ASCII, built directly.
    @inline(__always) static func make(_ bytes: UnsafeBufferPointer<UInt8>, count: Int) -> String {
        let (low, high) = words(bytes, start: 0, count: count)
        return fromWords(low, high, count: count)
    }

    /// The `count` (1…15) bytes at `start` packed as the two words of a small string (without
    /// the top byte), little-endian: two unaligned loads, masked, when 16 bytes are readable there.
    @inline(__always) static func words(_ source: UnsafeBufferPointer<UInt8>, start: Int, count: Int) -> (UInt64, UInt64) {
        if start + 16 <= source.count {
            let raw = UnsafeRawPointer(source.baseAddress! + start)
            var low = UInt64(littleEndian: raw.loadUnaligned(as: UInt64.self))
            var high = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
            if count < 8 {
                low &= (1 << (8 * UInt64(count))) &- 1
                high = 0
            } else {
                high &= (1 << (8 * UInt64(count - 8))) &- 1
            }
            return (low, high)
        }
        var low: UInt64 = 0, high: UInt64 = 0
        for k in 0..<count {
            let byte = UInt64(source[start + k])
            if k < 8 { low |= byte << (8 * UInt64(k)) } else { high |= byte << (8 * UInt64(k - 8)) }
        }
        return (low, high)
    }

    /// The String of `words` when every byte in them is ASCII, else nil (callers then use the
    /// library's initializers, which repair what is not valid UTF-8).
    @inline(__always) static func ifASCII(_ words: (low: UInt64, high: UInt64), count: Int) -> String? {
        (words.low | words.high) & 0x8080_8080_8080_8080 == 0 ? fromWords(words.low, words.high, count: count) : nil
    }

    @inline(__always) static func fromWords(_ low: UInt64, _ high: UInt64, count: Int) -> String {
        unsafeBitCast((low, high | (0xE0 | UInt64(count)) << 56), to: String.self)
    }
}
