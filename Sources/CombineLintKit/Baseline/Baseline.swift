import Foundation

/// Findings accepted as they are today. A later run reports only findings not in the baseline.
///
/// An entry is keyed by file (path relative to the baseline file's folder), rule id and the
/// text of the finding's source line with whitespace runs collapsed, so edits elsewhere in the
/// file (lines inserted above) do not revive old findings. Several findings with the same key
/// are matched by occurrence order: with n entries for a key, the first n such findings of a run
/// are known, the rest are new.
public struct Baseline: Sendable, Hashable {
    public struct Entry: Sendable, Hashable, Comparable {
        public var file: String
        public var rule: String
        /// The whitespace-normalised source line.
        public var line: String
        /// The message when recorded (for people reading the file; not used to match).
        public var message: String

        public init(file: String, rule: String, line: String, message: String) {
            self.file = file
            self.rule = rule
            self.line = line
            self.message = message
        }

        public static func < (a: Entry, b: Entry) -> Bool {
            (a.file, a.rule, a.line, a.message) < (b.file, b.rule, b.line, b.message)
        }

        var key: Key { Key(file: file, rule: rule, line: line) }
    }

    struct Key: Hashable {
        var file: String
        var rule: String
        var line: String
    }

    public static let formatVersion = 1

    /// Sorted entries.
    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries.sorted()
    }

    /// The baseline of a run's findings. `lineText` gives a finding's source line; `relativePath`
    /// maps a finding's file to the path stored.
    public init(findings: [Finding], lineText: (Finding) -> String, relativePath: (String) -> String) {
        self.init(entries: findings.map {
            Entry(file: relativePath($0.file), rule: $0.ruleID, line: Baseline.normalize(lineText($0)), message: $0.message)
        })
    }

    /// Collapses every whitespace run to one space and trims both ends.
    public static func normalize(_ line: String) -> String {
        line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" || $0 == "\n" || $0 == "\u{0C}" })
            .joined(separator: " ")
    }

    /// The findings not covered by the baseline, in their given order.
    public func newFindings(_ findings: [Finding], lineText: (Finding) -> String, relativePath: (String) -> String) -> [Finding] {
        var remaining: [Key: Int] = [:]
        for entry in entries { remaining[entry.key, default: 0] += 1 }
        // Occurrence order within a file is line order, whatever order the findings come in.
        let order = findings.indices.sorted { Finding.reportOrder(findings[$0], findings[$1]) }
        var isNew = [Bool](repeating: true, count: findings.count)
        for index in order {
            let finding = findings[index]
            let key = Key(file: relativePath(finding.file), rule: finding.ruleID, line: Baseline.normalize(lineText(finding)))
            if let count = remaining[key], count > 0 {
                remaining[key] = count - 1
                isNew[index] = false
            }
        }
        return findings.indices.filter { isNew[$0] }.map { findings[$0] }
    }
}
