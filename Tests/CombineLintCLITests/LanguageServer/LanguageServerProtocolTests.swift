import CombineLintKit
import Foundation
import XCTest

/// `combinelint server` on pipes: a whole session of the protocol, with exact messages.
final class LanguageServerProtocolTests: XCTestCase {
    var directory = ""

    /// A subject any code can send into; the line holds an emoji (two UTF-16 units, four UTF-8
    /// bytes) and CJK text (one unit, three bytes each) before the finding.
    static let cart = """
    import Combine

    final class CartViewModel {
        /* 😀 中文 */ let itemAdded = PassthroughSubject<Int, Never>()

        func add(_ item: Int) {
            itemAdded.send(item)
        }
    }

    """
    static let checkout = """
    final class Checkout {
        let cart = CartViewModel()
        func buy() {
        }
    }

    """
    static let message = "Code outside the type can `send` into `itemAdded`, a `PassthroughSubject`, or complete it, injecting events or ending the stream.\nhelp: Make it `private` and expose `itemAdded.eraseToAnyPublisher()` as an `AnyPublisher`."

    override func setUpWithError() throws {
        let path = NSTemporaryDirectory() + "combinelint-lsp-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        directory = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        try Self.cart.write(toFile: directory + "/Cart.swift", atomically: true, encoding: .utf8)
        try Self.checkout.write(toFile: directory + "/Checkout.swift", atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    func client() throws -> LSPTestClient { try LSPTestClient(executable: CLITests.executable, directory: directory) }
    var cartURI: String { DocumentURI.uri(ofPath: directory + "/Cart.swift") }
    var checkoutURI: String { DocumentURI.uri(ofPath: directory + "/Checkout.swift") }

    static func range(_ line: Int, _ start: Int, _ end: Int) -> LSPJSON {
        ["start": ["line": .int(line), "character": .int(start)], "end": ["line": .int(line), "character": .int(end)]]
    }

    static func exposedSubject(_ start: Int, _ end: Int) -> LSPJSON {
        ["range": range(3, start, end), "severity": 2, "code": "exposed_subject", "source": "combinelint", "message": .string(message)]
    }

    /// initialize → open → exact diagnostics (UTF-16) → quick fix → edit → close → shutdown → exit 0.
    func testSessionInUTF16() throws {
        let server = try client()
        let result = try server.initialize(root: directory)
        XCTAssertEqual(result["capabilities"]["positionEncoding"], "utf-16")
        XCTAssertEqual(result["capabilities"]["textDocumentSync"]["change"], 2)
        XCTAssertEqual(result["capabilities"]["codeActionProvider"]["codeActionKinds"], ["quickfix", "source.fixAll.combinelint"])
        XCTAssertFalse(result["capabilities"]["diagnosticProvider"].isNull)
        server.open(cartURI, Self.cart)
        XCTAssertEqual(try server.diagnostics(for: cartURI), [Self.exposedSubject(20, 29)])

        // Code actions at the finding: its fix, then the disable comment.
        let actions = try server.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(cartURI)], "range": Self.range(3, 22, 22), "context": ["diagnostics": []]])["result"]
        XCTAssertEqual(actions.array?.map { $0["title"] }, ["Make it private", "Disable exposed_subject for this line", "Fix all combinelint findings"])
        XCTAssertEqual(actions.array?.map { $0["kind"] }, ["quickfix", "quickfix", "source.fixAll.combinelint"])
        let fix = actions.array![0]
        XCTAssertEqual(fix["isPreferred"], true)
        XCTAssertEqual(fix["diagnostics"], [Self.exposedSubject(20, 29)])
        let edits = fix["edit"]["changes"][cartURI]
        XCTAssertEqual(edits, [["range": Self.range(3, 16, 16), "newText": "private "]])
        XCTAssertEqual(actions.array![1]["edit"]["changes"][cartURI],
                       [["range": Self.range(3, 0, 0), "newText": "    // combinelint:disable:next exposed_subject\n"]])

        // The editor applies the fix as an incremental change: the finding is gone.
        let fixed = try TextEditing.apply(edits.array!, to: Self.cart)
        XCTAssertTrue(fixed.contains("    /* 😀 中文 */ private let itemAdded = PassthroughSubject<Int, Never>()\n"))
        server.notify("textDocument/didChange", ["textDocument": ["uri": .string(cartURI), "version": 2],
                                                 "contentChanges": [["range": Self.range(3, 16, 16), "text": "private "]]])
        XCTAssertEqual(try server.diagnostics(for: cartURI), [])

        // Undone by a whole-text change: the finding is back, at the same place.
        server.notify("textDocument/didChange", ["textDocument": ["uri": .string(cartURI), "version": 3],
                                                 "contentChanges": [["text": .string(Self.cart)]]])
        XCTAssertEqual(try server.diagnostics(for: cartURI), [Self.exposedSubject(20, 29)])

        // Pull diagnostics give the same list.
        let pulled = try server.request("textDocument/diagnostic", ["textDocument": ["uri": .string(cartURI)]])["result"]
        XCTAssertEqual(pulled["kind"], "full")
        XCTAssertEqual(pulled["items"], [Self.exposedSubject(20, 29)])
        let again = try server.request("textDocument/diagnostic", ["textDocument": ["uri": .string(cartURI)], "previousResultId": pulled["resultId"]])
        XCTAssertEqual(again["result"]["kind"], "unchanged")

        server.notify("textDocument/didClose", ["textDocument": ["uri": .string(cartURI)]])
        XCTAssertEqual(try server.diagnostics(for: cartURI), [])
        XCTAssertEqual(try server.finish(), 0)
    }

    /// A client that offers UTF-8 gets it, and ranges count bytes.
    func testUTF8PositionsWhenOffered() throws {
        let server = try client()
        let result = try server.initialize(root: directory, capabilities: ["general": ["positionEncodings": ["utf-8", "utf-16"]]],
                                           options: ["rulePageURL": "https://example.org/rules/{rule}.html"])
        XCTAssertEqual(result["capabilities"]["positionEncoding"], "utf-8")
        server.open(cartURI, Self.cart)
        var linked = Self.exposedSubject(26, 35)
        if case .object(var members) = linked {
            members["codeDescription"] = ["href": "https://example.org/rules/exposed_subject.html"]
            linked = .object(members)
        }
        XCTAssertEqual(try server.diagnostics(for: cartURI), [linked])
        let actions = try server.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(cartURI)], "range": Self.range(3, 26, 35), "context": ["diagnostics": [], "only": ["quickfix"]]])
        XCTAssertEqual(actions["result"].array?.first?["edit"]["changes"][cartURI], [["range": Self.range(3, 22, 22), "newText": "private "]])
        XCTAssertEqual(try server.finish(), 0)
    }

    /// A `send` written in another open file silences the finding of the first one, which is
    /// checked again; the disable comment of a code action hides a finding.
    func testAnEditOfOneFileRechecksTheOtherOpenFiles() throws {
        let server = try client()
        _ = try server.initialize(root: directory)
        server.open(cartURI, Self.cart)
        XCTAssertEqual(try server.diagnostics(for: cartURI), [Self.exposedSubject(20, 29)])
        server.open(checkoutURI, Self.checkout)
        XCTAssertEqual(try server.diagnostics(for: checkoutURI), [])
        server.notify("textDocument/didChange", ["textDocument": ["uri": .string(checkoutURI), "version": 2],
                                                 "contentChanges": [["range": Self.range(3, 0, 0), "text": "        cart.itemAdded.send(1)\n"]]])
        XCTAssertEqual(try server.diagnostics(for: cartURI), [])
        // Taken out again: the finding comes back.
        server.notify("textDocument/didChange", ["textDocument": ["uri": .string(checkoutURI), "version": 3],
                                                 "contentChanges": [["range": ["start": ["line": 3, "character": 0], "end": ["line": 4, "character": 0]], "text": ""]]])
        XCTAssertEqual(try server.diagnostics(for: cartURI), [Self.exposedSubject(20, 29)])
        // The disable comment, as the code action writes it.
        server.notify("textDocument/didChange", ["textDocument": ["uri": .string(cartURI), "version": 2],
                                                 "contentChanges": [["range": Self.range(3, 0, 0), "text": "    // combinelint:disable:next exposed_subject\n"]]])
        XCTAssertEqual(try server.diagnostics(for: cartURI), [])
        XCTAssertEqual(try server.finish(), 0)
    }

    /// Fix all, asked for alone as editors do on save.
    func testFixAllInTheFile() throws {
        let twice = Self.cart.replacingOccurrences(of: "    func add", with: "    let itemRemoved = PassthroughSubject<Int, Never>()\n    func remove() { itemRemoved.send(0) }\n    func add")
        let server = try client()
        _ = try server.initialize(root: directory)
        server.open(cartURI, twice)
        XCTAssertEqual(try server.diagnostics(for: cartURI).count, 2)
        let actions = try server.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(cartURI)], "range": Self.range(0, 0, 0), "context": ["diagnostics": [], "only": ["source.fixAll"]]])["result"]
        XCTAssertEqual(actions.array?.count, 1)
        XCTAssertEqual(actions.array?.first?["kind"], "source.fixAll.combinelint")
        let fixed = try TextEditing.apply(actions.array![0]["edit"]["changes"][cartURI].array!, to: twice)
        XCTAssertTrue(fixed.contains("*/ private let itemAdded"))
        XCTAssertTrue(fixed.contains("    private let itemRemoved"))
        XCTAssertEqual(try server.finish(), 0)
    }

    /// Bad input gets JSON-RPC errors and the server goes on; `exit` without `shutdown` is 1.
    func testErrorsLeaveTheServerRunning() throws {
        let server = try client()
        let early = try server.request("textDocument/diagnostic", ["textDocument": ["uri": .string(cartURI)]])
        XCTAssertEqual(early["error"]["code"], -32002)
        _ = try server.initialize(root: directory)
        let body = Array("{\"jsonrpc\": \"2.0\", \"id\": 9, ".utf8)
        server.write(Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
        let malformed = try server.waitFor { !$0["error"].isNull }
        XCTAssertEqual(malformed["error"]["code"], -32700)
        XCTAssertEqual(malformed["id"], .null)
        server.write(Array("Content-Length: zero\r\n\r\n".utf8))
        XCTAssertEqual(try server.waitFor { !$0["error"].isNull }["error"]["code"], -32700)
        server.send(["jsonrpc": "2.0", "id": 10, "method": "textDocument/hover", "params": [:]])
        XCTAssertEqual(try server.waitFor { $0["id"] == 10 }["error"]["code"], -32601)
        let unknown = try server.request("textDocument/codeAction", [
            "textDocument": ["uri": "file:///nowhere/Gone.swift"], "range": Self.range(0, 0, 0), "context": ["diagnostics": []]])
        XCTAssertEqual(unknown["error"]["code"], -32602)
        server.open(cartURI, Self.cart)
        let outside = try server.request("textDocument/codeAction", [
            "textDocument": ["uri": .string(cartURI)], "range": Self.range(400, 0, 1), "context": ["diagnostics": []]])
        XCTAssertEqual(outside["error"]["code"], -32602)
        XCTAssertEqual(outside["error"]["message"], "position 400:0 is outside the document (10 lines)")
        // A cancelled request is answered as cancelled.
        server.notify("$/cancelRequest", ["id": 77])
        server.send(["jsonrpc": "2.0", "id": 77, "method": "textDocument/diagnostic", "params": ["textDocument": ["uri": .string(cartURI)]]])
        XCTAssertEqual(try server.waitFor { $0["id"] == 77 }["error"]["code"], -32800)
        // Still serving.
        let pulled = try server.request("textDocument/diagnostic", ["textDocument": ["uri": .string(cartURI)]])
        XCTAssertEqual(pulled["result"]["items"], [Self.exposedSubject(20, 29)])
        XCTAssertEqual(try server.finish(shutdown: false), 1)
    }

    /// An invalid `.combinelint.json` is a diagnostic on that file while the last good one stays
    /// in force; once fixed, its rules apply.
    func testConfigurationChanges() throws {
        let configuration = directory + "/.combinelint.json"
        try #"{ "rules": { "exposed_subject": "off" } }"#.write(toFile: configuration, atomically: true, encoding: .utf8)
        let server = try client()
        _ = try server.initialize(root: directory)
        server.open(cartURI, Self.cart)
        XCTAssertEqual(try server.diagnostics(for: cartURI), [])
        try "{ \"rules\": \n  { \"exposed_subject\": \"loud\" } }".write(toFile: configuration, atomically: true, encoding: .utf8)
        let configurationURI = DocumentURI.uri(ofPath: configuration)
        server.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(configurationURI), "type": 2]]])
        let shown = try server.diagnostics(for: configurationURI)
        XCTAssertEqual(shown.count, 1)
        XCTAssertEqual(shown.first?["severity"], 1)
        XCTAssertEqual(shown.first?["range"]["start"]["line"], 1)
        let pulled = try server.request("textDocument/diagnostic", ["textDocument": ["uri": .string(cartURI)]])
        XCTAssertEqual(pulled["result"]["items"], [])
        try #"{ "rules": { "exposed_subject": "error" } }"#.write(toFile: configuration, atomically: true, encoding: .utf8)
        server.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(configurationURI), "type": 2]]])
        XCTAssertEqual(try server.diagnostics(for: configurationURI), [])
        var error = Self.exposedSubject(20, 29)
        if case .object(var members) = error { members["severity"] = 1; error = .object(members) }
        XCTAssertEqual(try server.diagnostics(for: cartURI), [error])
        XCTAssertEqual(try server.finish(), 0)
    }

    /// Files that change on disk feed the index (a new file's `send` silences the finding, its
    /// removal brings it back); an open buffer wins over its file on disk until it is closed.
    func testWatchedFilesAndOpenBuffersOverDisk() throws {
        let server = try client()
        _ = try server.initialize(root: directory, capabilities: ["workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]])
        let registration = try server.waitFor { $0["method"].string == "client/registerCapability" }
        XCTAssertEqual(registration["params"]["registrations"].array?.first?["registerOptions"]["watchers"],
                       [["globPattern": "**/*.swift"], ["globPattern": "**/.combinelint.json"]])
        server.open(cartURI, Self.cart)
        XCTAssertEqual(try server.diagnostics(for: cartURI), [Self.exposedSubject(20, 29)])
        let sender = directory + "/Sender.swift"
        try "final class Sender {\n    func go(_ cart: CartViewModel) { cart.itemAdded.send(2) }\n}\n"
            .write(toFile: sender, atomically: true, encoding: .utf8)
        let senderURI = LSPJSON.string(DocumentURI.uri(ofPath: sender))
        server.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": senderURI, "type": 1]]])
        XCTAssertEqual(try server.diagnostics(for: cartURI), [])
        try FileManager.default.removeItem(atPath: sender)
        server.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": senderURI, "type": 3]]])
        XCTAssertEqual(try server.diagnostics(for: cartURI), [Self.exposedSubject(20, 29)])

        // Cart.swift on disk makes the subject private; the open buffer still has it exposed.
        try Self.cart.replacingOccurrences(of: "*/ let", with: "*/ private let").write(toFile: directory + "/Cart.swift", atomically: true, encoding: .utf8)
        server.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(cartURI), "type": 2]]])
        let pulled = try server.request("textDocument/diagnostic", ["textDocument": ["uri": .string(cartURI)]])
        XCTAssertEqual(pulled["result"]["items"], [Self.exposedSubject(20, 29)])
        // Closed, the file on disk counts: its pull diagnostics are those of the disk's text.
        server.notify("textDocument/didClose", ["textDocument": ["uri": .string(cartURI)]])
        XCTAssertEqual(try server.diagnostics(for: cartURI), [])
        let onDisk = try server.request("textDocument/diagnostic", ["textDocument": ["uri": .string(cartURI)]])
        XCTAssertEqual(onDisk["result"]["items"], [])
        XCTAssertEqual(try server.finish(), 0)
    }

    /// A finding's related place comes as `relatedInformation`, with its file's URI and range.
    func testRelatedInformation() throws {
        let feed = """
        import Combine
        func finish(_ subject: PassthroughSubject<Int, Never>) {
            subject.send(completion: .finished)
            subject.send(1)
        }

        """
        let uri = DocumentURI.uri(ofPath: directory + "/Feed.swift")
        let server = try client()
        _ = try server.initialize(root: directory)
        server.open(uri, feed)
        let found = try server.diagnostics(for: uri).filter { $0["code"] == "send_after_completion" }
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first?["range"]["start"], ["line": 3, "character": 12])
        let related = found.first?["relatedInformation"].array ?? []
        XCTAssertEqual(related.count, 1)
        XCTAssertEqual(related.first?["location"]["uri"], .string(uri))
        XCTAssertEqual(related.first?["location"]["range"]["start"], ["line": 2, "character": 12])
        XCTAssertEqual(related.first?["message"], "`subject` is completed here")
        XCTAssertEqual(try server.finish(), 0)
    }

    /// `combinelint server --help` prints its help; an argument is a usage error (exit 2).
    func testCommandLine() throws {
        func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
            let process = Process()
            process.executableURL = CLITests.executable
            process.arguments = arguments
            let out = Pipe(), err = Pipe()
            process.standardOutput = out
            process.standardError = err
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let output = out.fileHandleForReading.readDataToEndOfFile()
            let error = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: error, as: UTF8.self))
        }
        let help = try run(["server", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.output.hasPrefix("OVERVIEW: Run the language server"), help.output)
        XCTAssertEqual(try run(["help", "server"]).output, help.output)
        let wrong = try run(["server", "--port", "9000"])
        XCTAssertEqual(wrong.status, 2)
        XCTAssertEqual(wrong.error, "error: unexpected argument '--port' for 'combinelint server'\n")
        // The input ends without `exit`: exit code 1 (`--stdio` is accepted).
        XCTAssertEqual(try run(["server"]).status, 1)
        XCTAssertEqual(try run(["server", "--stdio"]).status, 1)
    }
}
