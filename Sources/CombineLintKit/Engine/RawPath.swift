/// File names that are not valid UTF-8, carried in a `String`. Each byte of an invalid sequence
/// becomes one private-use character (U+10FF80…U+10FFFF, for bytes 0x80…0xFF), which is turned
/// back into the byte for system calls and shown as `\xNN` in reports. A name that really holds
/// those characters (never seen in practice) would be read as the bytes they stand for.
public enum RawPath {
    private static let base: UInt32 = 0x10FF00

    /// A name or path from the file system or the command line, lossless.
    public static func decode<Bytes: Collection>(_ bytes: Bytes) -> String where Bytes.Element == UInt8 {
        // Valid UTF-8 (nearly every name) decodes to the same bytes.
        let text = String(decoding: bytes, as: UTF8.self)
        if text.utf8.elementsEqual(bytes) { return text }
        var scalars = String.UnicodeScalarView()
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var pending = bytes.startIndex
        loop: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                scalars.append(Unicode.UTF8.decode(encoded))
                pending = bytes.index(pending, offsetBy: encoded.count)
            case .error(let length):
                for _ in 0..<length {
                    scalars.append(Unicode.Scalar(base + UInt32(bytes[pending]))!)
                    pending = bytes.index(after: pending)
                }
            case .emptyInput:
                break loop
            }
        }
        return String(scalars)
    }

    /// The bytes a path stands for, NUL-terminated, for system calls.
    public static func bytes(_ path: String) -> [CChar] {
        var result: [CChar] = []
        result.reserveCapacity(path.utf8.count + 1)
        for scalar in path.unicodeScalars {
            if scalar.value >= base + 0x80 && scalar.value <= base + 0xFF {
                result.append(CChar(bitPattern: UInt8(scalar.value - base)))
            } else {
                for byte in String(scalar).utf8 { result.append(CChar(bitPattern: byte)) }
            }
        }
        result.append(0)
        return result
    }

    /// Calls `body` with the path as a C string of its real bytes.
    public static func withCString<T>(_ path: String, _ body: (UnsafePointer<CChar>) throws -> T) rethrows -> T {
        // Every stand-in character starts with the byte 0xF4: without one, the UTF-8 is the path.
        guard path.utf8.contains(0xF4) else { return try path.withCString(body) }
        return try bytes(path).withUnsafeBufferPointer { try body($0.baseAddress!) }
    }

    /// The path for people: each byte of an invalid sequence as `\xNN`.
    public static func escaped(_ path: String) -> String {
        guard path.unicodeScalars.contains(where: { $0.value >= base + 0x80 && $0.value <= base + 0xFF }) else { return path }
        var result = ""
        for scalar in path.unicodeScalars {
            if scalar.value >= base + 0x80 && scalar.value <= base + 0xFF {
                let hex = String(scalar.value - base, radix: 16, uppercase: true)
                result += "\\x" + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
