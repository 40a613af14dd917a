extension LintResult {
    /// The path reports print for `file`: relative to `rootDirectory` when the file lies under
    /// it, the path as given otherwise (an absolute path elsewhere stays absolute). A root of
    /// `/` (or an empty root) keeps every absolute path absolute: that is how a caller asks for
    /// absolute paths. A leading `./` is dropped so the same file always prints the same way.
    public func reportPath(_ file: String) -> String {
        var path = file
        if path.hasPrefix("/") {
            var root = rootDirectory
            while root.count > 1 && root.hasSuffix("/") { root.removeLast() }
            if !root.isEmpty && root != "/" {
                let prefix = root + "/"
                if path.hasPrefix(prefix) && path.count > prefix.count {
                    path = String(path.dropFirst(prefix.count))
                }
            }
        }
        while path.hasPrefix("./") { path = String(path.dropFirst(2)) }
        return path
    }

    /// Findings in report order, whatever order the producer left them in.
    var sortedFindings: [Finding] { findings.sorted(by: Finding.reportOrder) }

    /// Findings confirmed at run time first, each group in report order.
    var confirmedFirst: [Finding] {
        let sorted = sortedFindings
        return sorted.filter { $0.runtime?.isConfirmed == true } + sorted.filter { $0.runtime?.isConfirmed != true }
    }

    /// Number of distinct files that have findings.
    var filesWithFindings: Int { Set(findings.map(\.file)).count }
}

extension LintResult {
    /// The text of the lines reports quote, ready for `LintResult.sourceLines`: each finding's
    /// first and last line (and those between, for a range of at most `SourceExcerpt.maxLines`),
    /// the lines of its related locations and of its fix's edits. Files not in `files` are
    /// skipped (their fingerprints fall back to the message, their columns stay characters).
    public static func sourceLines(for findings: [Finding], in files: [SourceFile]) -> [String: [Int: String]] {
        var byPath: [String: SourceFile] = [:]
        for file in files { byPath[file.path] = file }
        var lines: [String: [Int: String]] = [:]
        func add(_ path: String, _ numbers: [Int]) {
            guard let file = byPath[path] else { return }
            for number in numbers where lines[path]?[number] == nil {
                lines[path, default: [:]][number] = file.lineText(number)
            }
        }
        for finding in findings {
            add(finding.file, SourceExcerpt.lineNumbers(line: finding.line, endLine: finding.endLine))
            for related in finding.related { add(related.file, [related.line, related.endLine]) }
            for edit in finding.fix?.edits ?? [] { add(finding.file, [edit.line, edit.endLine]) }
        }
        return lines
    }
}

extension String {
    /// Forward slashes only, as URIs and fingerprints want them.
    func replacingBackslashes() -> String {
        String(unicodeScalars.map { $0 == "\\" ? "/" : Character($0) })
    }
}
