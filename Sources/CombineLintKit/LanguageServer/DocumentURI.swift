/// `file://` URIs and paths: percent-decoding and encoding as RFC 3986 wants (editors send
/// `file:///a%20b/c.swift`; VS Code also encodes `:` of a drive letter).
public enum DocumentURI {
    /// The absolute path of a `file` URI, nil for another scheme or a malformed URI.
    public static func path(of uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = Substring(uri.dropFirst("file://".count))
        // An authority (`file://localhost/…`) is dropped; the path starts at the first `/`.
        guard let slash = rest.firstIndex(of: "/") else { return nil }
        rest = rest[slash...]
        if let query = rest.firstIndex(where: { $0 == "?" || $0 == "#" }) { rest = rest[..<query] }
        var bytes: [UInt8] = []
        var utf8 = Array(rest.utf8)[...]
        while let b = utf8.popFirst() {
            if b == UInt8(ascii: "%") {
                guard utf8.count >= 2, let hi = hex(utf8[utf8.startIndex]), let lo = hex(utf8[utf8.startIndex + 1]) else { return nil }
                bytes.append(hi << 4 | lo)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(b)
            }
        }
        return RawPath.decode(bytes)
    }

    /// The `file` URI of an absolute path.
    public static func uri(ofPath path: String) -> String {
        var out = "file://"
        for b in RawPath.bytes(path).dropLast().map({ UInt8(bitPattern: $0) }) {
            let unreserved = (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39)
                || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: "_") || b == UInt8(ascii: "~")
                || b == UInt8(ascii: "/")
            if unreserved {
                out.unicodeScalars.append(Unicode.Scalar(b))
            } else {
                let digits = Array("0123456789ABCDEF".utf8)
                out += "%"
                out.unicodeScalars.append(Unicode.Scalar(digits[Int(b >> 4)]))
                out.unicodeScalars.append(Unicode.Scalar(digits[Int(b & 0xF)]))
            }
        }
        return out
    }

    private static func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: return b - 0x30
        case 0x41...0x46: return b - 0x41 + 10
        case 0x61...0x66: return b - 0x61 + 10
        default: return nil
        }
    }
}
