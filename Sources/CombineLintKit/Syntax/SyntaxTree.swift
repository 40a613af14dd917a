/// The structure of one file, built from its tokens. (Being built.)
public struct SyntaxTree: Sendable {
    public let file: SourceFile
    public let tokens: [Token]

    public init(file: SourceFile) {
        self.file = file
        self.tokens = Lexer.tokenize(file.bytes)
    }
}
