import Foundation

/// `path:line:col: warning: message [rule_id]`, one finding per line, paths relative to the
/// result's root directory. (Minimal version; the reporters branch replaces this file.)
public struct XcodeReporter: Reporter {
    public static let name = "xcode"
    public static let summary = "path:line:col: severity: message [rule] (Xcode and most editors)"

    public init() {}

    public func report(_ result: LintResult) -> String {
        result.findings.map { finding in
            let path = PathUtilities.display(finding.file, relativeTo: result.rootDirectory)
            return "\(path):\(finding.line):\(finding.column): \(finding.severity.rawValue): \(finding.message) [\(finding.ruleID)]\n"
        }.joined()
    }
}
