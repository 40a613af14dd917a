/// A path pattern as used in `include` and `exclude`: matched against a path relative to the
/// configuration file's folder, segment by segment (`/` separates segments).
/// - `**` as a whole segment matches zero or more segments;
/// - `*` matches any run of characters within one segment;
/// - `?` matches one character within one segment;
/// - anything else matches itself. A trailing `/` is ignored.
public struct Glob: Sendable, Hashable {
    public let pattern: String
    private let segments: [[Character]]

    public init(_ pattern: String) {
        self.pattern = pattern
        var parts = pattern.split(separator: "/", omittingEmptySubsequences: true).map { Array($0) }
        if parts.first == ["."] { parts.removeFirst() }
        self.segments = parts
    }

    /// Whether a relative path (segments separated by `/`) matches the whole pattern.
    public func matches(_ relativePath: String) -> Bool {
        let path = relativePath.split(separator: "/", omittingEmptySubsequences: true).map { Array($0) }
        return Glob.match(segments[...], path[...])
    }

    /// Whether every path inside the folder `relativePath` matches (the pattern is `folder/**`
    /// or matches the folder itself followed by `**`), so a walker can skip the folder.
    public func matchesEverything(inside relativePath: String) -> Bool {
        guard segments.last == ["*", "*"] else { return false }
        let path = relativePath.split(separator: "/", omittingEmptySubsequences: true).map { Array($0) }
        return Glob.match(segments.dropLast(), path[...])
    }

    private static func match(_ pattern: ArraySlice<[Character]>, _ path: ArraySlice<[Character]>) -> Bool {
        guard let first = pattern.first else { return path.isEmpty }
        if first == ["*", "*"] {
            let rest = pattern.dropFirst()
            // `**` swallows 0…n segments.
            var p = path
            while true {
                if match(rest, p) { return true }
                if p.isEmpty { return false }
                p = p.dropFirst()
            }
        }
        guard let segment = path.first, matchSegment(first[...], segment[...]) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    /// `*` and `?` within one segment (iterative with one backtrack point: linear for `*`).
    private static func matchSegment(_ pattern: ArraySlice<Character>, _ text: ArraySlice<Character>) -> Bool {
        var p = pattern.startIndex, t = text.startIndex
        var starP: Int? = nil, starT = text.startIndex
        while t < text.endIndex {
            if p < pattern.endIndex && (pattern[p] == "?" || pattern[p] == text[t]) && pattern[p] != "*" {
                p += 1; t += 1
            } else if p < pattern.endIndex && pattern[p] == "*" {
                starP = p; starT = t; p += 1
            } else if let sp = starP {
                p = sp + 1; starT += 1; t = starT
            } else {
                return false
            }
        }
        while p < pattern.endIndex && pattern[p] == "*" { p += 1 }
        return p == pattern.endIndex
    }
}
