import Foundation

/// Path helpers shared by the walker, the engine, the baseline and the reporters' callers.
public enum PathUtilities {
    /// An absolute path with `.` and `..` removed (symlinks are not resolved).
    public static func standardize(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// `path` made absolute against `directory` when it is relative, then standardized.
    public static func absolute(_ path: String, relativeTo directory: String) -> String {
        if path.hasPrefix("/") { return standardize(path) }
        return standardize((directory as NSString).appendingPathComponent(path))
    }

    /// `path` relative to `directory` when it lies inside it, else absolute.
    public static func display(_ path: String, relativeTo directory: String) -> String {
        let absolutePath = absolute(path, relativeTo: directory)
        let root = standardize(directory)
        let prefix = root.hasSuffix("/") ? root : root + "/"
        if absolutePath.hasPrefix(prefix) { return String(absolutePath.dropFirst(prefix.count)) }
        return absolutePath
    }

    /// The folder of an absolute, standardized path (`/` for a path directly under it),
    /// without bridging to NSString: the walker asks once per file.
    public static func folder(of absolutePath: String) -> String {
        guard let slash = absolutePath.utf8.lastIndex(of: UInt8(ascii: "/")) else { return absolutePath }
        if slash == absolutePath.utf8.startIndex { return "/" }
        return String(absolutePath[..<slash])
    }

    /// Symlinks resolved (for loop detection and for matching the same file under two names).
    public static func realPath(_ path: String) -> String? {
        guard let resolved = RawPath.withCString(path, { realpath($0, nil) }) else { return nil }
        defer { free(resolved) }
        return RawPath.decode(UnsafeBufferPointer(start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self), count: strlen(resolved)))
    }
}
