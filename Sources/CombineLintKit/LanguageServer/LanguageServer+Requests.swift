/// The requests that read the findings: pull diagnostics and code actions.
extension LanguageServer {
    /// The text and findings of the document a request names: an open buffer, or a workspace file on disk.
    private func findings(for params: LSPJSON) throws -> (uri: String, file: SourceFile, findings: [Finding]) {
        let (uri, path) = try document(params)
        guard let workspace else { throw RPCError(code: RPCError.internalError, message: "the workspace is not indexed") }
        if let open = documents[uri] {
            guard let (file, findings) = findings(of: open, memo: ProjectMemo()) else {
                throw RPCError.invalidParams("\(uri) is not a Swift document")
            }
            return (uri, file, findings)
        }
        guard let file = workspace.source(ofFile: path), let findings = workspace.findings(ofFile: path) else {
            throw RPCError.invalidParams("unknown document \(uri)")
        }
        return (uri, file, findings)
    }

    /// `textDocument/diagnostic`: a full report, or `unchanged` when nothing changed since `previousResultId`.
    func pullDiagnostics(_ params: LSPJSON) throws -> LSPJSON {
        let resultID = "\(generation)"
        let (_, file, findings) = try findings(for: params)
        if params["previousResultId"].string == resultID { return ["kind": "unchanged", "resultId": .string(resultID)] }
        let mapping = self.mapping
        return ["kind": "full", "resultId": .string(resultID), "items": .array(findings.map { mapping.diagnostic($0, in: file) })]
    }

    /// `textDocument/codeAction`: quick fixes and disable comments of the findings in the range, and fix all.
    func codeActions(_ params: LSPJSON) throws -> LSPJSON {
        let (uri, file, findings) = try findings(for: params)
        guard let start = PositionEncoding.Position(params["range"]["start"]), let end = PositionEncoding.Position(params["range"]["end"]) else {
            throw RPCError.invalidParams("range is missing or malformed")
        }
        let lower: Int, upper: Int
        do {
            lower = try encoding.offset(of: start, in: file)
            upper = try encoding.offset(of: end, in: file)
        } catch {
            throw RPCError.invalidParams("\(error)")
        }
        let only = params["context"]["only"].array?.compactMap(\.string)
        // The diagnostics the client says the request is about: the lines of ours among them.
        var lines: [String: Set<Int>] = [:]
        for diagnostic in params["context"]["diagnostics"].array ?? [] {
            guard let code = diagnostic["code"].string, let start = PositionEncoding.Position(diagnostic["range"]["start"]) else { continue }
            lines[code, default: []].insert(start.line)
        }
        let actions = CodeActions(mapping: mapping)
        return .array(actions.actions(for: findings, in: file, uri: uri, range: min(lower, upper)..<max(lower, upper),
                                      diagnosticLines: lines, only: only))
    }
}
