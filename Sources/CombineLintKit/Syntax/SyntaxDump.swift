/// Text dump of a syntax tree for `combinelint dump tree`. (Stub; the lead's version replaces it.)
public enum SyntaxDump {
    public static func render(_ tree: SyntaxTree) -> String {
        "\(tree.file.path): \(tree.tokens.count) tokens (syntax tree dump not available yet)\n"
    }
}
