/// SARIF 2.1.0 for code-scanning services (GitHub code scanning, Azure DevOps, IDE viewers):
/// the rules that ran with their documents as help, one result per finding with its region,
/// related locations, a fingerprint that survives unrelated edits, and fixes as artifact
/// changes. Columns are UTF-16 code units, SARIF's default `columnKind`, converted from the
/// findings' character columns with the line texts of `LintResult.sourceLines`.
public struct SARIFReporter: Reporter {
    public static let name = "sarif"
    public static let summary = "SARIF 2.1.0 for code scanning (rules with help, results, fingerprints, fixes)"
    static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    /// Key of our entry in `partialFingerprints`; the suffix changes if the recipe changes.
    static let fingerprintKey = "combinelintLineHash/v1"
    static let rootBaseID = "%SRCROOT%"

    public init() {}

    public func report(_ result: LintResult) -> String {
        let findings = result.sortedFindings
        let rules = SARIFReporter.ruleTable(result.rules, findings: findings)
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($0.element.id, $0.offset) })
        let fingerprints = FindingFingerprints.compute(for: findings, in: result)

        // No informationUri or helpUri: the tool has no published pages to point at yet, and
        // the rule documents travel inside the log as `help` instead.
        let driver: [(String, JSONText)] = [
            ("name", .string(CombineLintInfo.name)),
            ("semanticVersion", .string(CombineLintInfo.version)),
            ("rules", .array(rules.map(SARIFReporter.json(for:)))),
        ]
        var run: [(String, JSONText)] = [("tool", .object([("driver", .object(driver))]))]
        if let rootURI = SARIFReporter.rootURI(result.rootDirectory) {
            run.append(("originalUriBaseIds", .object([
                (SARIFReporter.rootBaseID, .object([("uri", .string(rootURI))])),
            ])))
        }
        run.append(("columnKind", .string("utf16CodeUnits")))
        run.append(("results", .array(zip(findings, fingerprints).map { finding, fingerprint in
            SARIFReporter.json(for: finding, ruleIndex: ruleIndex[finding.ruleID], fingerprint: fingerprint, in: result)
        })))
        if let runtime = result.runtime {
            run.append(("properties", .object([("runtime", RuntimeJSON.run(runtime, result: result))])))
        }

        let document = JSONText.object([
            ("$schema", .string(SARIFReporter.schemaURI)),
            ("version", .string("2.1.0")),
            ("runs", .array([.object(run)])),
        ])
        return document.rendered() + "\n"
    }

    // MARK: Rules

    struct RuleEntry {
        var id: String
        var name: String
        var summary: String
        var level: Severity
        /// The prose of the rule's document (before its examples); nil for ids without one
        /// (such as `io_error`).
        var help: String?
    }

    /// The rules that ran, in id order, then any rule id a finding carries that no description
    /// covers, so that every result has a `ruleIndex`.
    static func ruleTable(_ descriptions: [RuleDescription], findings: [Finding]) -> [RuleEntry] {
        var entries = descriptions
            .sorted { $0.id < $1.id }
            .map { RuleEntry(id: $0.id, name: $0.name, summary: $0.summary, level: $0.defaultSeverity,
                             help: RuleDocuments.prose(for: $0.id)) }
        var known = Set(entries.map(\.id))
        var extra: [String: Severity] = [:]
        for finding in findings where !known.contains(finding.ruleID) {
            extra[finding.ruleID] = max(extra[finding.ruleID] ?? .warning, finding.severity)
        }
        for (id, level) in extra.sorted(by: { $0.key < $1.key }) {
            entries.append(RuleEntry(id: id, name: id, summary: id, level: level, help: nil))
            known.insert(id)
        }
        return entries
    }

    static func json(for rule: RuleEntry) -> JSONText {
        var members: [(String, JSONText)] = [
            ("id", .string(rule.id)),
            ("name", .string(rule.name)),
            ("shortDescription", .object([("text", .string(rule.name))])),
            ("fullDescription", .object([("text", .string(rule.summary))])),
        ]
        if let help = rule.help {
            // The document is Markdown; as plain text it reads the same.
            members.append(("help", .object([("text", .string(help)), ("markdown", .string(help))])))
        }
        members.append(("defaultConfiguration", .object([("level", .string(rule.level.rawValue))])))
        return .object(members)
    }

    // MARK: Results

    static func json(for finding: Finding, ruleIndex: Int?, fingerprint: String, in result: LintResult) -> JSONText {
        let artifact = artifactLocation(finding.file, in: result)
        let lines = result.sourceLines[finding.file]
        var members: [(String, JSONText)] = [("ruleId", .string(finding.ruleID))]
        if let ruleIndex { members.append(("ruleIndex", .int(ruleIndex))) }
        members += [
            ("level", .string(finding.severity.rawValue)),
        ]
        // With `--trace`, rank says how sure the result is: confirmed at run time first, then
        // no evidence (SARIF's default, -1, left out), then traced and well behaved.
        if let runtime = finding.runtime {
            members.append(("rank", .int(runtime.isConfirmed ? confirmedRank : tracedRank)))
        }
        members += [
            ("message", message(for: finding)),
            ("locations", .array([.object([
                ("physicalLocation", .object([
                    ("artifactLocation", artifact),
                    ("region", region(finding.line, finding.column, finding.endLine, finding.endColumn, lines: lines)),
                ])),
            ])])),
        ]
        if !finding.related.isEmpty {
            members.append(("relatedLocations", .array(finding.related.enumerated().map { index, related in
                .object([
                    ("id", .int(index)),
                    ("physicalLocation", .object([
                        ("artifactLocation", artifactLocation(related.file, in: result)),
                        ("region", region(related.line, related.column, related.endLine, related.endColumn,
                                          lines: result.sourceLines[related.file])),
                    ])),
                    ("message", .object([("text", .string(related.message))])),
                ])
            })))
        }
        members.append(("partialFingerprints", .object([(fingerprintKey, .string(fingerprint))])))
        if let fix = finding.fix {
            members.append(("fixes", .array([.object([
                ("description", .object([("text", .string(fix.title))])),
                ("artifactChanges", .array([.object([
                    ("artifactLocation", artifact),
                    ("replacements", .array(fix.edits.map { edit in
                        .object([
                            ("deletedRegion", region(edit.line, edit.column, edit.endLine, edit.endColumn, lines: lines)),
                            ("insertedContent", .object([("text", .string(edit.replacement))])),
                        ])
                    })),
                ])])),
            ])])))
        }
        if let runtime = finding.runtime {
            members.append(("properties", .object([("runtime", RuntimeJSON.finding(runtime))])))
        }
        return .object(members)
    }

    /// `rank` of a result confirmed at run time, and of one traced without a problem.
    static let confirmedRank = 90
    static let tracedRank = 20

    /// The message; with help, the help follows it in the text and in a Markdown form.
    static func message(for finding: Finding) -> JSONText {
        guard let help = finding.help, !help.isEmpty else { return .object([("text", .string(finding.message))]) }
        return .object([
            ("text", .string(finding.message + "\n\nhelp: " + help)),
            ("markdown", .string(finding.message + "\n\n**help:** " + help)),
        ])
    }

    /// A region with UTF-16 columns (see the type's comment); `lines` are the file's known line texts.
    static func region(_ line: Int, _ column: Int, _ endLine: Int, _ endColumn: Int, lines: [Int: String]?) -> JSONText {
        .object([
            ("startLine", .int(line)),
            ("startColumn", .int(UTF16Columns.column(column, onLine: lines?[line]))),
            ("endLine", .int(endLine)),
            ("endColumn", .int(UTF16Columns.column(endColumn, onLine: lines?[endLine]))),
        ])
    }

    /// A file under the root is a relative URI against `%SRCROOT%`; any other absolute file
    /// is a `file://` URI of its own.
    static func artifactLocation(_ file: String, in result: LintResult) -> JSONText {
        let path = result.reportPath(file).replacingBackslashes()
        if path.hasPrefix("/") {
            return .object([("uri", .string("file://" + percentEncodePath(path)))])
        }
        return .object([("uri", .string(percentEncodePath(path))), ("uriBaseId", .string(rootBaseID))])
    }

    /// `file:///root/` for an absolute root directory; nil otherwise (SARIF needs an absolute
    /// URI there, so a relative root is left out rather than guessed).
    static func rootURI(_ root: String) -> String? {
        let path = root.replacingBackslashes()
        guard path.hasPrefix("/") else { return nil }
        return "file://" + percentEncodePath(path.hasSuffix("/") ? path : path + "/")
    }

    /// Percent-encodes everything but unreserved characters and `/` (RFC 3986), byte by byte.
    static func percentEncodePath(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
