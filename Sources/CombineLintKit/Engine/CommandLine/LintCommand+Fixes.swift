import Foundation

/// `--fix` (and `--dry-run`): on the files in place, or on standard input.
extension LintCommand {
    struct FixSummary {
        var applied = 0
        var skipped = 0
        var files = 0
        var diff = ""
    }

    /// The fixes of one file's findings applied to its bytes, or nil when none applies (or the
    /// result would not lex back byte for byte, which is then said on standard error).
    private func fixed(_ file: SourceFile, _ fixes: [Fix], summary: inout FixSummary) -> [UInt8]? {
        let result = FixApplier.apply(fixes, to: file.bytes)
        summary.skipped += result.skipped.count
        guard !result.applied.isEmpty, result.bytes != file.bytes else { return nil }
        // A fix must leave a file the lexer reads back byte for byte; else it is not written.
        guard Self.lexesLosslessly(result.bytes) else {
            io.writeError("warning: fixes for \(file.path) were not applied: the result does not lex losslessly\n")
            summary.skipped += result.applied.count
            return nil
        }
        summary.applied += result.applied.count
        summary.files += 1
        return result.bytes
    }

    private func fixesByFile(_ outcome: LintOutcome) -> [String: [Fix]] {
        var byFile: [String: [Fix]] = [:]
        for finding in outcome.findings {
            if let fix = finding.fix { byFile[finding.file, default: []].append(fix) }
        }
        return byFile
    }

    func applyFixes(_ outcome: LintOutcome, work: LintWork) throws -> FixSummary {
        var summary = FixSummary()
        let byFile = fixesByFile(outcome)
        for path in byFile.keys.sorted() {
            guard let file = outcome.files[path], let fixes = byFile[path], let bytes = fixed(file, fixes, summary: &summary) else {
                continue
            }
            let absolute = work.absolutePaths[path] ?? PathUtilities.absolute(path, relativeTo: cwd)
            if options.dryRun {
                summary.diff += LineDiff.unified(old: file.bytes, new: bytes,
                                                 path: RawPath.escaped(PathUtilities.display(absolute, relativeTo: cwd)))
            } else {
                do { try AtomicFile.write(bytes, to: absolute) } catch {
                    throw Stop(message: "\(error)")
                }
            }
        }
        writeFixLine(summary)
        return summary
    }

    /// `--fix --stdin-path`: the fixed text on standard output (the whole text, unchanged when
    /// nothing applies, so an editor's format-on-save never loses its buffer; with `--dry-run`,
    /// the diff). The report of what is left goes only to `--output` when given; the summary and
    /// exit code are those of the fixed text.
    func fixStandardInput(_ outcome: LintOutcome, work: LintWork, engine: LintEngine, reporterType: any Reporter.Type) throws -> Int32 {
        guard let stdinIndex = work.inputs.lastIndex(where: { $0.isReported }) else { return ExitCode.usage }
        let input = work.inputs[stdinIndex]
        let original = input.bytes ?? []
        var summary = FixSummary()
        var text = original
        if let file = outcome.files[input.path], let fixes = fixesByFile(outcome)[input.path],
           let bytes = fixed(file, fixes, summary: &summary) {
            text = bytes
        }
        if options.dryRun {
            io.writeOutput(summary.applied == 0 ? "" : LineDiff.unified(old: original, new: text, path: input.path))
        } else {
            io.writeOutput(String(decoding: text, as: UTF8.self))
        }
        writeFixLine(summary)
        var inputs = work.inputs
        inputs[stdinIndex].bytes = text
        let remaining = summary.applied > 0 ? engine.run(inputs) : outcome
        let result = LintResult(findings: remaining.findings, fileCount: remaining.fileCount, lineCount: remaining.lineCount,
                                rules: ranRules(work.profiles), rootDirectory: cwd)
        if options.outputPath != nil { try writeReport(reporterType.init().report(result)) }
        if !options.quiet { io.writeError(Summary.line(result, color: io.useColor) + "\n") }
        if options.dryRun { return options.exitZero || summary.applied == 0 ? ExitCode.success : ExitCode.findings }
        return exitCode(result)
    }

    private func writeFixLine(_ summary: FixSummary) {
        guard !options.quiet else { return }
        let verb = options.dryRun ? "Would apply" : "Applied"
        var line = "\(verb) \(Summary.count(summary.applied, "fix")) in \(Summary.count(summary.files, "file"))"
        if summary.skipped > 0 { line += " (skipped \(Summary.count(summary.skipped, "overlapping fix")))" }
        io.writeError(line + ".\n")
    }

    static func lexesLosslessly(_ bytes: [UInt8]) -> Bool {
        var expected = 0
        for token in Lexer.tokenize(bytes) {
            guard token.startOffset == expected else { return false }
            expected = token.endOffset
        }
        return expected == bytes.count
    }
}
