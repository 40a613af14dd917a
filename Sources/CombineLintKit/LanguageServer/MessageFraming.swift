import Foundation

/// One framed message read from the client, or why none could be read.
public enum IncomingFrame: Sendable, Equatable {
    /// A message body (its `Content-Length` bytes).
    case body([UInt8])
    /// A header block that cannot be used (no or a bad `Content-Length`): the body, if any, was
    /// skipped up to the next header block, so reading goes on.
    case badHeader(String)
    /// The input ended.
    case end
}

/// Reads LSP's base protocol from a byte stream: header lines (`Content-Length: N`), a blank line,
/// then N bytes of JSON. Reads in blocks from a file descriptor, so one message costs no system
/// call per byte.
public final class MessageReader {
    private let read: (UnsafeMutableRawPointer, Int) -> Int
    private var buffer: [UInt8] = []
    private var start = 0
    private var ended = false
    /// The largest body accepted (a larger `Content-Length` is a bad header, not an allocation).
    public static let maximumBodySize = 256 << 20

    /// A reader of `fileDescriptor` (standard input for the server).
    public convenience init(fileDescriptor: Int32) {
        self.init { pointer, count in
            while true {
                let n = Foundation.read(fileDescriptor, pointer, count)
                if n < 0 && errno == EINTR { continue }
                return n
            }
        }
    }

    /// A reader over a read function (bytes read into the pointer, 0 at the end, negative on error).
    public init(read: @escaping (UnsafeMutableRawPointer, Int) -> Int) {
        self.read = read
    }

    /// The next frame.
    public func next() -> IncomingFrame {
        // Headers: lines up to an empty line. Blank lines before a header block are skipped.
        var length: Int? = nil
        var problem: String? = nil
        var sawHeader = false
        while true {
            guard let line = readLine() else {
                return sawHeader ? .badHeader("the input ended inside a header block") : .end
            }
            if line.isEmpty {
                if !sawHeader { continue }
                break
            }
            sawHeader = true
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
                problem = problem ?? "a header line without ':' (\(String(decoding: line.prefix(40), as: UTF8.self)))"
                continue
            }
            let name = String(decoding: line[..<colon], as: UTF8.self).trimmingSpaces.lowercased()
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingSpaces
            if name == "content-length" {
                if let n = Int(value), n >= 0, n <= MessageReader.maximumBodySize { length = n } else {
                    problem = problem ?? "a bad Content-Length '\(value)'"
                }
            }
        }
        guard let length, problem == nil else {
            if let length { _ = readBytes(length) }
            return .badHeader(problem ?? "a header block without Content-Length")
        }
        guard let body = readBytes(length) else {
            start = buffer.count
            return .badHeader("the input ended inside a message body")
        }
        return .body(body)
    }

    /// One header line without its `\r\n` (or `\n`), nil at the end of the input.
    private func readLine() -> [UInt8]? {
        // How far past `start` no newline was seen (`fill` may move the bytes to the front).
        var scanned = 0
        while true {
            if let newline = buffer[(start + scanned)...].firstIndex(of: 0x0A) {
                var end = newline
                if end > start && buffer[end - 1] == 0x0D { end -= 1 }
                let line = Array(buffer[start..<end])
                start = newline + 1
                return line
            }
            scanned = buffer.count - start
            guard fill() else {
                if start < buffer.count {
                    let line = Array(buffer[start...])
                    start = buffer.count
                    return line
                }
                return nil
            }
        }
    }

    private func readBytes(_ count: Int) -> [UInt8]? {
        while buffer.count - start < count {
            guard fill() else { return nil }
        }
        let bytes = Array(buffer[start..<(start + count)])
        start += count
        return bytes
    }

    /// Reads more input into the buffer; false at the end.
    private func fill() -> Bool {
        guard !ended else { return false }
        if start > 0 && start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        let n = chunk.withUnsafeMutableBytes { read($0.baseAddress!, $0.count) }
        guard n > 0 else {
            ended = true
            return false
        }
        buffer.append(contentsOf: chunk[0..<n])
        return true
    }
}

/// Writes framed messages; safe to call from several threads (each message is written whole).
public final class MessageWriter: @unchecked Sendable {
    private let lock = NSLock()
    private let write: ([UInt8]) -> Void

    /// A writer to `fileDescriptor` (standard output for the server).
    public convenience init(fileDescriptor: Int32) {
        self.init { bytes in
            var sent = 0
            while sent < bytes.count {
                let n = bytes.withUnsafeBytes { Foundation.write(fileDescriptor, $0.baseAddress! + sent, bytes.count - sent) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                sent += n
            }
        }
    }

    public init(write: @escaping ([UInt8]) -> Void) {
        self.write = write
    }

    /// Sends one message.
    public func send(_ message: LSPJSON) {
        let body = Array(message.text.utf8)
        let frame = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        lock.lock()
        defer { lock.unlock() }
        write(frame)
    }
}
