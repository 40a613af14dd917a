/// Questions about the folders of a file's path, read as bytes, component by component: rules ask
/// them for every use of a name, and splitting the path into strings each time cost a tenth of a
/// whole lint.
public enum FolderNames {
    /// Whether a folder of `path` (any component before the file name) satisfies `matches`.
    public static func contains(in path: String, where matches: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            var start = 0
            for end in bytes.indices where bytes[end] == UInt8(ascii: "/") {
                defer { start = end + 1 }
                let component = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if !component.isEmpty, matches(component) { return true }
            }
            return false
        }
    }

    /// The file's name: the last component of `path` (`PreviewSupport.swift` of `App/PreviewSupport.swift`).
    public static func fileName(of path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Whether a folder of `path` is named one of `names`.
    public static func contains(in path: String, namedOneOf names: Set<String>) -> Bool {
        let longest = names.reduce(0) { max($0, $1.utf8.count) }
        return contains(in: path) { $0.count <= longest && names.contains(String(decoding: $0, as: UTF8.self)) }
    }
}
