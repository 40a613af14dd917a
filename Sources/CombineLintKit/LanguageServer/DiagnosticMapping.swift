/// Findings as LSP diagnostics: ranges in the negotiated encoding, the rule id as `code`, help in
/// the message, related locations as `relatedInformation`.
struct DiagnosticMapping {
    var encoding: PositionEncoding
    /// The text of another file of the workspace, for related locations there.
    var source: (String) -> SourceFile?
    /// The address of a rule's page, when rules have pages (`initializationOptions.rulePageURL`).
    var rulePage: (String) -> String?

    /// The LSP range of a UTF-8 byte range of `file`.
    func range(offset: Int, length: Int, in file: SourceFile) -> LSPJSON {
        ["start": encoding.position(ofOffset: offset, in: file).json,
         "end": encoding.position(ofOffset: offset + max(0, length), in: file).json]
    }

    func diagnostic(_ finding: Finding, in file: SourceFile) -> LSPJSON {
        var message = finding.message
        if let help = finding.help, !help.isEmpty { message += "\nhelp: " + help }
        var object: [String: LSPJSON] = [
            "range": range(offset: finding.offset, length: finding.length, in: file),
            // 1 error, 2 warning.
            "severity": .int(finding.severity == .error ? 1 : 2),
            "code": .string(finding.ruleID),
            "source": "combinelint",
            "message": .string(message),
        ]
        if let page = rulePage(finding.ruleID) { object["codeDescription"] = ["href": .string(page)] }
        let related = finding.related.compactMap { relatedInformation($0, findingFile: file) }
        if !related.isEmpty { object["relatedInformation"] = .array(related) }
        return .object(object)
    }

    /// A related location: its line and column (characters) turned into an LSP range of its file.
    private func relatedInformation(_ location: RelatedLocation, findingFile: SourceFile) -> LSPJSON? {
        guard let file = location.file == findingFile.path ? findingFile : source(location.file) else { return nil }
        let start = file.offset(line: location.line, column: location.column)
        let end = max(start, file.offset(line: location.endLine, column: location.endColumn))
        return ["location": ["uri": .string(DocumentURI.uri(ofPath: file.path)), "range": range(offset: start, length: end - start, in: file)],
                "message": .string(location.message)]
    }

    /// An LSP text edit of a fix edit.
    func textEdit(_ edit: TextEdit, in file: SourceFile) -> LSPJSON {
        ["range": range(offset: edit.offset, length: edit.length, in: file), "newText": .string(edit.replacement)]
    }
}
