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
/// can grow; malformed or truncated lines become problems with their line number.
public enum TraceReader {
    /// Reads the file at `path`; throws only when the file cannot be read at all.
    public static func read(path: String) throws -> TraceDocument {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TraceFileError.cannotRead(path: path)
        }
        return parse([UInt8](data))
    }

    /// Parses a whole trace; blank lines are skipped.
    public static func parse(_ text: String) -> TraceDocument { parse(Array(text.utf8)) }

    /// Parses a whole trace given as UTF-8 bytes.
    public static func parse(_ bytes: [UInt8]) -> TraceDocument {
        var document = TraceDocument(events: [])
        var lineNumber = 0
        var start = 0
        while start < bytes.count {
            lineNumber += 1
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let line = Array(bytes[start..<end])
            start = end + 1
            if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            switch parseLine(line) {
            case let .success(event?): document.events.append(event)
            case .success(nil): break
            case let .failure(problem): document.problems.append(TraceReadProblem(line: lineNumber, message: problem.message))
            }
        }
        return document
    }

    private struct LineProblem: Error { var message: String }

    /// One line: an event, nil for an event name this reader does not know, or a problem.
    private static func parseLine(_ line: [UInt8]) -> Result<TraceEvent?, LineProblem> {
        let fields: [String: FlatJSONValue]
        do {
            fields = try FlatJSONParser.parseObject(line)
        } catch let error as FlatJSONError {
            return .failure(LineProblem(message: "malformed JSON at column \(error.column): \(error.message)"))
        } catch {
            return .failure(LineProblem(message: "malformed JSON"))
        }
        do {
            let fieldReader = Fields(fields)
            let version = try fieldReader.unsigned("v")
            guard version == 1 else { return .failure(LineProblem(message: "unsupported trace version \(version)")) }
            let seq = try fieldReader.unsigned("seq")
            let time = try fieldReader.unsigned("t")
            let name = try fieldReader.string("ev")
            let thread = (try? fieldReader.string("thread")) ?? ""
            guard let kind = try kind(named: name, fieldReader) else { return .success(nil) }
            return .success(TraceEvent(seq: seq, time: time, thread: thread, kind: kind))
        } catch let problem as LineProblem {
            return .failure(problem)
        } catch {
            return .failure(LineProblem(message: "\(error)"))
        }
    }

    private static func kind(named name: String, _ f: Fields) throws -> TraceEventKind? {
        switch name {
        case "subscribe": return .subscribe(sub: try f.unsigned("sub"), label: try f.string("label"), site: try f.string("site"))
        case "request": return .request(sub: try f.unsigned("sub"), demand: try f.demand("demand"))
        case "value": return .value(sub: try f.unsigned("sub"), description: try? f.string("desc"))
        case "finished": return .finished(sub: try f.unsigned("sub"))
        case "failure": return .failure(sub: try f.unsigned("sub"), error: (try? f.string("error")) ?? "")
        case "cancel": return .cancel(sub: try f.unsigned("sub"))
        case "mark": return .mark(name: try f.string("name"))
        case "track":
            return .track(object: try f.unsigned("obj"), type: (try? f.string("type")) ?? "",
                          label: (try? f.string("label")) ?? "", site: (try? f.string("site")) ?? "")
        case "expect_release": return .expectRelease(object: try f.unsigned("obj"))
        case "release": return .release(object: try f.unsigned("obj"))
        case "dropped": return .dropped(count: try f.unsigned("count"))
        default: return nil
        }
    }

    /// Typed access to a line's fields, with messages naming the missing or wrong field.
    private struct Fields {
        let values: [String: FlatJSONValue]
        init(_ values: [String: FlatJSONValue]) { self.values = values }

        func unsigned(_ key: String) throws -> UInt64 {
            guard let value = values[key] else { throw LineProblem(message: "missing field \"\(key)\"") }
            guard case let .integer(n) = value, n >= 0 else {
                throw LineProblem(message: "field \"\(key)\" is not a non-negative integer")
            }
            return UInt64(n)
        }

        func string(_ key: String) throws -> String {
            guard let value = values[key] else { throw LineProblem(message: "missing field \"\(key)\"") }
            guard case let .string(s) = value else { throw LineProblem(message: "field \"\(key)\" is not a string") }
            return s
        }

        func demand(_ key: String) throws -> TraceDemand {
            switch values[key] {
            case .string("unlimited")?: return .unlimited
            case let .integer(n)? where n >= 0 && n <= Int64(Int.max): return .max(Int(n))
            case nil: throw LineProblem(message: "missing field \"\(key)\"")
            default: throw LineProblem(message: "field \"\(key)\" is neither \"unlimited\" nor a count")
            }
        }
    }
}
