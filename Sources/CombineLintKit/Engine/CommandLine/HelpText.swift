/// The `--help` texts. Every flag the parser accepts is listed here.
public enum HelpText {
    /// The version `--version` prints.
    public static var version: String { CombineLintInfo.version }

    public static let tool = """
    OVERVIEW: Finds the lifetime bugs of Apple's Combine in Swift source.

    USAGE: combinelint [lint] [OPTIONS] [PATH …]
           combinelint <command> [ARGUMENTS]

    COMMANDS:
      lint             Lint Swift files and folders (the default command)
      rules            List every rule: id, default severity, on or opt-in, summary
      explain RULE     Print a rule's document: why it matters and how to fix it
      dump tokens FILE Print the tokens of a file (debugging)
      dump tree FILE   Print the syntax structure of a file (debugging)
      server           Run the language server (LSP over standard input and output)
      trace            Report on CombineTrace runtime trace files
      instrument       Insert .trace calls before every subscriber (--remove takes them out)
      help [COMMAND]   Print help for the tool or a command

    OPTIONS:
      -h, --help       Print this help
      --version        Print the version (\(version))

    Run 'combinelint <command> --help' for a command's options.
    Exit codes: 0 no finding at error severity (with --strict: no finding at all),
    1 findings that fail the run, 2 usage, configuration or internal error.

    """

    public static var lint: String {
        let reporters = ReporterRegistry.all.map { $0.name }.sorted().joined(separator: ", ")
        return """
        OVERVIEW: Lint Swift files and folders for Combine lifetime bugs.

        USAGE: combinelint [lint] [OPTIONS] [PATH …]

        PATH is a .swift file or a folder searched recursively (default: the current folder).
        Folders .build, .git, DerivedData, Pods, Carthage, .swiftpm and hidden folders are skipped;
        files named explicitly are always linted (with --force-exclude, unless excluded).

        OPTIONS:
          --config FILE           Configuration file for every folder (default: each folder's
                                  .combinelint.json, extending the ones above it)
          --reporter NAME         Output format: \(reporters) (default: xcode)
          --output FILE           Write the report to FILE (atomically) instead of standard output
          --strict                Fail (exit 1) on any finding, warnings included
          --quiet                 Do not print the summary line on standard error
          --jobs N                Worker threads (default: one per core)
          --baseline FILE         Report only findings that are not in this baseline
          --write-baseline FILE   Record today's findings in FILE and exit 0
          --changed-since REF     Report only findings on lines changed since the git revision REF
          --diff FILE             Report only findings on lines a unified diff adds (- for stdin)
          --stdin-path PATH       Lint standard input as the file PATH (its neighbours feed the
                                  project index)
          --fix                   Apply the fixes of fixable findings in place
          --dry-run               With --fix: print the fixes as a unified diff, change nothing
          --timings               Print the time of each phase and each rule on standard error
          --statistics            After the findings, print how many each rule gave (xcode, full)
          --select RULE,…         Run only these rules (opt-in ones included)
          --ignore RULE,…         Do not run these rules
          --enable-all-rules      Run every rule, opt-in ones included
          --max-warnings N        Fail (exit 1) when there are more than N warnings
          --exit-zero             Exit 0 whatever the findings (errors of use still exit 2)
          --force-exclude         Apply the configuration's exclude to paths named here too
          --trace FILE            Join a CombineTrace trace (JSON Lines; repeatable): findings on a
                                  traced pipeline carry what it did at run time
          -h, --help              Print this help

        With --stdin-path, --fix prints the fixed text on standard output.
        Colour is used on a terminal only, and never when NO_COLOR is set.

        EXIT CODES:
          0  no finding at error severity (with --strict: no finding at all)
          1  findings that fail the run (errors; any, with --strict; too many warnings)
          2  usage, configuration or internal error

        """
    }

    public static let rules = """
    OVERVIEW: List every rule: id, default severity, on by default or opt-in, and summary.

    USAGE: combinelint rules [--format table|json]

    OPTIONS:
      --format FORMAT  table (default: aligned columns) or json (for tools: id, name, severity,
                       enabledByDefault, summary, documented, options)
      -h, --help       Print this help

    """

    public static let explain = """
    OVERVIEW: Print a rule's document (rules/<id>.md): why it matters, how to fix it, examples.

    USAGE: combinelint explain RULE

    The documents are compiled into combinelint, so this works from any folder; a rule without
    a document (io_error, invalid_directive, superfluous_directive) prints its description.

    OPTIONS:
      -h, --help  Print this help

    """

    public static let dump = """
    OVERVIEW: Print what the analyzer sees in one file (for debugging rules).

    USAGE: combinelint dump tokens [--trivia] FILE
           combinelint dump tree FILE

    OPTIONS:
      --trivia    With tokens: include whitespace, newlines and comments
      -h, --help  Print this help

    """

    public static let server = """
    OVERVIEW: Run the language server: findings in the editor as you type, with quick fixes.

    USAGE: combinelint server [--stdio]

    Speaks the Language Server Protocol (3.17) over standard input and output (--stdio, which
    some clients add, says so again); logs go to standard error. The workspace folders the editor names are indexed once; each edit is
    checked again at once. See the README for the setup of each editor.

    OPTIONS:
      -h, --help  Print this help

    EXIT CODES:
      0  'exit' after 'shutdown'
      1  'exit' without 'shutdown', or the input ended

    """

    public static let instrument = """
    OVERVIEW: Insert .trace("<site>") before every subscriber (sink, assign) of Swift files, and
    import CombineTrace where it is missing, so that running the code records every pipeline.

    USAGE: combinelint instrument [OPTIONS] [PATH …]
           combinelint instrument --remove [OPTIONS] [PATH …]

    PATH is found as 'lint' finds it (the same configuration, exclude and skipped folders).
    Each inserted piece carries the comment /*combinelint-trace*/ and goes on the subscriber's
    line, so no line moves (except a file with no import gets a line 'import CombineTrace'):
    --remove takes out exactly these pieces, and restores the files byte for byte; a
    hand-written .trace stays. Running it again inserts nothing new.

    OPTIONS:
      --remove         Take out what instrument inserted
      --dry-run        Print the changes as a unified diff, change nothing
      --config FILE    Configuration file for every folder (as lint's --config)
      --force-exclude  Apply the configuration's exclude to paths named here too
      --jobs N         Worker threads (default: one per core)
      --quiet          Do not print the summary line on standard error
      -h, --help       Print this help

    EXIT CODES:
      0  done (with --dry-run: nothing to change)
      1  a file could not be read or changed (the others are done), or with --dry-run: changes to make
      2  usage or configuration error

    """

    /// Help for a subcommand (`trace` is the executable's own).
    public static func text(for topic: String?) -> String? {
        switch topic {
        case nil: return tool
        case "lint": return lint
        case "rules": return rules
        case "explain": return explain
        case "dump": return dump
        case "server": return server
        case "instrument": return instrument
        case "help": return tool
        default: return nil
        }
    }
}
