import Foundation
@testable import CombineLintKit

/// The package's root folder, found from this file's path.
let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A rule document `rules/<id>.md` and its fenced examples.
///
/// Examples are ```` ```swift ```` blocks under `## Triggering examples` and `## Non-triggering examples`.
/// In a triggering example, `↓` marks where each finding starts. A block fenced ```` ```swift corrected ````
/// right after a triggering example is the text after its fixes are applied. A line
/// `// file: Path.swift` starts another file of a multi-file example.
struct RuleDocument {
    struct Example {
        var files: [(path: String, text: String)]
        /// Expected findings: (file index, line, column), in order.
        var markers: [(file: Int, line: Int, column: Int)]
        var corrected: String?
        /// Line of the example's fence in the document, for failure messages.
        var documentLine: Int
    }

    var id: String
    var title: String
    var triggering: [Example] = []
    var nonTriggering: [Example] = []
    var sections: [String] = []

    init(path: URL) throws {
        id = path.deletingPathExtension().lastPathComponent
        let text = try String(contentsOf: path, encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        title = lines.first ?? ""
        var section = ""
        var i = 0
        while i < lines.count {
            let line = lines[i]
            if line.hasPrefix("## ") {
                section = String(line.dropFirst(3)).lowercased()
                sections.append(section)
            }
            if line.hasPrefix("```swift") {
                let info = line.dropFirst(3).split(separator: " ").map(String.init)
                var body: [String] = []
                let fence = i + 1
                i += 1
                while i < lines.count, !lines[i].hasPrefix("```") {
                    body.append(lines[i])
                    i += 1
                }
                let code = body.joined(separator: "\n") + "\n"
                if info.contains("corrected") {
                    if !triggering.isEmpty { triggering[triggering.count - 1].corrected = code }
                } else if section.hasPrefix("triggering") {
                    triggering.append(RuleDocument.example(code, documentLine: fence))
                } else if section.hasPrefix("non-triggering") {
                    nonTriggering.append(RuleDocument.example(code, documentLine: fence))
                }
            }
            i += 1
        }
    }

    static func example(_ code: String, documentLine: Int) -> Example {
        var files: [(String, String)] = []
        var currentPath = "Sources/App/Example.swift"
        var current: [String] = []
        var markers: [(Int, Int, Int)] = []
        var lines = code.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        for line in lines {
            if line.hasPrefix("// file: ") {
                if !current.isEmpty { files.append((currentPath, current.joined(separator: "\n") + "\n")) }
                currentPath = String(line.dropFirst("// file: ".count))
                current = []
                continue
            }
            var stripped = ""
            var column = 1
            for ch in line {
                if ch == "↓" {
                    markers.append((files.count, current.count + 1, column))
                } else {
                    stripped.append(ch)
                    column += 1
                }
            }
            current.append(stripped)
        }
        files.append((currentPath, current.joined(separator: "\n") + "\n"))
        return Example(files: files.map { (path: $0.0, text: $0.1) }, markers: markers.map { (file: $0.0, line: $0.1, column: $0.2) }, corrected: nil, documentLine: documentLine)
    }

    /// Every document in `rules/`, except the folder's README.
    static func all() throws -> [RuleDocument] {
        let folder = packageRoot.appendingPathComponent("rules")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") && $0 != "README.md" }.sorted()
        return try names.map { try RuleDocument(path: folder.appendingPathComponent($0)) }
    }
}

/// Runs one rule over in-memory files, through the same pipeline as the command line (index over all files).
func findings(of rule: any Rule.Type, in files: [(path: String, text: String)], options: RuleOptions = RuleOptions()) -> [Finding] {
    let sources = files.map { SourceFile(path: $0.path, text: $0.text) }
    return Analyzer.analyze(sources, rules: [ConfiguredRule(rule: rule.init(), options: options)]).filter { $0.ruleID == rule.description.id }
}

/// The places (`file:line:column`) of one rule's findings over in-memory files.
func places(_ rule: any Rule.Type, _ files: [(path: String, text: String)]) -> [String] {
    findings(of: rule, in: files).map { "\($0.file):\($0.line):\($0.column)" }
}

/// The places and rule (`file:line:column rule`) of one rule's findings over source files.
func places(_ files: [SourceFile], _ rule: any Rule) -> [String] {
    Analyzer.analyze(files, rules: [ConfiguredRule(rule: rule)]).map { "\($0.file):\($0.line):\($0.column) \($0.ruleID)" }
}

/// The places (`line:column`) of one rule's findings in one in-memory file, `A.swift`.
func positions(_ rule: any Rule.Type, _ text: String) -> [String] {
    findings(of: rule, in: [(path: "A.swift", text: text)]).map { "\($0.line):\($0.column)" }
}

/// Applies fix edits to a text (edits must not overlap; later ones first).
func applying(_ edits: [TextEdit], to text: String) -> String {
    var bytes = Array(text.utf8)
    for edit in edits.sorted(by: { $0.offset > $1.offset }) {
        bytes.replaceSubrange(edit.offset..<(edit.offset + edit.length), with: Array(edit.replacement.utf8))
    }
    return String(decoding: bytes, as: UTF8.self)
}
