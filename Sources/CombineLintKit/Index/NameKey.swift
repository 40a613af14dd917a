/// A name's 64-bit key in the index's postings: FNV-1a over its UTF-8 bytes. Tokens are keyed
/// from their bytes, so no String is made for the millions of names of a project. Two names
/// may share a key (rarely), so readers of a posting still compare the name itself.
public struct NameKey: Hashable, Sendable {
    public let value: UInt64

    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let prime: UInt64 = 0x0000_0100_0000_01b3

    /// The key of a name as a String (compared by its bytes, as tokens are).
    public init(_ name: String) {
        var hash = NameKey.offsetBasis
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* NameKey.prime }
        value = hash
    }

    /// A key as stored.
    init(value: UInt64) { self.value = value }

    /// The key of the bytes `range` of `bytes`.
    @inline(__always)
    init(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        var hash = NameKey.offsetBasis
        for i in range { hash = (hash ^ UInt64(bytes[i])) &* NameKey.prime }
        value = hash
    }

    /// The key of an identifier token's name: its bytes, without the backticks of `` `default` ``.
    @inline(__always)
    init(token: Token, in bytes: UnsafeBufferPointer<UInt8>) {
        if token.flags.contains(.backticked), token.length >= 2 {
            self.init(bytes, (token.startOffset + 1)..<(token.endOffset - 1))
        } else {
            self.init(bytes, token.range)
        }
    }
}
