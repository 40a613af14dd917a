/// A second place a finding points at, with what happens there ("completed here"): SARIF's
/// `relatedLocations`, Xcode's and rustc's `note:` lines.
public struct RelatedLocation: Sendable, Hashable, Codable {
    /// The file's path, as in `Finding.file`.
    public var file: String
    /// 1-based start line and column (characters).
    public var line: Int
    public var column: Int
    /// 1-based end line and column (exclusive end, characters).
    public var endLine: Int
    public var endColumn: Int
    /// What this place has to do with the finding, in a few words.
    public var message: String

    public init(file: String, line: Int, column: Int, endLine: Int, endColumn: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.endLine = endLine
        self.endColumn = endColumn
        self.message = message
    }

    /// The location of a byte range of `file`.
    public init(in file: SourceFile, range: Range<Int>, message: String) {
        let start = file.location(ofOffset: range.lowerBound)
        let end = file.location(ofOffset: range.upperBound)
        self.init(file: file.path, line: start.line, column: start.column, endLine: end.line, endColumn: end.column,
                  message: message)
    }
}
