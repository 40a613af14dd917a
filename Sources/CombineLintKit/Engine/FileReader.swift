import Foundation

/// Reads whole files with POSIX calls, so that a failure carries its reason (errno).
public enum FileReader {
    /// Reads a regular file whole. A FIFO, socket or device is refused, never read: opening is
    /// non-blocking (a FIFO with no writer would block) and the type is checked before reading.
    public static func read(_ path: String) -> Result<[UInt8], FileReadError> {
        let fd = RawPath.withCString(path) { open($0, O_RDONLY | O_NONBLOCK | O_NOCTTY) }
        guard fd >= 0 else { return .failure(FileReadError(path: path, reason: String(cString: strerror(errno)))) }
        defer { close(fd) }
        var info = stat()
        let known = fstat(fd, &info) == 0
        if known {
            if (info.st_mode & S_IFMT) == S_IFDIR { return .failure(FileReadError(path: path, reason: "is a folder")) }
            if let kind = specialKind(info.st_mode) { return .failure(FileReadError(path: path, reason: "is \(kind), not a regular file")) }
        }
        // A regular file ignores O_NONBLOCK; anything `fstat` could not name reads blocking again.
        if !known || (info.st_mode & S_IFMT) != S_IFREG { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK) }
        // Read straight into the array's storage, sized from `fstat` (no zeroed buffer, no copy).
        // A regular file is read to the size `fstat` gave, with no extra read to find its end: a
        // snapshot, as an editor's save would give. Other files, and one that `fstat` calls
        // empty, are read to their end in doubling steps.
        let size = known && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : 0
        var capacity = size > 0 ? size : 4096
        var bytes: [UInt8] = []
        while true {
            var failure: Int32 = 0
            var atEnd = false
            let start = bytes.count
            bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
                let base = buffer.baseAddress!
                if start > 0 { bytes.withUnsafeBufferPointer { base.initialize(from: $0.baseAddress!, count: start) } }
                count = start
                while count < capacity {
                    let n = Foundation.read(fd, base + count, capacity - count)
                    if n < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return
                    }
                    if n == 0 { atEnd = true; return }
                    count += n
                    if size > 0 && count == size { atEnd = true; return }
                }
            }
            if failure != 0 { return .failure(FileReadError(path: path, reason: String(cString: strerror(failure)))) }
            if atEnd { break }
            capacity *= 2
        }
        return .success(bytes)
    }
}

extension FileReader {
    /// What a file that is neither a regular file nor a folder is, for messages (nil for those two
    /// and for symlinks, which `stat` has followed).
    public static func specialKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFIFO: return "a named pipe (FIFO)"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        default: return nil
        }
    }
}

/// A file that could not be read, and why.
public struct FileReadError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "cannot read '\(RawPath.escaped(path))': \(reason)" }
}
