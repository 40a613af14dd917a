/// The output formats of `combinelint trace report`.
public enum TraceReportFormat: String, CaseIterable, Sendable {
    case text, json, chrome, html
}

/// A usage error in `combinelint trace` arguments; the message says what to fix.
public struct TraceUsageError: Error, Equatable, CustomStringConvertible {
    public var message: String
    public var description: String { message }
    public init(_ message: String) { self.message = message }
}

/// The parsed arguments of `combinelint trace …` (what follows `trace`).
public struct TraceReportOptions: Equatable, Sendable {
    /// `--help`, `-h` or `help` was given: print help, do nothing else.
    public var wantsHelp = false
    /// The trace file to read.
    public var input = ""
    public var format = TraceReportFormat.text
    /// Where to write the report; standard output when nil.
    public var output: String?
    /// Sections that make the command exit 1 when not empty.
    public var failOn: [TraceSection] = []
    /// `--source PATH…`: Swift files and folders whose static findings the report joins (the
    /// `combinelint` tool does that join; `TraceReportCommand` alone refuses the option).
    public var sources: [String] = []

    public init() {}

    /// Parses e.g. `["report", "t.jsonl", "--format", "json", "--fail-on", "leaked,unreleased"]`.
    public static func parse(_ arguments: [String]) throws -> TraceReportOptions {
        var options = TraceReportOptions()
        if arguments.contains(where: { $0 == "--help" || $0 == "-h" }) || arguments.first == "help" {
            options.wantsHelp = true
            return options
        }
        guard let command = arguments.first else {
            throw TraceUsageError("missing subcommand: expected 'combinelint trace report TRACE.jsonl'")
        }
        guard command == "report" else {
            throw TraceUsageError("unknown trace subcommand '\(command)': expected 'report'")
        }
        var rest = arguments.dropFirst()[...]
        var inputs: [String] = []
        while let argument = rest.popFirst() {
            let (name, inline) = split(argument)
            switch name {
            case "--format", "-f":
                let value = try inline ?? take(name, &rest)
                guard let format = TraceReportFormat(rawValue: value) else {
                    throw TraceUsageError("unknown format '\(value)': expected one of "
                        + TraceReportFormat.allCases.map(\.rawValue).joined(separator: ", "))
                }
                options.format = format
            case "--output", "-o":
                options.output = try inline ?? take(name, &rest)
            case "--source":
                // `--source A B …` takes the paths up to the next option; `--source=A` one.
                if let inline {
                    options.sources.append(inline)
                } else {
                    let before = options.sources.count
                    while let next = rest.first, !next.hasPrefix("-") {
                        options.sources.append(next)
                        rest = rest.dropFirst()
                    }
                    guard options.sources.count > before else { throw TraceUsageError("option --source needs a value") }
                }
            case "--fail-on":
                let value = try inline ?? take(name, &rest)
                for item in value.split(separator: ",").map({ $0.trimmingSpaces() }) where !item.isEmpty {
                    guard let section = TraceSection(rawValue: item) ?? (item == "afterCancel" ? .afterCancel : nil) else {
                        throw TraceUsageError("unknown section '\(item)' in --fail-on: expected "
                            + TraceSection.allCases.map(\.rawValue).joined(separator: ", "))
                    }
                    if !options.failOn.contains(section) { options.failOn.append(section) }
                }
            default:
                guard !argument.hasPrefix("-") || argument == "-" else { throw TraceUsageError("unknown option '\(argument)'") }
                inputs.append(argument)
            }
        }
        guard inputs.count == 1 else {
            throw TraceUsageError(inputs.isEmpty ? "missing trace file: combinelint trace report TRACE.jsonl"
                                                 : "expected one trace file, got \(inputs.count)")
        }
        options.input = inputs[0]
        return options
    }

    /// `--name=value` into its parts.
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func take(_ name: String, _ rest: inout ArraySlice<String>) throws -> String {
        guard let value = rest.popFirst() else { throw TraceUsageError("option \(name) needs a value") }
        return value
    }

    /// The text `combinelint trace --help` prints.
    public static let help = """
    USAGE: combinelint trace report TRACE.jsonl [--format text|json|chrome|html] [--output FILE]
                                                [--fail-on SECTIONS] [--source PATH…]

    Reads a trace written by CombineTrace (the .trace(_:) operator) and reports:
      leaked        subscriptions never completed or cancelled by the end of the trace
      discarded     sink or assign subscriptions cancelled right after subscribing, before
                    any value (a dropped AnyCancellable; an operator's own cancel is not one)
      accumulating  call sites whose live subscriptions grow at each repetition of a mark
      after-cancel  values or completion delivered after cancel
      protocol-violations
                    values beyond the recorded demand, values after completion, a second
                    completion, an end timestamped before its subscribe
      unreleased    objects expected to be released and still alive at the last checkpoint
    and a lifetime summary per call site.

    OPTIONS:
      -f, --format FORMAT   text (default), json (for tools), chrome (Trace Event Format for
                            Perfetto and chrome://tracing) or html (a self-contained page)
      -o, --output FILE     write the report to FILE instead of standard output
      --fail-on SECTIONS    comma-separated sections; exit 1 when any of them is not empty
      --source PATH…        lint these Swift files and folders, and show for each leaked,
                            discarded, accumulating or unreleased entry the static findings
                            at its pipeline (or that no rule explains it) and the pipeline's
                            source lines (text and json formats)
      -h, --help            show this help

    Record a trace with COMBINETRACE=trace.jsonl or TraceRecorder.shared.start(writingTo:).
    Malformed lines are reported with their line number on standard error and skipped; a file
    with no valid event is an error. The --output file is replaced atomically.
    Exit codes: 0 done, 1 a --fail-on section is not empty, 2 usage or file error.
    """
}

private extension Substring {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
