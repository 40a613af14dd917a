import CombineLintKit
import Foundation
import XCTest

/// A language server client for tests: runs `combinelint server` on pipes, sends framed
/// messages, and collects what the server sends (read on a thread of its own).
final class LSPTestClient {
    let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private let condition = NSCondition()
    private var received: [LSPJSON] = []
    private var ended = false
    /// The server's standard error, once it closed it.
    private var log = ""
    private var nextID = 1
    /// How long a wait for a message may take before the test fails (the server answers in
    /// milliseconds; this only bounds a broken run).
    let timeout: TimeInterval = 60

    init(executable: URL, directory: String) throws {
        process.executableURL = executable
        process.arguments = ["server"]
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let reader = MessageReader(fileDescriptor: output.fileHandleForReading.fileDescriptor)
        Thread { [self] in
            while case .body(let body) = reader.next() {
                let message = (try? LSPJSON.parse(body)) ?? .string("unparsable: " + String(decoding: body, as: UTF8.self))
                condition.lock()
                received.append(message)
                condition.broadcast()
                condition.unlock()
            }
            condition.lock()
            ended = true
            condition.broadcast()
            condition.unlock()
        }.start()
        // Standard error is drained so that the server never blocks on it, and kept for failures.
        let errorHandle = errors.fileHandleForReading
        Thread { [self] in
            let data = errorHandle.readDataToEndOfFile()
            condition.lock()
            log = String(decoding: data, as: UTF8.self)
            condition.unlock()
        }.start()
    }

    /// Writes raw bytes to the server's standard input.
    func write(_ bytes: [UInt8]) {
        input.fileHandleForWriting.write(Data(bytes))
    }

    func send(_ message: LSPJSON) {
        let body = Array(message.text.utf8)
        write(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    func notify(_ method: String, _ params: LSPJSON) {
        send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    /// Sends a request and returns its id.
    @discardableResult
    func sendRequest(_ method: String, _ params: LSPJSON) -> LSPJSON {
        let id = LSPJSON.int(nextID)
        nextID += 1
        send(["jsonrpc": "2.0", "id": id, "method": .string(method), "params": params])
        return id
    }

    /// Sends a request and waits for its response (the whole response: `result` or `error`).
    func request(_ method: String, _ params: LSPJSON, file: StaticString = #filePath, line: UInt = #line) throws -> LSPJSON {
        let id = sendRequest(method, params)
        return try waitFor(file: file, line: line) { $0["id"] == id && $0["method"].isNull }
    }

    /// The first message received (and not yet taken) that matches, waiting for it; it is taken
    /// off, with every message before it.
    func waitFor(file: StaticString = #filePath, line: UInt = #line, _ matches: (LSPJSON) -> Bool) throws -> LSPJSON {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let i = received.firstIndex(where: matches) {
                let message = received[i]
                received.removeFirst(i + 1)
                return message
            }
            if ended || !condition.wait(until: deadline) {
                if ended { condition.wait(until: Date().addingTimeInterval(2)) }
                XCTFail("no matching message from the server (ended: \(ended)); received: \(received.map(\.text)); log: \(log)",
                        file: file, line: line)
                throw CancellationError()
            }
        }
    }

    /// The next diagnostics published for `uri`.
    func diagnostics(for uri: String, file: StaticString = #filePath, line: UInt = #line) throws -> [LSPJSON] {
        let message = try waitFor(file: file, line: line) {
            $0["method"].string == "textDocument/publishDiagnostics" && $0["params"]["uri"].string == uri
        }
        return message["params"]["diagnostics"].array ?? []
    }

    /// `initialize` (with `capabilities` merged in) and `initialized`; the result.
    func initialize(root: String, capabilities: LSPJSON = [:], options: LSPJSON = .null,
                    file: StaticString = #filePath, line: UInt = #line) throws -> LSPJSON {
        let response = try request("initialize", ["processId": .null, "rootUri": .string(DocumentURI.uri(ofPath: root)),
                                                  "capabilities": capabilities, "initializationOptions": options], file: file, line: line)
        notify("initialized", [:])
        return response["result"]
    }

    func open(_ uri: String, _ text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri), "languageId": "swift", "version": .int(version), "text": .string(text)]])
    }

    /// Closes standard input after `shutdown` and `exit`, and waits for the exit code.
    func finish(shutdown: Bool = true) throws -> Int32 {
        if shutdown {
            let response = try request("shutdown", .null)
            XCTAssertEqual(response["result"], .null)
        }
        notify("exit", .null)
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}

/// LSP text edits applied to a text the way an editor does (positions in UTF-16 or UTF-8).
enum TextEditing {
    /// The text after `edits` (non-overlapping, positions in the text as it is before them).
    static func apply(_ edits: [LSPJSON], to text: String, encoding: PositionEncoding = .utf16) throws -> String {
        var bytes = Array(text.utf8)
        let file = SourceFile(path: "edit", bytes: bytes)
        let ranges = try edits.map { edit -> (Range<Int>, String) in
            let start = try encoding.offset(of: PositionEncoding.Position(edit["range"]["start"])!, in: file)
            let end = try encoding.offset(of: PositionEncoding.Position(edit["range"]["end"])!, in: file)
            return (start..<end, edit["newText"].string ?? "")
        }
        for (range, newText) in ranges.sorted(by: { $0.0.lowerBound > $1.0.lowerBound }) {
            bytes.replaceSubrange(range, with: Array(newText.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
