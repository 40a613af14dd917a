import Foundation

/// `combinelint trace …` as a function: the CLI's `TraceCommand` only forwards to it.
public enum TraceReportCommand {
    /// Runs the command; `standardOutput` and `standardError` receive text as it is produced.
    /// Returns 0 when done, 1 when a `--fail-on` section is not empty, 2 on usage or file errors
    /// (a file without one valid event included).
    public static func run(
        _ arguments: [String],
        standardOutput: (String) -> Void,
        standardError: (String) -> Void
    ) -> Int32 {
        let options: TraceReportOptions
        do {
            options = try TraceReportOptions.parse(arguments)
        } catch {
            standardError("combinelint trace: \(error)\nRun 'combinelint trace --help' for usage.\n")
            return 2
        }
        if options.wantsHelp {
            standardOutput(TraceReportOptions.help + "\n")
            return 0
        }
        guard options.sources.isEmpty else {
            standardError("combinelint trace: --source needs the combinelint tool, which lints the sources\n")
            return 2
        }
        let document: TraceDocument
        do {
            document = try TraceReader.read(path: options.input)
        } catch {
            standardError("combinelint trace: \(error)\n")
            return 2
        }
        for problem in document.problems {
            standardError("\(options.input):\(problem.line): warning: skipped trace line: \(problem.message)\n")
        }
        // A broken or empty file must not pass `--fail-on` as a clean trace.
        guard !document.events.isEmpty else {
            standardError("combinelint trace: \(options.input): no valid trace event"
                + (document.problems.isEmpty ? " (the file is empty)" : " (\(document.problems.count) line\(document.problems.count == 1 ? "" : "s") skipped)") + "\n")
            return 2
        }
        let report = TraceAnalysis().analyze(document)
        let rendered = render(report, events: document.events, options: options)
        if let path = options.output {
            do {
                // Written beside the target and renamed over it: a kill leaves the old file or the new one.
                try Data(rendered.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                standardError("combinelint trace: \(path): cannot write the report: \(error.localizedDescription)\n")
                return 2
            }
        } else {
            standardOutput(rendered)
        }
        let failing = options.failOn.filter(report.has)
        if !failing.isEmpty {
            standardError("combinelint trace: failing sections: \(failing.map(\.rawValue).joined(separator: ", "))\n")
            return 1
        }
        return 0
    }

    /// The report in the requested format.
    public static func render(_ report: TraceReport, events: [TraceEvent], options: TraceReportOptions) -> String {
        switch options.format {
        case .text: return TextReport.render(report, source: options.input)
        case .json: return JSONReport.render(report)
        case .chrome: return ChromeTraceExport.render(events)
        case .html: return HTMLReport.render(events, report: report, title: "CombineTrace report: \(options.input)")
        }
    }
}
