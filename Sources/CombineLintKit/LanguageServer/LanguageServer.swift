import Foundation

/// `combinelint server`: the Language Server Protocol (3.17) over a pair of byte streams. One
/// loop takes the messages in order; the workspace is indexed once after `initialize`, then each
/// edit re-parses its file and updates the index. Diagnostics are computed when no message is
/// waiting, so a burst of keystrokes costs one check.
public final class LanguageServer {
    enum Lifecycle { case uninitialized, running, shutDown }

    let queue: MessageQueue
    let writer: MessageWriter
    /// Where logs go (standard error for the executable); never the protocol stream.
    let log: (String) -> Void
    let registry: [any Rule.Type]

    var lifecycle = Lifecycle.uninitialized
    var encoding = PositionEncoding.utf16
    var roots: [String] = []
    var workspace: Workspace?
    var documents = OpenDocuments()
    /// The client asks for diagnostics itself (`textDocument/diagnostic`); they are then not pushed.
    var clientPullsDiagnostics = false
    var clientRefreshesDiagnostics = false
    var clientWatchesFiles = false
    /// `initializationOptions.rulePageURL`: a rule's page, `{rule}` standing for its id.
    var rulePageURL: String?
    /// The diagnostics last pushed, by URI (unchanged ones are not sent again).
    var published: [String: LSPJSON] = [:]
    /// Open documents edited since their last check, in the order edited.
    var edited: [String] = []
    /// Open documents to check again because another file changed (a change may reach across
    /// files); checked after the edited ones, while no message waits.
    var staleOthers: [String] = []
    /// Each open document's findings for a version of it and of the workspace (`generation`),
    /// and the text they were found in.
    var checked: [String: (generation: Int, version: Int, file: SourceFile, findings: [Finding])] = [:]
    /// Counts changes of the workspace: the `resultId` of pull diagnostics.
    var generation = 0
    /// The `.combinelint.json` shown with an error, when one is.
    var configurationErrorURI: String?
    var nextOutgoingID = 1

    /// A server reading `input` and writing `output`.
    public init(input: MessageReader, output: MessageWriter, log: @escaping (String) -> Void,
                registry: [any Rule.Type] = RuleRegistry.all) {
        queue = MessageQueue(reader: input)
        writer = output
        self.log = log
        self.registry = registry
    }

    /// Serves until `exit` (or the end of the input); the exit code: 0 after `shutdown`, else 1.
    public func run() -> Int32 {
        var handledSinceCheck = 0
        while true {
            // Diagnostics wait while messages are queued (the next edit would replace them), but
            // not forever.
            if !queue.hasPending || handledSinceCheck >= 64 {
                checkStaleDocuments()
                handledSinceCheck = 0
            }
            handledSinceCheck += 1
            switch queue.next() {
            case .end:
                log("combinelint server: the input ended\n")
                return lifecycle == .shutDown ? 0 : 1
            case .invalid(let error):
                log("combinelint server: \(error.message)\n")
                writer.send(error.response)
            case .message(.response):
                break
            case .message(.request(let id, let method, let params)):
                handleRequest(id: id, method: method, params: params)
            case .message(.notification(method: "exit", params: _)):
                return lifecycle == .shutDown ? 0 : 1
            case .message(.notification(let method, let params)):
                guard lifecycle == .running else { continue }
                do {
                    try handleNotification(method, params)
                } catch let error as RPCError {
                    logError("\(method): \(error.message)")
                } catch {
                    logError("\(method): \(error)")
                }
            }
        }
    }

    private func handleRequest(id: LSPJSON, method: String, params: LSPJSON) {
        if queue.takeCancellation(of: id) {
            writer.send(RPCError(code: RPCError.requestCancelled, message: "\(method) was cancelled", id: id).response)
            return
        }
        switch lifecycle {
        case .uninitialized where method != "initialize":
            writer.send(RPCError(code: RPCError.serverNotInitialized, message: "the server is not initialized", id: id).response)
            return
        case .running where method == "initialize":
            writer.send(RPCError(code: RPCError.invalidRequest, message: "the server is initialized already", id: id).response)
            return
        case .shutDown:
            writer.send(RPCError(code: RPCError.invalidRequestAfterShutdown, message: "the server is shut down", id: id).response)
            return
        default:
            break
        }
        do {
            let result = try respond(to: method, params: params)
            writer.send(["jsonrpc": "2.0", "id": id, "result": result])
            if method == "initialize" { indexWorkspace() }
        } catch var error as RPCError {
            error.id = id
            writer.send(error.response)
        } catch {
            writer.send(RPCError(code: RPCError.internalError, message: "\(error)", id: id).response)
        }
    }

    private func respond(to method: String, params: LSPJSON) throws -> LSPJSON {
        switch method {
        case "initialize": return initialize(params)
        case "shutdown":
            lifecycle = .shutDown
            return .null
        case "textDocument/diagnostic": return try pullDiagnostics(params)
        case "textDocument/codeAction": return try codeActions(params)
        default: throw RPCError(code: RPCError.methodNotFound, message: "unknown method '\(method)'")
        }
    }

    private func handleNotification(_ method: String, _ params: LSPJSON) throws {
        switch method {
        case "initialized": registerFileWatchers()
        case "textDocument/didOpen": try didOpen(params)
        case "textDocument/didChange": try didChange(params)
        case "textDocument/didSave": try didSave(params)
        case "textDocument/didClose": try didClose(params)
        case "workspace/didChangeWatchedFiles": try didChangeWatchedFiles(params)
        default: break  // `$/setTrace`, `workspace/didChangeConfiguration`, …: nothing to do.
        }
    }

    // MARK: Lifecycle

    private func initialize(_ params: LSPJSON) -> LSPJSON {
        let capabilities = params["capabilities"]
        encoding = PositionEncoding.negotiate(capabilities["general"]["positionEncodings"].array?.compactMap(\.string) ?? [])
        clientPullsDiagnostics = !capabilities["textDocument"]["diagnostic"].isNull
        clientRefreshesDiagnostics = capabilities["workspace"]["diagnostics"]["refreshSupport"].bool ?? false
        clientWatchesFiles = capabilities["workspace"]["didChangeWatchedFiles"]["dynamicRegistration"].bool ?? false
        rulePageURL = params["initializationOptions"]["rulePageURL"].string
        if let folders = params["workspaceFolders"].array, !folders.isEmpty {
            roots = folders.compactMap { $0["uri"].string.flatMap(DocumentURI.path(of:)) }
        } else if let uri = params["rootUri"].string, let path = DocumentURI.path(of: uri) {
            roots = [path]
        } else if let path = params["rootPath"].string {
            roots = [path]
        }
        lifecycle = .running
        return [
            "capabilities": [
                "positionEncoding": .string(encoding.rawValue),
                // 2: incremental changes.
                "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
                "diagnosticProvider": ["identifier": "combinelint", "interFileDependencies": true, "workspaceDiagnostics": false],
                "codeActionProvider": ["codeActionKinds": ["quickfix", .string(CodeActions.fixAllKind)], "resolveProvider": false],
                "workspace": ["workspaceFolders": ["supported": true, "changeNotifications": false]],
            ],
            "serverInfo": ["name": .string(CombineLintInfo.name), "version": .string(CombineLintInfo.version)],
        ]
    }

    /// Indexes the workspace folders once (right after answering `initialize`).
    private func indexWorkspace() {
        let start = monotonicSeconds()
        var overrides: [String: [UInt8]] = [:]
        for document in documents.all { overrides[document.path] = document.bytes }
        workspace = Workspace(roots: roots, registry: registry, overrides: overrides)
        let count = workspace!.index.trees.count
        log("combinelint server: indexed \(count) files of \(roots.joined(separator: ", ")) in \(Int((monotonicSeconds() - start) * 1000)) ms\n")
        showConfigurationError()
    }

    /// Asks the client to tell of changes to Swift files and configuration files.
    private func registerFileWatchers() {
        guard clientWatchesFiles else { return }
        let watchers: LSPJSON = [["globPattern": "**/*.swift"], ["globPattern": .string("**/" + Configuration.fileName)]]
        sendRequest("client/registerCapability", ["registrations": [
            ["id": "combinelint-watched-files", "method": "workspace/didChangeWatchedFiles", "registerOptions": ["watchers": watchers]],
        ]])
    }

    /// Sends a request to the client (its answer is read and dropped).
    func sendRequest(_ method: String, _ params: LSPJSON) {
        writer.send(["jsonrpc": "2.0", "id": .string("combinelint-\(nextOutgoingID)"), "method": .string(method), "params": params])
        nextOutgoingID += 1
    }

    func sendNotification(_ method: String, _ params: LSPJSON) {
        writer.send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    /// An error on standard error and in the client's log.
    func logError(_ message: String) {
        log("combinelint server: \(message)\n")
        sendNotification("window/logMessage", ["type": 1, "message": .string("combinelint: " + message)])
    }

    var mapping: DiagnosticMapping {
        let workspace = self.workspace
        let page = rulePageURL
        return DiagnosticMapping(encoding: encoding, source: { workspace?.source(ofFile: $0) },
                                 rulePage: { id in page.map { $0.replacingOccurrences(of: "{rule}", with: id) } })
    }
}
