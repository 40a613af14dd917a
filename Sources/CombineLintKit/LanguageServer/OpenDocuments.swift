/// A buffer the editor has open: its text wins over the file on disk while it is open.
public struct OpenDocument: Sendable {
    public var uri: String
    /// The absolute path the URI names.
    public var path: String
    public var version: Int
    public var bytes: [UInt8]
}

/// The open buffers by URI, and the edits `didChange` brings.
public struct OpenDocuments: Sendable {
    private(set) var byURI: [String: OpenDocument] = [:]

    public init() {}

    public subscript(uri: String) -> OpenDocument? { byURI[uri] }

    /// Every open document, by URI order.
    public var all: [OpenDocument] { byURI.keys.sorted().map { byURI[$0]! } }

    mutating func open(_ document: OpenDocument) { byURI[document.uri] = document }

    @discardableResult
    mutating func close(_ uri: String) -> OpenDocument? { byURI.removeValue(forKey: uri) }

    /// Applies `contentChanges` in order: each either replaces the whole text (no `range`) or a
    /// range of the text as the previous changes left it. A change whose range lies outside the
    /// text is applied clamped to the text, and reported (the client and server texts disagree).
    mutating func change(_ uri: String, version: Int, changes: [LSPJSON], encoding: PositionEncoding) throws -> [String] {
        guard var document = byURI[uri] else { throw RPCError.invalidParams("the document \(uri) is not open") }
        var problems: [String] = []
        for change in changes {
            guard let text = change["text"].string else { throw RPCError.invalidParams("a content change without text") }
            let range = change["range"]
            if range.isNull {
                document.bytes = Array(text.utf8)
                continue
            }
            guard let start = PositionEncoding.Position(range["start"]), let end = PositionEncoding.Position(range["end"]) else {
                throw RPCError.invalidParams("a content change with a malformed range")
            }
            let file = SourceFile(path: document.path, bytes: document.bytes)
            var lower = file.bytes.count, upper = file.bytes.count
            do { lower = try encoding.offset(of: start, in: file) } catch { problems.append("\(error)") }
            do { upper = try encoding.offset(of: end, in: file) } catch { problems.append("\(error)") }
            if upper < lower { swap(&lower, &upper) }
            document.bytes.replaceSubrange(lower..<upper, with: Array(text.utf8))
        }
        document.version = version
        byURI[uri] = document
        return problems
    }
}
