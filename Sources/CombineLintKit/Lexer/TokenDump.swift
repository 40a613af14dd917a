/// Text dump of tokens for `combinelint dump tokens`. (Minimal version; the lexer branch replaces it.)
public enum TokenDump {
    /// One line per token: `line:column kind "text"`.
    public static func render(_ tokens: [Token], in file: SourceFile, includeTrivia: Bool) -> String {
        var out = ""
        for token in tokens where includeTrivia || !token.kind.isTrivia {
            let location = file.location(ofOffset: token.startOffset)
            let text = file.text(token.range).replacingOccurrences(of: "\n", with: "\\n")
            out += "\(location.line):\(location.column) \(token.kind) \"\(text)\"\n"
        }
        return out
    }
}

private extension String {
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: Character(target), omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
