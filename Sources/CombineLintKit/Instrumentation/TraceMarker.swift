/// The texts `combinelint instrument` inserts, each carrying one marker comment, so that
/// `combinelint instrument --remove` finds exactly what was inserted and nothing else: a
/// hand-written `.trace("x")` has no marker and stays.
///
/// Every piece is inserted inline (no line break of its own, except an import in a file with no
/// import to follow), so the lines of the code, and so the `#line` of each trace site and the
/// lines of the findings, are those of the file before instrumenting.
public enum TraceMarker {
    /// The comment every inserted piece carries.
    public static let comment = "/*combinelint-trace*/"
    /// The module the inserted calls come from.
    public static let module = "CombineTrace"

    /// `.trace("label" /*combinelint-trace*/)`, inserted right before a subscriber's `.`.
    public static func traceCall(label: String) -> String {
        ".trace(" + quoted(label) + " " + comment + ")"
    }

    /// `; import CombineTrace /*combinelint-trace*/`, inserted after the last import on its line.
    public static let importAfterImport = "; import " + module + " " + comment
    /// `import CombineTrace /*combinelint-trace*/`, inserted with the file's line break before
    /// the first code of a file that imports nothing.
    public static let importLine = "import " + module + " " + comment

    /// A Swift string literal holding `text` (labels are names, but a quote or backslash must
    /// not end the literal early).
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
