/// The quoted source of a range with a caret underline, rustc's and Ruff's way: which lines to
/// quote, and the marker under each.
enum SourceExcerpt {
    /// A range over more lines than this is quoted by its first and last line only.
    static let maxLines = 3

    /// The lines quoted for a range from `line` to `endLine`.
    static func lineNumbers(line: Int, endLine: Int) -> [Int] {
        guard endLine > line else { return [line] }
        return endLine - line + 1 <= maxLines ? Array(line...endLine) : [line, endLine]
    }

    /// One quoted line (`number` nil: the elision between the first and last line of a long
    /// range) and the marker under it (empty when the line holds nothing of the range).
    struct Row: Equatable {
        var number: Int?
        var text: String
        var marker: String
    }

    /// The rows for a range; nil when the text of a quoted line is unknown. Columns are
    /// characters, 1-based, the end exclusive; a range ending at column 1 of a line ends at the
    /// line break before it.
    static func rows(line: Int, column: Int, endLine: Int, endColumn: Int, lines: [Int: String]?) -> [Row]? {
        var endLine = max(endLine, line)
        var endColumn = endColumn
        if endLine > line && endColumn <= 1, let previous = lines?[endLine - 1] {
            endLine -= 1
            endColumn = previous.count + 1
        }
        let numbers = lineNumbers(line: line, endLine: endLine)
        var rows: [Row] = []
        for (index, number) in numbers.enumerated() {
            guard let text = lines?[number] else { return nil }
            if index > 0 && number != numbers[index - 1] + 1 { rows.append(Row(number: nil, text: "...", marker: "")) }
            let characters = Array(text)
            let indent = (characters.firstIndex { $0 != " " && $0 != "\t" } ?? characters.count) + 1
            let from = number == line ? column : indent
            let to = number == endLine ? endColumn : characters.count + 1
            rows.append(Row(number: number, text: text, marker: marker(characters, from: from, to: to)))
        }
        return rows
    }

    /// Carets under columns `from..<to` (at least one), after blanks that keep the line's tabs
    /// and the terminal width of each character, so that the carets stand under the range.
    static func marker(_ characters: [Character], from: Int, to: Int) -> String {
        let start = max(from, 1)
        var out = ""
        for index in 0..<(start - 1) {
            guard index < characters.count else { out.append(" "); continue }
            let character = characters[index]
            out += character == "\t" ? "\t" : String(repeating: " ", count: width(of: character))
        }
        var carets = 0
        for index in (start - 1)..<max(to - 1, start - 1) {
            carets += index < characters.count ? width(of: characters[index]) : 1
        }
        return out + String(repeating: "^", count: max(carets, 1))
    }

    /// Columns a terminal gives the character: two for the wide East Asian blocks and emoji,
    /// one for the rest (a rough East Asian Width, enough to keep carets in place).
    static func width(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first?.value else { return 1 }
        switch scalar {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
             0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1FAFF, 0x20000...0x3FFFD:
            return 2
        default:
            return 1
        }
    }
}
