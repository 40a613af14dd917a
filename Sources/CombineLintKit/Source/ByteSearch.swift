/// Substring search on UTF-8 bytes, with no String made (Foundation's `contains` goes through
/// NSString on Linux, which is slow where the analyzer asks it per declaration).
enum ByteSearch {
    /// Whether `needle` occurs in `bytes[range]`.
    static func contains(_ needle: StaticString, in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> Bool {
        let n = needle.utf8CodeUnitCount
        guard n > 0 else { return true }
        guard range.count >= n else { return false }
        let first = needle.utf8Start[0]
        var i = range.lowerBound
        while i <= range.upperBound - n {
            if bytes[i] == first {
                var j = 1
                while j < n && bytes[i + j] == needle.utf8Start[j] { j += 1 }
                if j == n { return true }
            }
            i += 1
        }
        return false
    }
}
