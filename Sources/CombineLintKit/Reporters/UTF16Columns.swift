/// Findings count columns in characters (grapheme clusters, as Xcode shows them); SARIF
/// viewers count UTF-16 code units unless told otherwise. This converts one to the other.
enum UTF16Columns {
    /// The 1-based UTF-16 column of a 1-based character column on `lineText`. Without the
    /// line's text the column is returned as it is: exact for ASCII lines only. A column past
    /// the end of the line (an exclusive end) keeps its distance from the end.
    static func column(_ characterColumn: Int, onLine lineText: String?) -> Int {
        guard let lineText, characterColumn > 1 else { return characterColumn }
        var units = 0
        var characters = 0
        for character in lineText {
            guard characters < characterColumn - 1 else { break }
            units += character.utf16.count
            characters += 1
        }
        return units + (characterColumn - 1 - characters) + 1
    }
}
