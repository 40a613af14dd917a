/// The code actions of a document's findings: each fix as a quick fix, a comment that disables
/// the rule for the finding's line, and all fixes of the file at once (`source.fixAll.combinelint`).
struct CodeActions {
    static let fixAllKind = "source.fixAll.combinelint"

    var mapping: DiagnosticMapping

    /// The actions for the findings whose range meets `range` (UTF-8 offsets) or that the client
    /// named among its diagnostics (rule id → 0-based start lines), of the kinds `only` asks for
    /// (nil: every kind).
    func actions(for findings: [Finding], in file: SourceFile, uri: String, range: Range<Int>,
                 diagnosticLines: [String: Set<Int>] = [:], only: [String]?) -> [LSPJSON] {
        var result: [LSPJSON] = []
        let wanted = { (kind: String) in only.map { $0.contains { kind == $0 || kind.hasPrefix($0 + ".") } } ?? true }
        if wanted("quickfix") {
            for finding in findings where CodeActions.meets(finding, range)
                || diagnosticLines[finding.ruleID]?.contains(file.lineIndex(ofOffset: finding.offset)) == true {
                let diagnostic = mapping.diagnostic(finding, in: file)
                if let fix = finding.fix, FixApplier.apply([fix], to: file.bytes).applied.count == 1 {
                    result.append(action(title: fix.title, kind: "quickfix", edits: fix.edits, in: file, uri: uri,
                                         diagnostic: diagnostic, preferred: true))
                }
                if !MetaRules.isMetaRule(finding.ruleID) {
                    result.append(action(title: "Disable \(finding.ruleID) for this line", kind: "quickfix",
                                         edits: [disableEdit(finding, in: file)], in: file, uri: uri, diagnostic: diagnostic, preferred: false))
                }
            }
        }
        if wanted(CodeActions.fixAllKind), let all = fixAll(findings, in: file, uri: uri) { result.append(all) }
        return result
    }

    /// Every fix of the file that can be applied together (a fix overlapping an earlier one waits
    /// for the next time), as one action; nil when there is none.
    func fixAll(_ findings: [Finding], in file: SourceFile, uri: String) -> LSPJSON? {
        let outcome = FixApplier.apply(findings.compactMap(\.fix), to: file.bytes)
        guard !outcome.applied.isEmpty else { return nil }
        let edits = outcome.applied.flatMap(\.edits).sorted { $0.offset < $1.offset }
        return action(title: "Fix all combinelint findings", kind: CodeActions.fixAllKind, edits: edits, in: file, uri: uri,
                      diagnostic: nil, preferred: false)
    }

    /// `// combinelint:disable:next RULE` on a line of its own above the finding's line, indented as it is.
    func disableEdit(_ finding: Finding, in file: SourceFile) -> TextEdit {
        let lineIndex = file.lineIndex(ofOffset: finding.offset)
        let start = file.lineStarts[lineIndex]
        var indentEnd = start
        while indentEnd < file.bytes.count, file.bytes[indentEnd] == 0x20 || file.bytes[indentEnd] == 0x09 { indentEnd += 1 }
        let indent = String(decoding: file.bytes[start..<indentEnd], as: UTF8.self)
        // The line's own terminator (`\r\n` files keep theirs).
        let next = lineIndex + 1 < file.lineStarts.count ? file.lineStarts[lineIndex + 1] : file.bytes.count
        let terminator = next >= start + 2 && file.bytes[next - 2] == 0x0D && file.bytes[next - 1] == 0x0A ? "\r\n"
            : next > start && file.bytes[next - 1] == 0x0D ? "\r" : "\n"
        return TextEdit(in: file, range: start..<start, replacement: "\(indent)// combinelint:disable:next \(finding.ruleID)\(terminator)")
    }

    private func action(title: String, kind: String, edits: [TextEdit], in file: SourceFile, uri: String,
                        diagnostic: LSPJSON?, preferred: Bool) -> LSPJSON {
        var object: [String: LSPJSON] = [
            "title": .string(title),
            "kind": .string(kind),
            "edit": ["changes": .object([uri: .array(edits.map { mapping.textEdit($0, in: file) })])],
        ]
        if let diagnostic { object["diagnostics"] = [diagnostic] }
        if preferred { object["isPreferred"] = true }
        return .object(object)
    }

    /// Whether a finding's byte range meets a requested range (an empty range at either end counts).
    static func meets(_ finding: Finding, _ range: Range<Int>) -> Bool {
        let end = finding.offset + max(finding.length, 0)
        return finding.offset <= range.upperBound && range.lowerBound <= end
    }
}
