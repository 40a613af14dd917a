/// What instrumenting one file gives: the edits, the new bytes, and what was found.
public struct InstrumentedFile: Sendable {
    /// The file's bytes with the edits applied (the same bytes when there is nothing to do).
    public var bytes: [UInt8]
    /// The subscriber calls found, in source order.
    public var sites: [SubscriberSite]
    /// The fixes applied: one per instrumented site, and one for the import when it was missing.
    public var fixes: [Fix]
    /// Sites that got a `.trace`.
    public var instrumentedCount: Int
    public var addedImport: Bool

    public var alreadyInstrumentedCount: Int { sites.filter { $0.outcome == .alreadyInstrumented }.count }
    /// Sites left alone, by reason.
    public var skipped: [SubscriberSite.SkipReason: Int] {
        var result: [SubscriberSite.SkipReason: Int] = [:]
        for site in sites { if case .skipped(let reason) = site.outcome { result[reason, default: 0] += 1 } }
        return result
    }
}

/// Builds the instrumenting edits of a file as fixes (`TextEdit` insertions) and applies them with
/// the fix machinery (`FixApplier`), as `lint --fix` does.
public enum InstrumentationEdits {
    public static func instrument(_ file: SourceFile) -> InstrumentedFile {
        let tokens = Lexer.tokenize(file.bytes)
        let tree = SyntaxTree(file: file, allTokens: tokens)
        let sites = SubscriberSites.find(in: tree)
        let traced = sites.contains { site in
            if case .skipped = site.outcome { return false } else { return true }
        }
        var importFix: Fix? = nil
        var importLine: (offset: Int, lines: Int)? = nil
        if traced, let insertion = ImportPoint.insertion(in: file.bytes, tokens: tokens) {
            importFix = Fix(title: "Import \(TraceMarker.module)",
                            edits: [TextEdit(in: file, range: insertion.offset..<insertion.offset, replacement: insertion.text)])
            // (Bytes, not characters: `\r\n` is one Character, which `hasSuffix("\n")` does not see.)
            if let last = insertion.text.utf8.last, last == 0x0A || last == 0x0D { importLine = (insertion.offset, 1) }
        }
        var fixes: [Fix] = []
        for site in sites {
            guard case .insert(let offset) = site.outcome else { continue }
            let shift = importLine.map { $0.offset <= offset ? $0.lines : 0 } ?? 0
            let text = TraceMarker.traceCall(label: SiteLabel.label(forToken: site.nameToken, in: tree, lineShift: shift))
            fixes.append(Fix(title: "Trace the \(site.subscriber) at line \(site.line)",
                             edits: [TextEdit(in: file, range: offset..<offset, replacement: text)]))
        }
        // A file with no trace, added or kept, needs no import: it stays as it is.
        guard !fixes.isEmpty || importFix != nil else {
            return InstrumentedFile(bytes: file.bytes, sites: sites, fixes: [], instrumentedCount: 0, addedImport: false)
        }
        let outcome = FixApplier.apply(fixes + (importFix.map { [$0] } ?? []), to: file.bytes)
        let addedImport = importFix.map { outcome.applied.contains($0) } ?? false
        return InstrumentedFile(bytes: outcome.bytes, sites: sites, fixes: outcome.applied,
                                instrumentedCount: outcome.applied.count - (addedImport ? 1 : 0), addedImport: addedImport)
    }
}
