import CombineTraceCore

/// A trace file that gives no evidence: unreadable, or without one valid event.
public struct TraceFileProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// Reads the trace files of `lint --trace` and `trace report --source`.
public enum TraceFiles {
    /// A trace read: its document, and the evidence per call site.
    public struct Loaded: Sendable {
        /// The path as given.
        public var path: String
        public var document: TraceDocument
        public var evidence: TraceEvidence
    }

    /// Reads `path` (shown as given; opened at `absolutePath`). Malformed lines are skipped as
    /// `trace report` skips them, each given to `warn` as a warning line with its number (and
    /// kept in `document.problems`); a file that cannot be read or holds no valid event throws a
    /// problem naming the file.
    public static func load(_ path: String, absolutePath: String, warn: (String) -> Void) throws -> Loaded {
        let document: TraceDocument
        do {
            document = try TraceReader.read(path: absolutePath)
        } catch {
            throw TraceFileProblem("\(path): cannot read the trace file")
        }
        for problem in document.problems { warn(warning(problem, in: path)) }
        guard !document.events.isEmpty else {
            let skipped = document.problems.count
            throw TraceFileProblem("\(path): no valid trace event"
                + (skipped == 0 ? " (the file is empty)" : " (\(skipped) line\(skipped == 1 ? "" : "s") skipped)"))
        }
        return Loaded(path: path, document: document, evidence: TraceEvidence(trace: path, document: document))
    }

    /// The warning line for a skipped trace line, as `trace report` prints it.
    public static func warning(_ problem: TraceReadProblem, in path: String) -> String {
        "\(path):\(problem.line): warning: skipped trace line: \(problem.message)"
    }
}
