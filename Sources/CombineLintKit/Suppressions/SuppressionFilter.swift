/// Applies a file's suppression directives to its findings and reports the directives'
/// own problems (`invalid_directive`) and unused directives (`superfluous_directive`).
public struct SuppressionFilter: Sendable {
    /// Ids a directive may name.
    public var knownRuleIDs: Set<String>
    /// Severity of `invalid_directive` findings, nil when that rule is off.
    public var invalidDirectiveSeverity: Severity?
    /// Severity of `superfluous_directive` findings, nil when that rule is off (the default).
    public var superfluousDirectiveSeverity: Severity?

    public init(knownRuleIDs: Set<String>, invalidDirectiveSeverity: Severity? = .warning,
                superfluousDirectiveSeverity: Severity? = nil) {
        self.knownRuleIDs = knownRuleIDs
        self.invalidDirectiveSeverity = invalidDirectiveSeverity
        self.superfluousDirectiveSeverity = superfluousDirectiveSeverity
    }

    /// The findings that survive, plus meta findings; `suppressedCount` says how many were hidden.
    public func apply(_ findings: [Finding], file: SourceFile, tokens: [Token]) -> (findings: [Finding], suppressedCount: Int) {
        let (directives, problems) = DirectiveParser.parse(file: file, tokens: tokens, knownRuleIDs: knownRuleIDs)
        var result: [Finding] = []
        if let severity = invalidDirectiveSeverity {
            for problem in problems {
                result.append(metaFinding(MetaRules.invalidDirective.id, severity, problem.message, file: file,
                                          offset: problem.offset, length: problem.length))
            }
        }
        guard !directives.isEmpty else { return (findings + result, 0) }

        let regions = Self.regions(directives, fileLength: file.bytes.count)
        let lookup = DirectiveLookup(directives, regions: regions)
        // used[directive index][rule id]
        var used = directives.map { _ in Set<String>() }
        var suppressed = 0
        for finding in findings {
            // The engine's own findings are never suppressed by directives.
            if MetaRules.isMetaRule(finding.ruleID) { result.append(finding); continue }
            var hidden = false
            lookup.forEachDirective(covering: finding) { index, id in
                used[index].insert(id)
                hidden = true
            }
            if hidden { suppressed += 1 } else { result.append(finding) }
        }
        if let severity = superfluousDirectiveSeverity {
            for (index, directive) in directives.enumerated() where directive.action == .disable {
                for id in directive.ruleIDs where !used[index].contains(id) {
                    result.append(metaFinding(MetaRules.superfluousDirective.id, severity,
                                              "'\(directive.spelling) \(id)' suppresses no finding; remove it",
                                              file: file, offset: directive.offset, length: directive.length))
                }
            }
        }
        return (result, suppressed)
    }

    /// For each directive and each id it names, the byte range a `disable` region covers: from
    /// the comment to the first later `enable` naming that id (or `all`), else to the end of the file.
    static func regions(_ directives: [SuppressionDirective], fileLength: Int) -> [[String: Range<Int>]] {
        // From the last directive back, each id's next `enable` is known when a `disable` is reached
        // (directives come in file order, so a later one has a larger offset).
        var result = [[String: Range<Int>]](repeating: [:], count: directives.count)
        var nextEnable: [String: Int] = [:]
        var nextEnableAll: Int? = nil
        for index in directives.indices.reversed() {
            let directive = directives[index]
            switch directive.action {
            case .disable where directive.scope == .region:
                var ranges: [String: Range<Int>] = [:]
                for id in directive.ruleIDs {
                    let end = [nextEnable[id], nextEnableAll].compactMap { $0 }.min() ?? fileLength + 1
                    ranges[id] = directive.offset..<end
                }
                result[index] = ranges
            case .enable:
                for id in directive.ruleIDs {
                    if id == "all" { nextEnableAll = directive.offset } else { nextEnable[id] = directive.offset }
                }
            default:
                break
            }
        }
        return result
    }

    private func metaFinding(_ id: String, _ severity: Severity, _ message: String, file: SourceFile,
                             offset: Int, length: Int) -> Finding {
        let start = file.location(ofOffset: offset)
        let end = file.location(ofOffset: offset + length)
        return Finding(ruleID: id, severity: severity, message: message, file: file.path, line: start.line,
                       column: start.column, endLine: end.line, endColumn: end.column, offset: offset, length: length)
    }
}
