/// A JSON-RPC 2.0 message from the client.
public enum RPCMessage: Sendable, Equatable {
    case request(id: LSPJSON, method: String, params: LSPJSON)
    case notification(method: String, params: LSPJSON)
    /// A response to a request the server sent (none it waits for; they are read and dropped).
    case response(id: LSPJSON)

    /// The message in a body, or the error to answer it with (id `null` when it has none).
    public static func decode(_ body: [UInt8]) -> Result<RPCMessage, RPCError> {
        let json: LSPJSON
        do {
            json = try LSPJSON.parse(body)
        } catch let error as JSONSyntaxError {
            return .failure(RPCError(code: RPCError.parseError, message: "malformed JSON at line \(error.position.line), column \(error.position.column): \(error.message)"))
        } catch {
            return .failure(RPCError(code: RPCError.parseError, message: "malformed JSON: \(error)"))
        }
        guard json.object != nil else { return .failure(RPCError(code: RPCError.invalidRequest, message: "a message must be a JSON object")) }
        let id = json["id"]
        let validID = id.isNull || id.string != nil || id.int != nil
        guard let method = json["method"].string else {
            if !id.isNull && validID && (json.object?["result"] != nil || json.object?["error"] != nil) { return .success(.response(id: id)) }
            return .failure(RPCError(code: RPCError.invalidRequest, message: "a message without a method", id: validID ? id : .null))
        }
        guard validID else { return .failure(RPCError(code: RPCError.invalidRequest, message: "a request id must be a number or a string")) }
        let params = json["params"]
        guard params.isNull || params.object != nil || params.array != nil else {
            return .failure(RPCError(code: RPCError.invalidRequest, message: "params must be an object or an array", id: id))
        }
        if json.object?["id"] == nil { return .success(.notification(method: method, params: params)) }
        return .success(.request(id: id, method: method, params: params))
    }
}

/// A JSON-RPC error answer.
public struct RPCError: Error, Sendable, Equatable {
    public var code: Int
    public var message: String
    /// The request answered (`null` when it could not be read).
    public var id: LSPJSON

    public init(code: Int, message: String, id: LSPJSON = .null) {
        self.code = code
        self.message = message
        self.id = id
    }

    public static let parseError = -32700
    public static let invalidRequest = -32600
    public static let methodNotFound = -32601
    public static let invalidParams = -32602
    public static let internalError = -32603
    /// LSP: a request before `initialize`.
    public static let serverNotInitialized = -32002
    /// LSP: the request was cancelled by `$/cancelRequest`.
    public static let requestCancelled = -32800
    /// LSP: a request after `shutdown`.
    public static let invalidRequestAfterShutdown = -32600

    /// An invalid-params error.
    static func invalidParams(_ message: String) -> RPCError { RPCError(code: invalidParams, message: message) }

    /// The response message.
    var response: LSPJSON {
        ["jsonrpc": "2.0", "id": id, "error": ["code": .int(code), "message": .string(message)]]
    }
}
