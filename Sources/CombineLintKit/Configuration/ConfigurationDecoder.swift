/// Validates a parsed `.combinelint.json` into a `Configuration`, with an exact error for
/// the first problem: unknown key (with its JSON path), unknown rule id, wrong value type,
/// unknown option key.
public struct ConfigurationDecoder {
    /// The rules that may be named (the registry's and the engine's meta rules).
    public var knownRules: [RuleDescription]
    /// The file name used in messages.
    public var displayPath: String

    public init(knownRules: [RuleDescription] = ConfigurationDecoder.allKnownRules, displayPath: String) {
        self.knownRules = knownRules
        self.displayPath = displayPath
    }

    public static var allKnownRules: [RuleDescription] {
        RuleRegistry.all.map { $0.description } + MetaRules.all
    }

    static let topLevelKeys = ["exclude", "include", "opt_in_rules", "per_file_ignores", "root", "rules"]
    static let ruleObjectKeys = ["options", "severity"]

    /// Parses and validates the text of a configuration file whose folder is `rootDirectory`.
    public func decode(_ text: String, rootDirectory: String, filePath: String?) throws -> Configuration {
        try decodeFile(text, rootDirectory: rootDirectory, filePath: filePath).configuration
    }

    /// As `decode`, keeping which keys the file sets (a file below extends it key by key).
    /// Comments and trailing commas are allowed, as in VS Code's settings files.
    public func decodeFile(_ text: String, rootDirectory: String, filePath: String?) throws -> ConfigurationFile {
        let root: JSONNode
        do {
            root = try JSONParser.parse(text, allowingCommentsAndTrailingCommas: true)
        } catch let error as JSONSyntaxError {
            throw fail(error.position, "invalid JSON: \(error.message)")
        }
        guard case .object(let members) = root.value else {
            throw fail(root.position, "the configuration must be a JSON object, found \(root.value.typeName)")
        }
        var configuration = Configuration(rootDirectory: rootDirectory, filePath: filePath)
        var isRoot = false
        for member in members {
            let path = "$.\(member.key)"
            switch member.key {
            case "include":
                configuration.include = GlobSet(try strings(member.value, path: path).map { Glob($0) })
            case "exclude":
                configuration.exclude = GlobSet(try strings(member.value, path: path).map { Glob($0) })
            case "per_file_ignores":
                configuration.perFileIgnores = try perFileIgnores(member.value, path: path)
            case "root":
                guard case .bool(let value) = member.value.value else {
                    throw fail(member.value.position, "\(path) must be true or false, found \(member.value.value.typeName)")
                }
                isRoot = value
            case "opt_in_rules":
                let ids = try strings(member.value, path: path)
                guard case .array(let elements) = member.value.value else { break }
                for (id, element) in zip(ids, elements) { _ = try rule(id, at: element.position, path: path) }
                configuration.optInRules = ids
            case "rules":
                configuration.rules = try rules(member.value)
            default:
                throw fail(member.position, "unknown key '\(member.key)' at \(path) (known keys: \(Self.topLevelKeys.joined(separator: ", ")))")
            }
        }
        return ConfigurationFile(configuration: configuration, definedKeys: Set(members.map(\.key)), isRoot: isRoot)
    }

    /// `{"glob": ["rule_id", …], …}`.
    private func perFileIgnores(_ node: JSONNode, path: String) throws -> [PerFileIgnore] {
        guard case .object(let members) = node.value else {
            throw fail(node.position, "\(path) must be an object (glob → rule ids), found \(node.value.typeName)")
        }
        return try members.map { member in
            let entryPath = "\(path).\(member.key)"
            let ids = try strings(member.value, path: entryPath)
            guard case .array(let elements) = member.value.value else { return PerFileIgnore(glob: Glob(member.key), ruleIDs: []) }
            for (id, element) in zip(ids, elements) { _ = try rule(id, at: element.position, path: entryPath) }
            return PerFileIgnore(glob: Glob(member.key), ruleIDs: ids)
        }
    }

    private func fail(_ position: JSONPosition?, _ message: String) -> ConfigurationError {
        ConfigurationError(file: displayPath, position: position, message: message)
    }

    private func strings(_ node: JSONNode, path: String) throws -> [String] {
        guard case .array(let elements) = node.value else {
            throw fail(node.position, "\(path) must be an array of strings, found \(node.value.typeName)")
        }
        return try elements.enumerated().map { index, element in
            guard case .string(let s) = element.value else {
                throw fail(element.position, "\(path)[\(index)] must be a string, found \(element.value.typeName)")
            }
            return s
        }
    }

    private func rule(_ id: String, at position: JSONPosition, path: String) throws -> RuleDescription {
        guard let description = knownRules.first(where: { $0.id == id }) else {
            throw fail(position, "unknown rule '\(id)' at \(path) (see 'combinelint rules')")
        }
        return description
    }

    private func severity(_ node: JSONNode, path: String) throws -> Severity? {
        guard case .string(let s) = node.value, s == "off" || Severity(rawValue: s) != nil else {
            let found: String
            if case .string(let s) = node.value { found = "\"\(s)\"" } else { found = node.value.typeName }
            throw fail(node.position, "\(path) must be \"off\", \"warning\" or \"error\", found \(found)")
        }
        return Severity(rawValue: s)
    }

    private func rules(_ node: JSONNode) throws -> [String: RuleSetting] {
        guard case .object(let members) = node.value else {
            throw fail(node.position, "$.rules must be an object, found \(node.value.typeName)")
        }
        var result: [String: RuleSetting] = [:]
        for member in members {
            let path = "$.rules.\(member.key)"
            let description = try rule(member.key, at: member.position, path: path)
            switch member.value.value {
            case .string:
                result[member.key] = RuleSetting(severity: try severity(member.value, path: path))
            case .object(let fields):
                var setting = RuleSetting(severity: description.defaultSeverity)
                for field in fields {
                    let fieldPath = "\(path).\(field.key)"
                    switch field.key {
                    case "severity":
                        setting.severity = try severity(field.value, path: fieldPath)
                    case "options":
                        setting.options = try options(field.value, rule: description, path: fieldPath)
                    default:
                        throw fail(field.position, "unknown key '\(field.key)' at \(fieldPath) (known keys: \(Self.ruleObjectKeys.joined(separator: ", ")))")
                    }
                }
                result[member.key] = setting
            default:
                throw fail(member.value.position, "\(path) must be \"off\", \"warning\", \"error\" or an object, found \(member.value.value.typeName)")
            }
        }
        return result
    }

    private func options(_ node: JSONNode, rule: RuleDescription, path: String) throws -> RuleOptions {
        guard case .object(let members) = node.value else {
            throw fail(node.position, "\(path) must be an object, found \(node.value.typeName)")
        }
        var values: [String: [String]] = [:]
        let known = rule.options.map { $0.key }
        for member in members {
            let optionPath = "\(path).\(member.key)"
            guard known.contains(member.key) else {
                let list = known.isEmpty ? "the rule has no options" : "known options: \(known.sorted().joined(separator: ", "))"
                throw fail(member.position, "unknown option '\(member.key)' for rule '\(rule.id)' at \(optionPath) (\(list))")
            }
            // A switch (`"include_sent_from_outside": true`) is kept as the one string "true" or "false".
            if case .bool(let flag) = member.value.value {
                values[member.key] = [flag ? "true" : "false"]
                continue
            }
            values[member.key] = try strings(member.value, path: optionPath)
        }
        return RuleOptions(values)
    }
}
