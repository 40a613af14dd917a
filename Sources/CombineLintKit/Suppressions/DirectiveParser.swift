/// Reads suppression directives from a file's comment tokens.
public enum DirectiveParser {

    /// Every directive in the file's comments, and the problems found in them. Rule ids not in
    /// `knownRuleIDs` are reported and dropped from their directive.
    public static func parse(file: SourceFile, tokens: [Token], knownRuleIDs: Set<String>)
        -> (directives: [SuppressionDirective], problems: [DirectiveProblem]) {
        var directives: [SuppressionDirective] = []
        var problems: [DirectiveProblem] = []
        for token in tokens where token.kind.isComment {
            // Most comments are not directives: their bytes are searched before any String is made.
            guard containsMarker(file.bytes, in: token.range) else { continue }
            let text = commentBody(file.text(token.range))
            guard text.hasPrefix("combinelint:") else { continue }
            let start = file.location(ofOffset: token.startOffset)
            let endLine = file.location(ofOffset: max(token.startOffset, token.endOffset - 1)).line
            switch parseBody(String(text.dropFirst("combinelint:".count)), knownRuleIDs: knownRuleIDs) {
            case .failure(let message):
                problems.append(DirectiveProblem(message: message, offset: token.startOffset, length: Int(token.length)))
            case .success(let parsed):
                for message in parsed.problems {
                    problems.append(DirectiveProblem(message: message, offset: token.startOffset, length: Int(token.length)))
                }
                guard !parsed.ruleIDs.isEmpty else { continue }
                directives.append(SuppressionDirective(
                    action: parsed.action, scope: parsed.scope, ruleIDs: parsed.ruleIDs, reason: parsed.reason,
                    offset: token.startOffset, length: Int(token.length),
                    line: start.line, column: start.column, endLine: endLine))
            }
        }
        return (directives, problems)
    }

    static func containsMarker(_ bytes: [UInt8], in range: Range<Int>) -> Bool {
        bytes.withUnsafeBufferPointer { ByteSearch.contains("combinelint:", in: $0, range: range) }
    }

    /// The comment's text without `//`, `///`, `/*`, `/**`, `*/` and surrounding spaces.
    static func commentBody(_ comment: String) -> Substring {
        var body = Substring(comment)
        if body.hasPrefix("/*") {
            body = body.dropFirst(2)
            if body.hasSuffix("*/") { body = body.dropLast(2) }
            while body.first == "*" { body = body.dropFirst() }
        } else {
            while body.first == "/" { body = body.dropFirst() }
        }
        return body.trimmingSpaces()
    }

    struct Parsed {
        var action: SuppressionDirective.Action
        var scope: SuppressionDirective.Scope
        var ruleIDs: [String]
        var reason: String?
        var problems: [String]
    }

    enum Outcome {
        case success(Parsed)
        case failure(String)
    }

    static func parseBody(_ body: String, knownRuleIDs: Set<String>) -> Outcome {
        var rest = Substring(body)
        var reason: String? = nil
        if let dash = rest.range(of: " - ") {
            let text = rest[dash.upperBound...].trimmingSpaces()
            reason = text.isEmpty ? nil : String(text)
            rest = rest[..<dash.lowerBound]
        }
        let words = rest.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "," || $0 == "\n" || $0 == "\r" })
        guard let command = words.first else {
            return .failure("empty combinelint: directive (expected disable or enable)")
        }
        let parts = command.split(separator: ":", omittingEmptySubsequences: false)
        guard let action = SuppressionDirective.Action(rawValue: String(parts[0])) else {
            return .failure("unknown directive 'combinelint:\(command)' (expected disable, enable, disable:next, disable:this or disable:previous)")
        }
        var scope = SuppressionDirective.Scope.region
        if parts.count == 2, action == .disable, let s = SuppressionDirective.Scope(rawValue: String(parts[1])), s != .region {
            scope = s
        } else if parts.count != 1 {
            return .failure("unknown directive 'combinelint:\(command)' (expected disable, enable, disable:next, disable:this or disable:previous)")
        }
        let spelling = "combinelint:\(command)"
        let ids = words.dropFirst().map(String.init)
        guard !ids.isEmpty else {
            return .failure("'\(spelling)' names no rule (write rule ids or 'all')")
        }
        var kept: [String] = []
        var problems: [String] = []
        for id in ids {
            if id == "all" || knownRuleIDs.contains(id) {
                if !kept.contains(id) { kept.append(id) }
            } else {
                problems.append("unknown rule '\(id)' in '\(spelling)'")
            }
        }
        return .success(Parsed(action: action, scope: scope, ruleIDs: kept, reason: reason, problems: problems))
    }
}

extension Substring {
    func trimmingSpaces() -> Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" || c == "\n" || c == "\r" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" || c == "\n" || c == "\r" { s = s.dropLast() }
        return s
    }
}
