import Foundation

/// A trace line that could not be read; the reader skips it and goes on.
public struct TraceReadProblem: Sendable, Equatable, CustomStringConvertible {
    /// 1-based line number in the file.
    public var line: Int
    public var message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }
}

/// What a trace file held: its events in order and the lines that were skipped.
public struct TraceDocument: Sendable, Equatable {
    public var events: [TraceEvent]
    public var problems: [TraceReadProblem]

    public init(events: [TraceEvent], problems: [TraceReadProblem] = []) {
        self.events = events
        self.problems = problems
    }
}

/// Reads JSON Lines traces. Unknown fields and unknown event names are ignored so the format
/// can grow; malformed, truncated or too deeply nested lines become problems with their line
/// number.
///
/// A file is read in chunks and each line is parsed where it lies in the chunk, so reading needs
/// the events plus one chunk of memory, not a copy of the file.
public enum TraceReader {
    /// Bytes read from the file at a time (a longer line grows the buffer).
    public static let chunkSize = 1 << 20

    /// Reads the file at `path`; throws only when the file cannot be read at all.
    public static func read(path: String) throws -> TraceDocument {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw TraceFileError.cannotRead(path: path) }
        defer { close(descriptor) }
        var parser = LineParser()
        // Room for the most events the file can hold (a line is at least about 60 bytes), so the
        // array never grows by copying; pages never filled are never touched.
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_size > 0 {
            parser.document.events.reserveCapacity(Int(status.st_size) / 60 + 16)
        }
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        var filled = 0
        while true {
            if filled == buffer.count { buffer.append(contentsOf: repeatElement(0, count: buffer.count)) }
            let count = buffer.withUnsafeMutableBytes { raw in
                Foundation.read(descriptor, raw.baseAddress! + filled, raw.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw TraceFileError.cannotRead(path: path)
            }
            if count == 0 { break }
            filled += count
            // Parse every complete line; keep the unfinished one at the front of the buffer.
            let consumed = buffer.withUnsafeBufferPointer { parser.parseLines(UnsafeBufferPointer(rebasing: $0[0..<filled]), final: false) }
            if consumed > 0 {
                buffer.withUnsafeMutableBytes { raw in
                    let base = raw.baseAddress!
                    memmove(base, base + consumed, filled - consumed)
                }
                filled -= consumed
            }
        }
        _ = buffer.withUnsafeBufferPointer { parser.parseLines(UnsafeBufferPointer(rebasing: $0[0..<filled]), final: true) }
        return parser.document
    }

    /// Parses a whole trace; blank lines are skipped.
    public static func parse(_ text: String) -> TraceDocument { parse(Array(text.utf8)) }

    /// Parses a whole trace given as UTF-8 bytes.
    public static func parse(_ bytes: [UInt8]) -> TraceDocument {
        var parser = LineParser()
        _ = bytes.withUnsafeBufferPointer { parser.parseLines($0, final: true) }
        return parser.document
    }

    /// Turns lines into events, counting line numbers across chunks.
    private struct LineParser {
        var document = TraceDocument(events: [])
        private var lineNumber = 0
        /// The last thread and queue names read: a trace repeats a few, so events share them.
        private var lastThread = ""
        private var lastThreadBytes: [UInt8] = []
        private var lastQueue: String?

        /// Parses the complete lines of `bytes` (all of them when `final`); returns the number of
        /// bytes consumed.
        mutating func parseLines(_ bytes: UnsafeBufferPointer<UInt8>, final: Bool) -> Int {
            guard let base = bytes.baseAddress else { return 0 }
            var start = 0
            while start < bytes.count {
                let end: Int
                if let newline = memchr(base + start, 0x0A, bytes.count - start) {
                    end = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
                } else if final {
                    end = bytes.count
                } else {
                    break
                }
                lineNumber += 1
                parse(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                start = end + 1
            }
            return min(start, bytes.count)
        }

        private mutating func parse(_ line: UnsafeBufferPointer<UInt8>) {
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return }
            var fields = TraceLineFields()
            do {
                try FlatJSONParser.parseObject(line) { key, value in fields.set(key, value) }
            } catch let error as FlatJSONError {
                problem("malformed JSON at column \(error.column): \(error.message)")
                return
            } catch {
                problem("malformed JSON")
                return
            }
            do {
                guard let event = try event(fields) else { return }
                document.events.append(event)
            } catch let error as LineProblem {
                problem(error.message)
            } catch {
                problem("\(error)")
            }
        }

        private mutating func problem(_ message: String) {
            document.problems.append(TraceReadProblem(line: lineNumber, message: message))
        }

        /// An event, nil for an event name this reader does not know.
        private mutating func event(_ f: TraceLineFields) throws -> TraceEvent? {
            let version = try unsigned(f.v, "v")
            guard version == 1 else { throw LineProblem(message: "unsupported trace version \(version)") }
            let seq = try unsigned(f.seq, "seq")
            let time = try unsigned(f.t, "t")
            guard let name = f.ev else { throw LineProblem(message: "missing field \"ev\"") }
            guard let eventName = EventName(name) else {
                guard name.text != nil else { throw LineProblem(message: "field \"ev\" is not a string") }
                return nil
            }
            let kind = try kind(eventName, f)
            // Returning the kept copy of an equal name shares its storage: one per name, not per
            // line; a name equal to the last one is not even decoded.
            var thread = ""
            if let value = f.thread, value.text != nil {
                if !value.equals(lastThreadBytes) {
                    lastThread = value.text ?? ""
                    lastThreadBytes = Array(lastThread.utf8)
                }
                thread = lastThread
            }
            var queue: String?
            if let value = f.queue, let label = value.text {
                if label != lastQueue { lastQueue = label }
                queue = lastQueue
            }
            return TraceEvent(seq: seq, time: time, thread: thread, queue: queue, kind: kind)
        }

        private func kind(_ name: EventName, _ f: TraceLineFields) throws -> TraceEventKind {
            switch name {
            case .subscribe:
                return .subscribe(sub: try unsigned(f.sub, "sub"), label: try string(f.label, "label"),
                                  site: try string(f.site, "site"), downstream: downstream(f))
            case .request:
                var returned = false
                if case .bool(true)? = f.returned { returned = true }
                return .request(sub: try unsigned(f.sub, "sub"), demand: try demand(f.demand, "demand"), returned: returned)
            case .value: return .value(sub: try unsigned(f.sub, "sub"), description: optionalString(f.desc))
            case .finished: return .finished(sub: try unsigned(f.sub, "sub"))
            case .failure: return .failure(sub: try unsigned(f.sub, "sub"), error: optionalString(f.error) ?? "")
            case .cancel: return .cancel(sub: try unsigned(f.sub, "sub"))
            case .mark: return .mark(name: try string(f.name, "name"))
            case .track:
                return .track(object: try unsigned(f.obj, "obj"), type: optionalString(f.type) ?? "",
                              label: optionalString(f.label) ?? "", site: optionalString(f.site) ?? "")
            case .expectRelease: return .expectRelease(object: try unsigned(f.obj, "obj"))
            case .release: return .release(object: try unsigned(f.obj, "obj"))
            case .dropped: return .dropped(count: try unsigned(f.count, "count"))
            }
        }

        /// The `downstream` field; an unknown kind reads as absent, so newer kinds do not break.
        private func downstream(_ f: TraceLineFields) -> TraceDownstream? {
            guard let kindName = optionalString(f.downstream), let kind = TraceDownstream.Kind(rawValue: kindName) else { return nil }
            return TraceDownstream(kind, name: optionalString(f.downstreamType) ?? "")
        }

        private func unsigned(_ value: FlatJSONValue?, _ key: String) throws -> UInt64 {
            guard let value else { throw LineProblem(message: "missing field \"\(key)\"") }
            guard case let .integer(n) = value, n >= 0 else {
                throw LineProblem(message: "field \"\(key)\" is not a non-negative integer")
            }
            return UInt64(n)
        }

        private func string(_ value: FlatJSONValue?, _ key: String) throws -> String {
            guard let value else { throw LineProblem(message: "missing field \"\(key)\"") }
            guard let text = value.text else { throw LineProblem(message: "field \"\(key)\" is not a string") }
            return text
        }

        private func optionalString(_ value: FlatJSONValue?) -> String? { value?.text }

        private func demand(_ value: FlatJSONValue?, _ key: String) throws -> TraceDemand {
            if value?.text == "unlimited" { return .unlimited }
            switch value {
            case let .integer(n)? where n >= 0 && n <= Int64(Int.max): return .max(Int(n))
            case nil: throw LineProblem(message: "missing field \"\(key)\"")
            default: throw LineProblem(message: "field \"\(key)\" is neither \"unlimited\" nor a count")
            }
        }
    }

    private struct LineProblem: Error { var message: String }

    /// The event names this reader knows, told apart by their bytes.
    private enum EventName {
        case subscribe, request, value, finished, failure, cancel, mark, track, expectRelease, release, dropped

        init?(_ field: FlatJSONValue) {
            let known: [(StaticString, EventName)] = [
                ("value", .value), ("request", .request), ("subscribe", .subscribe), ("cancel", .cancel),
                ("finished", .finished), ("failure", .failure), ("mark", .mark), ("track", .track),
                ("expect_release", .expectRelease), ("release", .release), ("dropped", .dropped),
            ]
            for (name, event) in known where name.withUTF8Buffer({ field.equals($0) }) {
                self = event
                return
            }
            return nil
        }
    }
}

extension FlatJSONValue {
    /// Whether the value is a string of exactly these UTF-8 bytes.
    func equals<C: Collection>(_ utf8: C) -> Bool where C.Element == UInt8 {
        switch self {
        case let .raw(bytes): return bytes.elementsEqual(utf8)
        case let .string(text): return text.utf8.elementsEqual(utf8)
        default: return false
        }
    }
}
