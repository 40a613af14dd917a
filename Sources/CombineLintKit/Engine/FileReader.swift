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
        var bytes: [UInt8] = []
        if info.st_size > 0 { bytes.reserveCapacity(Int(info.st_size)) }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return .failure(FileReadError(path: path, reason: String(cString: strerror(errno))))
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
        }
        return .success(bytes)
    }
}

public struct FileReadError: Error, Sendable, Hashable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "cannot read '\(path)': \(reason)" }
}
