import Foundation

/// Reads and writes baseline files: `{"version": 1, "findings": [{"file", "rule", "line", "message"}…]}`,
/// entries sorted, keys in a fixed order, one entry per line, so the file diffs well.
public enum BaselineFile {
    public struct ReadError: Error, CustomStringConvertible {
        public var description: String
    }

    public static func encode(_ baseline: Baseline) -> String {
        var out = "{\n  \"version\": \(Baseline.formatVersion),\n  \"findings\": ["
        for (index, entry) in baseline.entries.enumerated() {
            out += index == 0 ? "\n" : ",\n"
            out += "    {\"file\": \(quote(entry.file)), \"rule\": \(quote(entry.rule)), "
            out += "\"line\": \(quote(entry.line)), \"message\": \(quote(entry.message))}"
        }
        out += baseline.entries.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }

    public static func decode(_ text: String, displayPath: String) throws -> Baseline {
        func fail(_ position: JSONPosition?, _ message: String) -> ReadError {
            ReadError(description: ConfigurationError(file: displayPath, position: position, message: message).description)
        }
        let root: JSONNode
        do { root = try JSONParser.parse(text) } catch let error as JSONSyntaxError {
            throw fail(error.position, "invalid JSON: \(error.message)")
        }
        guard case .object(let members) = root.value else { throw fail(root.position, "a baseline must be a JSON object") }
        guard let version = members.first(where: { $0.key == "version" }), case .number(let v) = version.value.value else {
            throw fail(root.position, "the baseline has no \"version\"")
        }
        guard Int(v) == Baseline.formatVersion else {
            throw fail(version.value.position, "unsupported baseline version \(v); this combinelint reads version \(Baseline.formatVersion)")
        }
        guard let list = members.first(where: { $0.key == "findings" }), case .array(let elements) = list.value.value else {
            throw fail(root.position, "the baseline has no \"findings\" array")
        }
        var entries: [Baseline.Entry] = []
        for element in elements {
            guard case .object(let fields) = element.value else { throw fail(element.position, "a baseline entry must be an object") }
            func string(_ key: String, required: Bool = true) throws -> String {
                guard let field = fields.first(where: { $0.key == key }) else {
                    if required { throw fail(element.position, "a baseline entry has no \"\(key)\"") }
                    return ""
                }
                guard case .string(let s) = field.value.value else {
                    throw fail(field.value.position, "\"\(key)\" must be a string")
                }
                return s
            }
            entries.append(Baseline.Entry(file: try string("file"), rule: try string("rule"), line: try string("line"),
                                          message: try string("message", required: false)))
        }
        return Baseline(entries: entries)
    }

    /// A JSON string literal (escapes quotes, backslashes and control characters).
    public static func quote(_ s: String) -> String { JSONText.quoted(s) }
}
