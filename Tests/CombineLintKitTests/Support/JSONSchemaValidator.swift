import CombineLintKit
import Foundation

/// A JSON Schema (draft-04) validator covering every keyword the SARIF 2.1.0 schema uses, so
/// the SARIF tests validate for real with nothing to install. A keyword it does not know makes
/// validation fail rather than pass unchecked.
struct JSONSchemaValidator {
    let root: JSONValue

    /// Keywords that only annotate.
    static let annotations: Set<String> = ["$schema", "id", "title", "description", "default"]
    static let assertions: Set<String> = [
        "type", "properties", "additionalProperties", "required", "items", "minItems", "uniqueItems",
        "minimum", "maximum", "enum", "pattern", "format", "anyOf", "oneOf", "$ref", "definitions",
    ]

    init(schemaText: String) throws {
        root = try JSONParser.parse(schemaText).value
    }

    /// Every violation, as `pointer: what`; empty when `document` is valid.
    func errors(in document: String) throws -> [String] {
        var errors: [String] = []
        validate(try JSONParser.parse(document).value, against: root, at: "", into: &errors)
        return errors
    }

    private func validate(_ value: JSONValue, against schema: JSONValue, at path: String, into errors: inout [String]) {
        guard case .object(let members) = schema else {
            errors.append("\(path): schema is not an object")
            return
        }
        for member in members {
            let key = member.key, keyword = member.value.value
            guard !Self.annotations.contains(key) else { continue }
            guard Self.assertions.contains(key) else {
                errors.append("\(path): the validator does not know the keyword \(key)")
                continue
            }
            switch key {
            case "$ref":
                guard case .string(let ref) = keyword, let target = resolve(ref) else {
                    errors.append("\(path): unresolvable $ref")
                    continue
                }
                validate(value, against: target, at: path, into: &errors)
            case "type":
                let names = keyword.strings
                if !names.contains(where: { value.hasType($0) }) {
                    errors.append("\(path): \(value.typeName) is not of type \(names.joined(separator: "/"))")
                }
            case "properties":
                guard case .object(let fields) = value else { continue }
                for field in fields {
                    if let sub = keyword.member(field.key) {
                        validate(field.value.value, against: sub, at: path + "/" + field.key, into: &errors)
                    }
                }
            case "additionalProperties":
                guard case .object(let fields) = value else { continue }
                let declared = Set(members.first { $0.key == "properties" }?.value.value.memberKeys ?? [])
                for field in fields where !declared.contains(field.key) {
                    if case .bool(let allowed) = keyword {
                        if !allowed { errors.append("\(path): property \(field.key) is not allowed") }
                    } else {
                        validate(field.value.value, against: keyword, at: path + "/" + field.key, into: &errors)
                    }
                }
            case "required":
                guard case .object(let fields) = value else { continue }
                for name in keyword.strings where !fields.contains(where: { $0.key == name }) {
                    errors.append("\(path): required property \(name) is missing")
                }
            case "items":
                guard case .array(let elements) = value else { continue }
                for (index, element) in elements.enumerated() {
                    validate(element.value, against: keyword, at: "\(path)/\(index)", into: &errors)
                }
            case "minItems":
                if case .array(let elements) = value, case .number(let n) = keyword, Double(elements.count) < n {
                    errors.append("\(path): fewer than \(Int(n)) items")
                }
            case "uniqueItems":
                if case .array(let elements) = value, case .bool(true) = keyword {
                    let canonical = elements.map { $0.value.canonical }
                    if Set(canonical).count != canonical.count { errors.append("\(path): items are not unique") }
                }
            case "minimum":
                if case .number(let v) = value, case .number(let n) = keyword, v < n {
                    errors.append("\(path): \(v) is below the minimum \(n)")
                }
            case "maximum":
                if case .number(let v) = value, case .number(let n) = keyword, v > n {
                    errors.append("\(path): \(v) is above the maximum \(n)")
                }
            case "enum":
                guard case .array(let options) = keyword else { continue }
                if !options.contains(where: { $0.value.canonical == value.canonical }) {
                    errors.append("\(path): \(value.canonical) is not one of the allowed values")
                }
            case "pattern":
                guard case .string(let text) = value, case .string(let pattern) = keyword else { continue }
                if !Self.matches(text, pattern) { errors.append("\(path): \"\(text)\" does not match \(pattern)") }
            case "format":
                guard case .string(let text) = value, case .string(let format) = keyword else { continue }
                if !Self.hasFormat(text, format) { errors.append("\(path): \"\(text)\" is not a \(format)") }
            case "anyOf", "oneOf":
                guard case .array(let options) = keyword else { continue }
                let passing = options.filter { option in
                    var sub: [String] = []
                    validate(value, against: option.value, at: path, into: &sub)
                    return sub.isEmpty
                }.count
                if key == "anyOf" ? passing == 0 : passing != 1 {
                    errors.append("\(path): \(passing) of the \(key) schemas match")
                }
            default:
                break // definitions: only a place for $ref targets
            }
        }
    }

    /// A `#/definitions/name`-style JSON pointer into the root schema.
    private func resolve(_ ref: String) -> JSONValue? {
        guard ref.hasPrefix("#") else { return nil }
        var current = root
        for part in ref.dropFirst().split(separator: "/") {
            guard let next = current.member(String(part)) else { return nil }
            current = next
        }
        return current
    }

    static func matches(_ text: String, _ pattern: String) -> Bool {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return false }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// The formats the SARIF schema names.
    static func hasFormat(_ text: String, _ format: String) -> Bool {
        switch format {
        case "uri": return matches(text, #"^[A-Za-z][A-Za-z0-9+.\-]*:[^\s]*$"#)
        case "uri-reference": return matches(text, #"^[^\s]*$"#)
        case "date-time": return matches(text, #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+\-]\d{2}:\d{2})$"#)
        default: return false
        }
    }
}

private extension JSONValue {
    func member(_ key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value.value
    }

    var memberKeys: [String] {
        guard case .object(let members) = self else { return [] }
        return members.map(\.key)
    }

    /// A string or an array of strings, as `type` and `required` hold them.
    var strings: [String] {
        switch self {
        case .string(let s): return [s]
        case .array(let nodes): return nodes.compactMap { if case .string(let s) = $0.value { return s } else { return nil } }
        default: return []
        }
    }

    func hasType(_ name: String) -> Bool {
        switch (name, self) {
        case ("null", .null), ("boolean", .bool), ("string", .string), ("array", .array), ("object", .object),
             ("number", .number): return true
        case ("integer", .number(let n)): return n.rounded() == n
        default: return false
        }
    }

    /// Text that is equal for equal JSON values, positions and key order aside.
    var canonical: String {
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return String(n)
        case .string(let s): return "\"" + s + "\""
        case .array(let nodes): return "[" + nodes.map(\.value.canonical).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\($0.value.value.canonical)" }
                .joined(separator: ",") + "}"
        }
    }
}
