/// Reading type text as written: generic argument lists and optional types.
public enum TypeText {
    /// The top-level arguments of a generic clause: `<[String: Int]?, Never>` → `["[String: Int]?", "Never"]`.
    public static func genericArguments(_ text: String) -> [String] {
        var body = Substring(text.trimmingSpaces)
        if let open = body.firstIndex(of: "<"), body.last == ">" {
            body = body[body.index(after: open)..<body.index(before: body.endIndex)]
        } else {
            return []
        }
        return topLevelParts(body)
    }

    /// The comma-separated parts of `text` outside angle brackets, parentheses and brackets, trimmed.
    public static func topLevelParts(_ text: some StringProtocol) -> [String] {
        var result: [String] = []
        var depth = 0
        var current = ""
        for ch in text {
            switch ch {
            case "<", "[", "(": depth += 1
            case ">", "]", ")": depth -= 1
            case "," where depth == 0:
                result.append(current.trimmingSpaces)
                current = ""
                continue
            default: break
            }
            current.append(ch)
        }
        if !current.trimmingSpaces.isEmpty { result.append(current.trimmingSpaces) }
        return result
    }

    /// `T?`, `T!`, `Optional<T>`.
    public static func isOptional(_ text: String) -> Bool {
        let type = text.trimmingSpaces
        return type.hasSuffix("?") || type.hasSuffix("!") || type.hasPrefix("Optional<")
    }

    /// The wrapped type of an optional as written, spaces removed: `Date?`, `Date!` and
    /// `Optional<Date>` give `Date`; any other type is returned as it is.
    public static func unwrappingOptional(_ text: String) -> String {
        let type = text.filter { !$0.isWhitespace }
        if type.hasSuffix("?") || type.hasSuffix("!") { return String(type.dropLast()) }
        if type.hasPrefix("Optional<"), type.hasSuffix(">") { return String(type.dropFirst("Optional<".count).dropLast()) }
        return type
    }

    /// A function type whose result is `Void` or `()`, optional or not: `(URL) -> Void`,
    /// `((URL) -> Void)?`, `@escaping () -> ()`.
    public static func isFunctionReturningNothing(_ text: String) -> Bool {
        var type = unwrappingOptional(text)
        if type.hasPrefix("("), type.hasSuffix(")"), !type.hasSuffix("->()") { type = String(type.dropFirst().dropLast()) }
        return type.hasSuffix("->Void") || type.hasSuffix("->()")
    }

    /// The element type of an array or the value type of a dictionary as written, spaces removed:
    /// `[String: Future<Int, Never>]` gives `Future<Int,Never>`, `[Job]` gives `Job`; `nil` for any
    /// other type.
    public static func collectionElement(_ text: String) -> String? {
        let type = text.filter { !$0.isWhitespace }
        guard type.hasPrefix("["), type.hasSuffix("]") else { return nil }
        let body = type.dropFirst().dropLast()
        var depth = 0
        for i in body.indices {
            switch body[i] {
            case "<", "[", "(": depth += 1
            case ">", "]", ")": depth -= 1
            case ":" where depth == 0: return String(body[body.index(after: i)...])
            default: break
            }
        }
        return String(body)
    }
}
