import Foundation

/// Hand-written argument parsing for `combinelint`. `combinelint PATH…` means `combinelint lint PATH…`.
/// Flags take values as `--flag VALUE` or `--flag=VALUE`; `--` ends the flags.
public enum CommandLineParser {
    public static let subcommands = ["lint", "rules", "explain", "dump", "server", "trace", "help"]

    /// Parses the arguments after the program name. `trace` is dispatched by the executable
    /// before this parser runs.
    public static func parse(_ arguments: [String]) throws -> Command {
        guard let first = arguments.first else { return .lint(LintOptions()) }
        switch first {
        case "--help", "-h": return .help(topic: nil)
        case "--version": return .version
        case "help":
            let rest = Array(arguments.dropFirst())
            guard let topic = rest.first else { return .help(topic: nil) }
            guard subcommands.contains(topic) else {
                throw UsageError("unknown command '\(topic)' (see 'combinelint --help')")
            }
            if rest.count > 1 { throw UsageError("unexpected argument '\(rest[1])' for 'combinelint help'") }
            return .help(topic: topic)
        case "lint": return try parseLint(Array(arguments.dropFirst()))
        case "rules": return try parseRules(Array(arguments.dropFirst()))
        case "explain": return try parseExplain(Array(arguments.dropFirst()))
        case "dump": return try parseDump(Array(arguments.dropFirst()))
        case "server": return try parseServer(Array(arguments.dropFirst()))
        default: return try parseLint(arguments)
        }
    }

    static let lintValueFlags: Set<String> = [
        "--config", "--reporter", "--output", "--jobs", "--baseline", "--write-baseline",
        "--changed-since", "--diff", "--stdin-path", "--select", "--ignore", "--max-warnings",
        "--trace",
    ]
    static let lintBoolFlags: Set<String> = [
        "--strict", "--quiet", "--fix", "--dry-run", "--timings", "--enable-all-rules", "--exit-zero", "--force-exclude",
    ]
    static let reportBoolFlags: Set<String> = ["--statistics"]

    static func parseLint(_ arguments: [String]) throws -> Command {
        var options = LintOptions()
        var index = 0
        var flagsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if flagsEnded || !argument.hasPrefix("-") || argument == "-" {
                options.paths.append(argument)
                continue
            }
            if argument == "--" { flagsEnded = true; continue }
            if argument == "--help" || argument == "-h" { return .help(topic: "lint") }
            var name = argument
            var inlineValue: String? = nil
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            // Flags of the report's shape, kept apart from the selection and input flags.
            if reportBoolFlags.contains(name) {
                if inlineValue != nil { throw UsageError("\(name) takes no value") }
                options.statistics = true
                continue
            }
            if lintBoolFlags.contains(name) {
                if inlineValue != nil { throw UsageError("\(name) takes no value") }
                switch name {
                case "--strict": options.strict = true
                case "--quiet": options.quiet = true
                case "--fix": options.fix = true
                case "--timings": options.timings = true
                case "--enable-all-rules": options.enableAllRules = true
                case "--exit-zero": options.exitZero = true
                case "--force-exclude": options.forceExclude = true
                default: options.dryRun = true
                }
                continue
            }
            guard lintValueFlags.contains(name) else {
                throw UsageError("unknown option '\(name)' (see 'combinelint lint --help')")
            }
            let value: String
            if let inlineValue = inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count, !arguments[index].hasPrefix("--") else {
                    throw UsageError("\(name) needs a value (see 'combinelint lint --help')")
                }
                value = arguments[index]
                index += 1
            }
            guard !value.isEmpty else { throw UsageError("\(name) needs a value (see 'combinelint lint --help')") }
            switch name {
            case "--config": options.configPath = value
            case "--reporter": options.reporter = value
            case "--output": options.outputPath = value
            case "--jobs":
                guard let jobs = Int(value), jobs > 0 else {
                    throw UsageError("--jobs needs a positive whole number, got '\(value)'")
                }
                options.jobs = jobs
            case "--baseline": options.baselinePath = value
            case "--write-baseline": options.writeBaselinePath = value
            case "--changed-since": options.changedSince = value
            case "--diff": options.diffPath = value
            case "--select": options.select = (options.select ?? []) + (try ruleList(name, value))
            case "--ignore": options.ignore += try ruleList(name, value)
            case "--trace": options.traces.append(value)
            case "--max-warnings":
                guard let limit = Int(value), limit >= 0 else {
                    throw UsageError("--max-warnings needs a whole number of 0 or more, got '\(value)'")
                }
                options.maxWarnings = limit
            default: options.stdinPath = value
            }
        }
        try validate(options)
        return .lint(options)
    }

    static func validate(_ options: LintOptions) throws {
        if options.dryRun && !options.fix { throw UsageError("--dry-run needs --fix") }
        if options.changedSince != nil && options.diffPath != nil {
            throw UsageError("--changed-since and --diff cannot be used together")
        }
        if options.stdinPath != nil && options.diffPath == "-" {
            throw UsageError("--stdin-path and --diff - both read standard input")
        }
        if options.stdinPath != nil, let path = options.paths.first {
            throw UsageError("--stdin-path lints standard input only; remove the path '\(path)'")
        }
        if options.paths.contains("-") { throw UsageError("'-' is not a path; use --stdin-path PATH to lint standard input") }
    }

    /// `a,b , c` → `["a", "b", "c"]`; an empty id is an error (ids are checked against the rules later).
    static func ruleList(_ flag: String, _ value: String) throws -> [String] {
        let ids = value.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        if ids.contains("") { throw UsageError("\(flag) needs rule ids separated by commas, got '\(value)'") }
        return ids
    }

    static func parseRules(_ arguments: [String]) throws -> Command {
        for argument in arguments {
            if argument == "--help" || argument == "-h" { return .help(topic: "rules") }
        }
        var format = "table"
        var rest = arguments[...]
        if let first = rest.first, first == "--format" || first.hasPrefix("--format=") {
            rest = rest.dropFirst()
            if first == "--format" {
                guard let value = rest.first else { throw UsageError("--format needs a value (table or json)") }
                format = value
                rest = rest.dropFirst()
            } else {
                format = String(first.dropFirst("--format=".count))
            }
        }
        if let first = rest.first {
            throw first.hasPrefix("-") ? UsageError("unknown option '\(first)' (see 'combinelint rules --help')")
                                       : UsageError("unexpected argument '\(first)' for 'combinelint rules'")
        }
        switch format {
        case "table": return .rules
        case "json": return .rulesJSON
        default: throw UsageError("unknown rules format '\(format)' (expected table or json)")
        }
    }

    static func parseServer(_ arguments: [String]) throws -> Command {
        if arguments.contains("--help") || arguments.contains("-h") { return .help(topic: "server") }
        // `--stdio`, which some clients add (VS Code's for the stdio transport), names the only transport.
        if let other = arguments.first(where: { $0 != "--stdio" }) {
            throw UsageError("unexpected argument '\(other)' for 'combinelint server'")
        }
        return .server
    }

    static func parseExplain(_ arguments: [String]) throws -> Command {
        if arguments.contains("--help") || arguments.contains("-h") { return .help(topic: "explain") }
        if let flag = arguments.first(where: { $0.hasPrefix("-") }) {
            throw UsageError("unknown option '\(flag)' (see 'combinelint explain --help')")
        }
        guard let id = arguments.first else { throw UsageError("explain needs a rule id (see 'combinelint rules')") }
        if arguments.count > 1 { throw UsageError("unexpected argument '\(arguments[1])' for 'combinelint explain'") }
        return .explain(ruleID: id)
    }

    static func parseDump(_ arguments: [String]) throws -> Command {
        if arguments.contains("--help") || arguments.contains("-h") { return .help(topic: "dump") }
        guard let what = arguments.first else { throw UsageError("dump needs 'tokens FILE' or 'tree FILE'") }
        guard what == "tokens" || what == "tree" else {
            throw UsageError("unknown dump '\(what)' (expected 'tokens' or 'tree')")
        }
        var trivia = false
        var paths: [String] = []
        for argument in arguments.dropFirst() {
            if argument == "--trivia" && what == "tokens" {
                trivia = true
            } else if argument.hasPrefix("-") && argument != "-" {
                throw UsageError("unknown option '\(argument)' (see 'combinelint dump --help')")
            } else {
                paths.append(argument)
            }
        }
        guard let path = paths.first else { throw UsageError("dump \(what) needs a FILE") }
        if paths.count > 1 { throw UsageError("unexpected argument '\(paths[1])' for 'combinelint dump \(what)'") }
        return what == "tokens" ? .dumpTokens(path: path, includeTrivia: trivia) : .dumpTree(path: path)
    }
}
