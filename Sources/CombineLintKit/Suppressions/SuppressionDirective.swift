/// One `combinelint:` comment: `disable` / `enable`, optionally scoped to the next line, this
/// line or the previous line, naming rule ids (or `all`), with an optional reason after ` - `.
public struct SuppressionDirective: Sendable, Hashable {
    public enum Action: String, Sendable, Hashable {
        case disable, enable
    }

    public enum Scope: String, Sendable, Hashable {
        /// Until the matching `enable` (or the end of the file).
        case region
        case next, this, previous
    }

    public var action: Action
    public var scope: Scope
    /// Rule ids as written; `all` stands for every rule.
    public var ruleIDs: [String]
    public var reason: String?
    /// The comment's byte range and its first and last lines.
    public var offset: Int
    public var length: Int
    public var line: Int
    public var column: Int
    public var endLine: Int

    /// The directive as written, without rule ids: `combinelint:disable:next`.
    public var spelling: String {
        scope == .region ? "combinelint:\(action.rawValue)" : "combinelint:\(action.rawValue):\(scope.rawValue)"
    }

    /// The lines a line-scoped directive covers (empty for regions).
    public var coveredLines: ClosedRange<Int>? {
        switch scope {
        case .region: return nil
        case .next: return (endLine + 1)...(endLine + 1)
        case .this: return line...endLine
        case .previous: return (line - 1)...(line - 1)
        }
    }

    public func covers(ruleID: String) -> Bool {
        ruleIDs.contains("all") || ruleIDs.contains(ruleID)
    }
}

/// A malformed directive or an unknown rule id in one, reported as `invalid_directive`.
public struct DirectiveProblem: Sendable, Hashable {
    public var message: String
    public var offset: Int
    public var length: Int
}
