import Foundation

/// Open, edited, saved and closed buffers, files changed on disk, and the diagnostics they lead to.
extension LanguageServer {
    /// The URI and path of a `textDocument` parameter.
    func document(_ params: LSPJSON) throws -> (uri: String, path: String) {
        guard let uri = params["textDocument"]["uri"].string else { throw RPCError.invalidParams("textDocument.uri is missing") }
        guard let path = DocumentURI.path(of: uri) else { throw RPCError.invalidParams("not a file URI: \(uri)") }
        return (uri, PathUtilities.standardize(path))
    }

    static func isSwift(_ path: String) -> Bool { path.hasSuffix(".swift") }
    static func isConfiguration(_ path: String) -> Bool { (path as NSString).lastPathComponent == Configuration.fileName }

    func didOpen(_ params: LSPJSON) throws {
        let (uri, path) = try document(params)
        guard let text = params["textDocument"]["text"].string else { throw RPCError.invalidParams("textDocument.text is missing") }
        let version = params["textDocument"]["version"].int ?? 0
        documents.open(OpenDocument(uri: uri, path: path, version: version, bytes: Array(text.utf8)))
        guard Self.isSwift(path) || params["textDocument"]["languageId"].string == "swift" else { return }
        textChanged(uri: uri, path: path)
    }

    func didChange(_ params: LSPJSON) throws {
        let (uri, path) = try document(params)
        let version = params["textDocument"]["version"].int ?? (documents[uri]?.version ?? 0) + 1
        let problems = try documents.change(uri, version: version, changes: params["contentChanges"].array ?? [], encoding: encoding)
        for problem in problems { logError("didChange of \(uri): \(problem)") }
        if Self.isConfiguration(path) { return }
        textChanged(uri: uri, path: path)
    }

    func didSave(_ params: LSPJSON) throws {
        let (_, path) = try document(params)
        if Self.isConfiguration(path) { reloadConfiguration() }
    }

    func didClose(_ params: LSPJSON) throws {
        let (uri, path) = try document(params)
        guard documents.close(uri) != nil else { throw RPCError.invalidParams("the document \(uri) is not open") }
        checked[uri] = nil
        edited.removeAll { $0 == uri }
        if published[uri] != nil {
            published[uri] = nil
            sendNotification("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])
        }
        guard Self.isSwift(path), workspace != nil else { return }
        // The file on disk takes the buffer's place; a file that is not there, or lies outside
        // the workspace folders, leaves the index.
        if isUnderRoots(path), case .success(let bytes) = FileReader.read(path) {
            workspace!.setText(bytes, ofFile: path)
        } else {
            workspace!.removeFile(path)
        }
        workspaceChanged()
    }

    func didChangeWatchedFiles(_ params: LSPJSON) throws {
        guard workspace != nil else { return }
        var configurationChanged = false
        var changed: [String: [UInt8]] = [:]
        var removed = Set<String>()
        let openPaths = Set(documents.all.map(\.path))
        for change in params["changes"].array ?? [] {
            guard let uri = change["uri"].string, let raw = DocumentURI.path(of: uri) else { continue }
            let path = PathUtilities.standardize(raw)
            if Self.isConfiguration(path) {
                configurationChanged = true
                continue
            }
            // An open buffer wins over the file on disk.
            guard Self.isSwift(path), !openPaths.contains(path) else { continue }
            if change["type"].int != 3, isUnderRoots(path), case .success(let bytes) = FileReader.read(path) {
                changed[path] = bytes
                removed.remove(path)
            } else {
                removed.insert(path)
                changed[path] = nil
            }
        }
        if !changed.isEmpty || !removed.isEmpty {
            workspace!.applyDiskChanges(changed: changed, removed: removed)
            workspaceChanged()
        }
        if configurationChanged { reloadConfiguration() }
    }

    private func isUnderRoots(_ path: String) -> Bool {
        roots.contains { path.hasPrefix($0.hasSuffix("/") ? $0 : $0 + "/") }
    }

    /// A Swift buffer's text changed: the index follows, and its diagnostics are due.
    private func textChanged(uri: String, path: String) {
        guard workspace != nil, let document = documents[uri] else { return }
        workspace!.setText(document.bytes, ofFile: path)
        edited.removeAll { $0 == uri }
        edited.append(uri)
        workspaceChanged()
    }

    private func workspaceChanged() {
        generation += 1
        staleOthers = documents.all.filter { Self.isSwift($0.path) }.map(\.uri)
    }

    /// Reads the configuration again; an invalid one is shown on its file and the last good one stays.
    func reloadConfiguration() {
        guard workspace != nil else { return }
        var overrides: [String: [UInt8]] = [:]
        for document in documents.all where Self.isSwift(document.path) { overrides[document.path] = document.bytes }
        workspace!.reloadConfiguration(overrides: overrides)
        showConfigurationError()
        workspaceChanged()
    }

    /// Publishes the configuration error on its file, or clears the one shown before.
    func showConfigurationError() {
        let previous = configurationErrorURI
        configurationErrorURI = nil
        if let error = workspace?.configurationError, let root = workspace?.roots.first {
            let path = PathUtilities.absolute(error.file, relativeTo: root)
            let uri = DocumentURI.uri(ofPath: path)
            var range: LSPJSON = ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]]
            if let position = error.position, case .success(let bytes) = FileReader.read(path) {
                let file = SourceFile(path: path, bytes: bytes)
                let offset = file.offset(line: position.line, column: position.column)
                range = mapping.range(offset: offset, length: 0, in: file)
            }
            let diagnostic: LSPJSON = ["range": range, "severity": 1, "source": "combinelint", "code": "configuration",
                                       "message": .string(error.message)]
            sendNotification("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": [diagnostic]])
            configurationErrorURI = uri
            logError("configuration error, the last good configuration stays: \(error)")
        }
        if let previous, previous != configurationErrorURI {
            sendNotification("textDocument/publishDiagnostics", ["uri": .string(previous), "diagnostics": []])
        }
    }

    /// The findings of an open document for its current text (computed once per version).
    func findings(of document: OpenDocument, memo: ProjectMemo) -> (file: SourceFile, findings: [Finding])? {
        // Valid while neither the document nor any other file changed.
        if let known = checked[document.uri], known.generation == generation, known.version == document.version {
            return (known.file, known.findings)
        }
        guard let workspace, let file = workspace.source(ofFile: document.path),
              let findings = workspace.findings(ofFile: document.path, memo: memo) else { return nil }
        checked[document.uri] = (generation, document.version, file, findings)
        return (file, findings)
    }

    /// Checks the edited documents, then the other open ones when the workspace changed, and
    /// pushes the diagnostics that differ from the ones shown (unless the client pulls them).
    func checkStaleDocuments() {
        guard workspace != nil, !edited.isEmpty || !staleOthers.isEmpty else { return }
        let memo = ProjectMemo()
        let first = edited
        edited = []
        for uri in first { if let document = documents[uri] { check(document, memo: memo) } }
        staleOthers.removeAll { first.contains($0) }
        // The others one by one, until a message comes (it may be the next keystroke).
        var checkedOthers = false
        while let uri = staleOthers.first {
            staleOthers.removeFirst()
            guard let document = documents[uri] else { continue }
            check(document, memo: memo)
            checkedOthers = true
            if queue.hasPending { break }
        }
        if checkedOthers && staleOthers.isEmpty && clientPullsDiagnostics && clientRefreshesDiagnostics {
            sendRequest("workspace/diagnostic/refresh", .null)
        }
    }

    private func check(_ document: OpenDocument, memo: ProjectMemo) {
        guard let (file, findings) = findings(of: document, memo: memo), !clientPullsDiagnostics else { return }
        let mapping = self.mapping
        let diagnostics = LSPJSON.array(findings.map { mapping.diagnostic($0, in: file) })
        guard published[document.uri] != diagnostics else { return }
        published[document.uri] = diagnostics
        sendNotification("textDocument/publishDiagnostics",
                         ["uri": .string(document.uri), "version": .int(document.version), "diagnostics": diagnostics])
    }
}
