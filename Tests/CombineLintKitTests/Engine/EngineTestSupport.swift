import Foundation
@testable import CombineLintKit

/// Test-only rule: flags every occurrence of the text `FIXME_TOKEN` (found in the bytes, so
/// it works with any lexer) and offers a fix replacing it with `done`.
struct FixmeRule: Rule {
    static let description = RuleDescription(
        id: "test_fixme", name: "Test FIXME", defaultSeverity: .warning,
        summary: "Flags FIXME_TOKEN.", options: [RuleOptionDescription(key: "names", summary: "Extra names")])

    func check(_ context: RuleContext) -> [Finding] {
        let needle = Array("FIXME_TOKEN".utf8)
        var names = [needle]
        names += context.options.strings("names").map { Array($0.utf8) }
        var findings: [Finding] = []
        let bytes = context.file.bytes
        for name in names {
            var i = 0
            while i + name.count <= bytes.count {
                if Array(bytes[i..<(i + name.count)]) == name {
                    let range = i..<(i + name.count)
                    findings.append(context.finding(range: range, message: "\(String(decoding: name, as: UTF8.self)) left in code",
                                                    fix: Fix(title: "Replace with done", edits: [context.edit(range, "done")])))
                    i += name.count
                } else {
                    i += 1
                }
            }
        }
        return findings
    }
}

/// Test-only opt-in rule at error severity: flags the text `ERROR_TOKEN`, no fix.
struct ErrorTokenRule: Rule {
    static let description = RuleDescription(
        id: "test_error_token", name: "Test error token", defaultSeverity: .error, isOptIn: true,
        summary: "Flags ERROR_TOKEN.")

    func check(_ context: RuleContext) -> [Finding] {
        let text = String(decoding: context.file.bytes, as: UTF8.self)
        var findings: [Finding] = []
        var searchStart = text.startIndex
        while let range = text.range(of: "ERROR_TOKEN", range: searchStart..<text.endIndex) {
            let start = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
            findings.append(context.finding(range: start..<(start + 11), message: "ERROR_TOKEN found"))
            searchStart = range.upperBound
        }
        return findings
    }
}

/// A fresh temporary folder, removed by the caller (`try? FileManager.default.removeItem`).
func makeTemporaryDirectory() throws -> String {
    let path = NSTemporaryDirectory() + "combinelint-test-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return PathUtilities.realPath(path) ?? path
}

/// Writes `text` to `directory/relative`, creating folders.
func writeFile(_ directory: String, _ relative: String, _ text: String) throws {
    let path = directory + "/" + relative
    try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: path, atomically: false, encoding: .utf8)
}

func readFile(_ path: String) -> String {
    (try? String(contentsOfFile: path, encoding: .utf8)) ?? "<unreadable>"
}

/// Captures a command's output streams.
final class CapturedIO {
    var output = ""
    var error = ""
    var stdin: [UInt8] = []

    func io(_ directory: String, environment: [String: String] = [:]) -> CommandIO {
        CommandIO(currentDirectory: directory, environment: environment,
                  readStandardInput: { [unowned self] in self.stdin },
                  writeOutput: { [unowned self] in self.output += $0 },
                  writeError: { [unowned self] in self.error += $0 })
    }
}
