/// A path pattern as used in `include`, `exclude` and `per_file_ignores`: matched against a path
/// relative to the configuration file's folder, segment by segment (`/` separates segments).
/// - `**` as a whole segment matches zero or more segments;
/// - `*` matches any run of characters within one segment;
/// - `?` matches one character within one segment;
/// - anything else matches itself. A trailing `/` is ignored.
public struct Glob: Sendable, Hashable {
    public let pattern: String
    let segments: [GlobSegment]

    public init(_ pattern: String) {
        self.pattern = pattern
        var parts = GlobPath.segments(of: pattern)
        if parts.first == "." { parts.removeFirst() }
        self.segments = parts.map(GlobSegment.init)
    }

    private init(pattern: String, segments: [GlobSegment]) {
        self.pattern = pattern
        self.segments = segments
    }

    /// The same pattern written relative to a folder `folder` levels above (`folder` is a
    /// relative path, matched literally), so that the globs of nested configuration files can
    /// share one root.
    public func rebased(under folder: String) -> Glob {
        let prefix = GlobPath.segments(of: folder).map { GlobSegment.literal(String($0)) }
        guard !prefix.isEmpty else { return self }
        return Glob(pattern: folder + "/" + pattern, segments: prefix + segments)
    }

    /// Whether a relative path (segments separated by `/`) matches the whole pattern.
    public func matches(_ relativePath: String) -> Bool {
        let path = GlobPath(relativePath)
        return GlobMatcher.match(segments[...], path, from: 0)
    }

    /// Whether every path inside the folder `relativePath` matches (the pattern is `folder/**`
    /// or matches the folder itself followed by `**`), so a walker can skip the folder.
    public func matchesEverything(inside relativePath: String) -> Bool {
        guard segments.last == .anyDepth else { return false }
        return GlobMatcher.match(segments.dropLast(), GlobPath(relativePath), from: 0)
    }

    public static func == (lhs: Glob, rhs: Glob) -> Bool { lhs.pattern == rhs.pattern }
    public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }
}

/// One segment of a glob: literal segments compare as strings (and index the `GlobSet` trie);
/// wildcard segments are matched byte by byte.
enum GlobSegment: Sendable, Hashable {
    case literal(String)
    /// `**`.
    case anyDepth
    /// A segment with `*` or `?`, as UTF-8.
    case wildcard([UInt8])

    init(_ text: Substring) {
        if text == "**" {
            self = .anyDepth
        } else if text.utf8.contains(UInt8(ascii: "*")) || text.utf8.contains(UInt8(ascii: "?")) {
            self = .wildcard(Array(text.utf8))
        } else {
            self = .literal(String(text))
        }
    }
}

/// A relative path split once into segments, as strings (for literal segments) and UTF-8 (for
/// wildcards).
struct GlobPath {
    let names: [String]
    let bytes: [[UInt8]]

    init(_ relativePath: String) {
        let parts = GlobPath.segments(of: relativePath)
        names = parts.map(String.init)
        bytes = parts.map { Array($0.utf8) }
    }

    /// The non-empty `/`-separated segments, split on the UTF-8 bytes (`/` is never part of
    /// another character, and splitting by characters costs grapheme breaking: the largest part
    /// of reading a configuration of millions of globs).
    static func segments(of text: String) -> [Substring] {
        text.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true).map { Substring($0) }
    }

    var count: Int { names.count }
}

/// Matching of glob segments against path segments.
enum GlobMatcher {
    /// Whether `pattern` matches the path's segments from `from` to the end.
    static func match(_ pattern: ArraySlice<GlobSegment>, _ path: GlobPath, from: Int) -> Bool {
        var p = pattern.startIndex
        var s = from
        // `**` backtracks: the last one seen resumes one segment further on failure (enough,
        // as for `*` within a segment, since segments between two `**` must match in order).
        var resumePattern: Int? = nil
        var resumeSegment = 0
        while true {
            if p < pattern.endIndex, pattern[p] == .anyDepth {
                resumePattern = p + 1
                resumeSegment = s
                p += 1
                continue
            }
            if p < pattern.endIndex, s < path.count, matchSegment(pattern[p], path, s) {
                p += 1
                s += 1
                continue
            }
            if p == pattern.endIndex, s == path.count { return true }
            guard let resume = resumePattern, resumeSegment < path.count else { return false }
            resumeSegment += 1
            p = resume
            s = resumeSegment
        }
    }

    static func matchSegment(_ segment: GlobSegment, _ path: GlobPath, _ index: Int) -> Bool {
        switch segment {
        case .literal(let name): return name == path.names[index]
        case .anyDepth: return true
        case .wildcard(let pattern): return matchWildcard(pattern, path.bytes[index])
        }
    }

    /// `*` and `?` within one segment (iterative with one backtrack point: linear for `*`).
    /// `?` takes one UTF-8 encoded character.
    static func matchWildcard(_ pattern: [UInt8], _ text: [UInt8]) -> Bool {
        let star = UInt8(ascii: "*"), question = UInt8(ascii: "?")
        var p = 0, t = 0
        var starP: Int? = nil, starT = 0
        while t < text.count {
            if p < pattern.count && pattern[p] == question {
                p += 1
                t += characterLength(text, t)
            } else if p < pattern.count && pattern[p] != star && pattern[p] == text[t] {
                p += 1; t += 1
            } else if p < pattern.count && pattern[p] == star {
                starP = p; starT = t; p += 1
            } else if let sp = starP {
                p = sp + 1; starT += 1; t = starT
            } else {
                return false
            }
        }
        while p < pattern.count && pattern[p] == star { p += 1 }
        return p == pattern.count
    }

    /// The length of the UTF-8 sequence starting at `index` (1 for a stray byte).
    private static func characterLength(_ text: [UInt8], _ index: Int) -> Int {
        let lead = text[index]
        let length = lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
        var n = 1
        while n < length, index + n < text.count, text[index + n] & 0xC0 == 0x80 { n += 1 }
        return n
    }
}
