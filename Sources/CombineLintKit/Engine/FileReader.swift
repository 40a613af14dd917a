import Foundation

/// Reads whole files with POSIX calls, so that a failure carries its reason (errno).
public enum FileReader {
    public static func read(_ path: String) -> Result<[UInt8], FileReadError> {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return .failure(FileReadError(path: path, reason: String(cString: strerror(errno)))) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            return .failure(FileReadError(path: path, reason: "is a folder"))
        }
        // Read straight into the array's storage, sized from `fstat` (no zeroed buffer, no copy);
        // a file that grows meanwhile is read on in doubled steps.
        var capacity = max(Int(info.st_size), 0) + 1
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
                }
            }
            if failure != 0 { return .failure(FileReadError(path: path, reason: String(cString: strerror(failure)))) }
            if atEnd { break }
            capacity *= 2
        }
        return .success(bytes)
    }
}

public struct FileReadError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "cannot read '\(path)': \(reason)" }
}
