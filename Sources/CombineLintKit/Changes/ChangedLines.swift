/// Lines added or changed per file (new-side line numbers), from a unified diff.
public struct ChangedLines: Sendable, Hashable {
    /// Absolute standardized path → changed line numbers (1-based).
    public var lines: [String: Set<Int>]

    public init(lines: [String: Set<Int>] = [:]) {
        self.lines = lines
    }

    /// Whether a finding in `absolutePath` at `line` is on a changed line.
    public func contains(absolutePath: String, line: Int) -> Bool {
        lines[absolutePath]?.contains(line) ?? false
    }
}

/// A unified diff that cannot be read.
public struct DiffParseError: Error, Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var message: String
    public var description: String { "line \(line): \(message)" }
}

/// Parses unified diffs (`git diff`, `diff -u`): the `+++` header names the new file, each
/// `@@ -a,b +c,d @@` hunk's `+` lines are added lines, counted from `c`.
public enum UnifiedDiffParser {
    /// Changed lines per new-side path as written in the diff (git's `b/` prefix removed).
    /// Deleted files (`+++ /dev/null`) contribute nothing.
    public static func parse(_ text: String) throws -> [String: Set<Int>] {
        var result: [String: Set<Int>] = [:]
        var currentFile: String? = nil
        var newLine = 0
        var oldRemaining = 0
        var newRemaining = 0
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if oldRemaining > 0 || newRemaining > 0 {
                // Inside a hunk: every line is context, removal, addition or a "\ No newline" note.
                if line.hasPrefix("\\") { continue }
                if line.hasPrefix("+") {
                    if let file = currentFile { result[file, default: []].insert(newLine) }
                    newLine += 1
                    newRemaining -= 1
                } else if line.hasPrefix("-") {
                    oldRemaining -= 1
                } else if line.hasPrefix(" ") || line.isEmpty {
                    newLine += 1
                    newRemaining -= 1
                    oldRemaining -= 1
                } else {
                    throw DiffParseError(line: lineNumber, message: "unexpected line inside a hunk")
                }
                continue
            }
            if line.hasPrefix("+++ ") {
                currentFile = headerPath(line.dropFirst(4))
            } else if line.hasPrefix("@@") {
                guard let hunk = parseHunkHeader(line) else {
                    throw DiffParseError(line: lineNumber, message: "malformed hunk header '\(line)'")
                }
                oldRemaining = hunk.oldCount
                newRemaining = hunk.newCount
                newLine = hunk.newStart
            }
            // Anything else (diff --git, index, ---, mode lines, commit text) is skipped.
        }
        return result
    }

    /// The path of a `+++` header: quotes and escapes undone, a tab-separated timestamp dropped,
    /// git's `b/` prefix removed; nil for `/dev/null`.
    static func headerPath(_ raw: Substring) -> String? {
        var path: String
        if raw.hasPrefix("\"") {
            path = unquote(raw.dropFirst())
        } else {
            path = String(raw.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        }
        if path == "/dev/null" { return nil }
        if path.hasPrefix("b/") { path = String(path.dropFirst(2)) }
        return path
    }

    /// Git's C-style quoting: `\"`, `\\`, `\t`, `\n` and octal bytes (`\303\251`).
    static func unquote(_ s: Substring) -> String {
        var bytes: [UInt8] = []
        var chars = Array(s.utf8)[...]
        while let c = chars.first {
            chars = chars.dropFirst()
            if c == UInt8(ascii: "\"") { break }
            guard c == UInt8(ascii: "\\"), let e = chars.first else { bytes.append(c); continue }
            chars = chars.dropFirst()
            switch e {
            case UInt8(ascii: "n"): bytes.append(0x0A)
            case UInt8(ascii: "t"): bytes.append(0x09)
            case UInt8(ascii: "r"): bytes.append(0x0D)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = Int(e - UInt8(ascii: "0"))
                for _ in 0..<2 {
                    guard let d = chars.first, d >= UInt8(ascii: "0"), d <= UInt8(ascii: "7") else { break }
                    value = value * 8 + Int(d - UInt8(ascii: "0"))
                    chars = chars.dropFirst()
                }
                bytes.append(UInt8(truncatingIfNeeded: value))
            default: bytes.append(e)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    struct HunkHeader {
        var oldStart, oldCount, newStart, newCount: Int
    }

    /// `@@ -a[,b] +c[,d] @@ …`; a missing count is 1.
    static func parseHunkHeader(_ line: Substring) -> HunkHeader? {
        let parts = line.split(separator: " ")
        guard parts.count >= 4, parts[0] == "@@", parts[3].hasPrefix("@@"),
              parts[1].hasPrefix("-"), parts[2].hasPrefix("+"),
              let old = range(parts[1].dropFirst()), let new = range(parts[2].dropFirst()) else { return nil }
        return HunkHeader(oldStart: old.0, oldCount: old.1, newStart: new.0, newCount: new.1)
    }

    static func range(_ s: Substring) -> (Int, Int)? {
        let pieces = s.split(separator: ",", omittingEmptySubsequences: false)
        guard pieces.count <= 2, let start = Int(pieces[0]) else { return nil }
        if pieces.count == 1 { return (start, 1) }
        guard let count = Int(pieces[1]) else { return nil }
        return (start, count)
    }
}
