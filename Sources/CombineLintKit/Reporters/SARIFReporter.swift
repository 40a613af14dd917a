/// SARIF 2.1.0 for code-scanning services (GitHub code scanning, Azure DevOps, IDE viewers):
/// the rules that ran with help links, one result per finding with its region, a fingerprint
/// that survives unrelated edits, and fixes as artifact changes.
public struct SARIFReporter: Reporter {
    public static let name = "sarif"
    public static let summary = "SARIF 2.1.0 for code scanning (rules, results, fingerprints, fixes)"
    static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"
    /// Key of our entry in `partialFingerprints`; the suffix changes if the recipe changes.
    static let fingerprintKey = "combinelintLineHash/v1"
    static let rootBaseID = "%SRCROOT%"

    public init() {}

    public func report(_ result: LintResult) -> String {
        let findings = result.sortedFindings
        let rules = SARIFReporter.ruleTable(result.rules, findings: findings)
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($0.element.id, $0.offset) })
        let fingerprints = SARIFReporter.fingerprints(for: findings, in: result)

        let driver: [(String, JSONText)] = [
            ("name", .string(CombineLintInfo.name)),
            ("semanticVersion", .string(CombineLintInfo.version)),
            ("informationUri", .string(CombineLintInfo.informationURI)),
            ("rules", .array(rules.map(SARIFReporter.json(for:)))),
        ]
        var run: [(String, JSONText)] = [("tool", .object([("driver", .object(driver))]))]
        if let rootURI = SARIFReporter.rootURI(result.rootDirectory) {
            run.append(("originalUriBaseIds", .object([
                (SARIFReporter.rootBaseID, .object([("uri", .string(rootURI))])),
            ])))
        }
        run.append(("columnKind", .string("unicodeCodePoints")))
        run.append(("results", .array(zip(findings, fingerprints).map { finding, fingerprint in
            SARIFReporter.json(for: finding, ruleIndex: ruleIndex[finding.ruleID], fingerprint: fingerprint, in: result)
        })))

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
        /// False for ids no rule description covers (such as `io_error`): no help page.
        var documented: Bool
    }

    /// The rules that ran, in id order, then any rule id a finding carries that no description
    /// covers, so that every result has a `ruleIndex`.
    static func ruleTable(_ descriptions: [RuleDescription], findings: [Finding]) -> [RuleEntry] {
        var entries = descriptions
            .sorted { $0.id < $1.id }
            .map { RuleEntry(id: $0.id, name: $0.name, summary: $0.summary, level: $0.defaultSeverity, documented: true) }
        var known = Set(entries.map(\.id))
        var extra: [String: Severity] = [:]
        for finding in findings where !known.contains(finding.ruleID) {
            extra[finding.ruleID] = max(extra[finding.ruleID] ?? .warning, finding.severity)
        }
        for (id, level) in extra.sorted(by: { $0.key < $1.key }) {
            entries.append(RuleEntry(id: id, name: id, summary: id, level: level, documented: false))
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
        if rule.documented {
            members.append(("helpUri", .string(CombineLintInfo.helpURI(ruleID: rule.id))))
        }
        members.append(("defaultConfiguration", .object([("level", .string(rule.level.rawValue))])))
        return .object(members)
    }

    // MARK: Results

    static func json(for finding: Finding, ruleIndex: Int?, fingerprint: String, in result: LintResult) -> JSONText {
        let artifact = artifactLocation(finding.file, in: result)
        var members: [(String, JSONText)] = [("ruleId", .string(finding.ruleID))]
        if let ruleIndex { members.append(("ruleIndex", .int(ruleIndex))) }
        members += [
            ("level", .string(finding.severity.rawValue)),
            ("message", .object([("text", .string(finding.message))])),
            ("locations", .array([.object([
                ("physicalLocation", .object([
                    ("artifactLocation", artifact),
                    ("region", region(finding.line, finding.column, finding.endLine, finding.endColumn)),
                ])),
            ])])),
            ("partialFingerprints", .object([(fingerprintKey, .string(fingerprint))])),
        ]
        if let fix = finding.fix {
            members.append(("fixes", .array([.object([
                ("description", .object([("text", .string(fix.title))])),
                ("artifactChanges", .array([.object([
                    ("artifactLocation", artifact),
                    ("replacements", .array(fix.edits.map { edit in
                        .object([
                            ("deletedRegion", region(edit.line, edit.column, edit.endLine, edit.endColumn)),
                            ("insertedContent", .object([("text", .string(edit.replacement))])),
                        ])
                    })),
                ])])),
            ])])))
        }
        return .object(members)
    }

    static func region(_ line: Int, _ column: Int, _ endLine: Int, _ endColumn: Int) -> JSONText {
        .object([
            ("startLine", .int(line)),
            ("startColumn", .int(column)),
            ("endLine", .int(endLine)),
            ("endColumn", .int(endColumn)),
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

    // MARK: Fingerprints

    /// `<hash>:<occurrence>` per finding, in the same order. The hash covers the rule id, the
    /// report path and the finding's line text with whitespace runs collapsed (so edits on
    /// other lines and re-indentation keep it); without line text it covers the message.
    /// The occurrence counts earlier findings with the same hash, so identical lines differ.
    static func fingerprints(for findings: [Finding], in result: LintResult) -> [String] {
        var seen: [String: Int] = [:]
        return findings.map { finding in
            let content: String
            if let text = result.sourceLines[finding.file]?[finding.line] {
                content = "line:" + normalizeWhitespace(text)
            } else {
                content = "message:" + finding.message
            }
            let key = [finding.ruleID, result.reportPath(finding.file).replacingBackslashes(), content]
                .joined(separator: "\u{0}")
            let hash = StableHash.hex(key)
            let occurrence = seen[hash, default: 0] + 1
            seen[hash] = occurrence
            return "\(hash):\(occurrence)"
        }
    }

    /// Trims the text and collapses each run of spaces and tabs to one space.
    static func normalizeWhitespace(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" })
            .joined(separator: " ")
    }
}

private extension String {
    func replacingBackslashes() -> String {
        String(unicodeScalars.map { $0 == "\\" ? "/" : Character($0) })
    }
}
