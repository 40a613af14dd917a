import Foundation

/// Writes a corpus of generated Swift files (templates with varied names) to a folder.
enum CorpusGenerator {
    static let nouns = ["Profile", "Order", "Cart", "Feed", "Message", "Contact", "Payment", "Settings", "Photo",
                        "Album", "Track", "Playlist", "Invoice", "Ticket", "Booking", "Route", "Station", "Review",
                        "Comment", "Article", "Author", "Team", "Match", "Workout", "Recipe", "Device", "Account"]
    static let fields = ["title", "status", "summary", "owner", "total", "headline", "balance", "location", "score",
                         "nickname", "category", "deadline"]

    /// Generates files until `targetLines` lines are written; returns the number of files and lines.
    static func generate(into folder: URL, targetLines: Int) throws -> (files: Int, lines: Int) {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var generator = SplitMix(seed: 42)
        var lines = 0
        var files = 0
        while lines < targetLines {
            let noun = nouns[Int(generator.next() % UInt64(nouns.count))]
            let name = "\(noun)\(files)"
            var text = "// Generated for the scanner benchmark. File \(files).\n\n"
            let parts = 1 + Int(generator.next() % 4)
            for part in 0..<parts {
                let template = CorpusTemplates.all[Int(generator.next() % UInt64(CorpusTemplates.all.count))]
                let other = nouns[Int(generator.next() % UInt64(nouns.count))] + "\(part)"
                text += template
                    .replacingOccurrences(of: "NAME", with: "\(name)P\(part)")
                    .replacingOccurrences(of: "FIELD", with: fields[Int(generator.next() % UInt64(fields.count))])
                    .replacingOccurrences(of: "OTHER", with: "\(other)F\(files)")
                    .replacingOccurrences(of: "TYPE", with: nouns[Int(generator.next() % UInt64(nouns.count))])
                    .replacingOccurrences(of: "NUM", with: String(1 + generator.next() % 900))
            }
            let url = folder.appendingPathComponent(String(format: "%@%05d.swift", name, files))
            try Data(text.utf8).write(to: url)
            lines += text.utf8.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
            files += 1
        }
        return (files, lines)
    }
}

struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
}
