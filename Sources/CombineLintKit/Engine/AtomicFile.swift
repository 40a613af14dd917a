import Foundation

/// Writes files atomically: the bytes go to a temporary file in the same folder, which then
/// replaces the target with rename(2), so a reader sees the old file or the new one, never half.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible {
        public var description: String
    }

    public static func write(_ bytes: [UInt8], to path: String) throws {
        let directory = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        let temporary = (directory.isEmpty ? "." : directory) + "/.\(name).combinelint-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        // Keep the permissions of the file being replaced.
        var mode: mode_t = 0o644
        var info = stat()
        if RawPath.withCString(path, { stat($0, &info) }) == 0 { mode = info.st_mode & 0o7777 }
        let fd = RawPath.withCString(temporary) { open($0, O_WRONLY | O_CREAT | O_EXCL, mode) }
        guard fd >= 0 else {
            throw WriteError(description: "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        var written = 0
        let ok: Bool = bytes.withUnsafeBytes { buffer in
            while written < buffer.count {
                let n = Foundation.write(fd, buffer.baseAddress! + written, buffer.count - written)
                if n < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                written += n
            }
            return true
        }
        let writeErrno = errno
        _ = fchmod(fd, mode)
        close(fd)
        guard ok else {
            _ = RawPath.withCString(temporary) { unlink($0) }
            throw WriteError(description: "cannot write \(path): \(String(cString: strerror(writeErrno)))")
        }
        guard RawPath.withCString(temporary, { from in RawPath.withCString(path) { rename(from, $0) } }) == 0 else {
            let message = String(cString: strerror(errno))
            _ = RawPath.withCString(temporary) { unlink($0) }
            throw WriteError(description: "cannot replace \(path): \(message)")
        }
    }

    public static func write(_ text: String, to path: String) throws {
        try write(Array(text.utf8), to: path)
    }
}
