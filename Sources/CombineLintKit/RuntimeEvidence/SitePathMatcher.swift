/// A trace call site split into its file and line: `TraceDemo/FeedScreen.swift:35`.
public struct SiteLocation: Sendable, Hashable {
    /// The `#fileID`-style path (`Module/File.swift`), or whatever path the trace wrote.
    public var path: String
    /// 1-based line.
    public var line: Int

    public init(path: String, line: Int) {
        self.path = path
        self.line = line
    }

    /// `path:line`; nil when the text does not end with `:` and a positive line number.
    public init?(_ site: String) {
        guard let colon = site.lastIndex(of: ":"), let line = Int(site[site.index(after: colon)...]), line > 0 else { return nil }
        let path = String(site[..<colon])
        guard !path.isEmpty else { return nil }
        self.init(path: path, line: line)
    }
}

/// Finds the linted file a trace site's path names: the file whose path shares the longest
/// suffix of whole components with it (`TraceDemo/FeedScreen.swift` is
/// `samples/TraceDemo/FeedScreen.swift`, not `Other/FeedScreen.swift`). `#fileID` gives the
/// module and the file name only, so the file name must match, and a tie between files at the
/// longest suffix is ambiguous and matches none.
public struct SitePathMatcher: Sendable {
    /// What a site path matched.
    public enum Match: Sendable, Hashable {
        /// The index of the file in the matcher's `paths`.
        case file(Int)
        /// No file has the site's file name.
        case none
        /// Several files share the longest suffix: their indexes.
        case ambiguous([Int])
    }

    /// The linted files' paths (absolute or as given), in the order the caller keeps them.
    public let paths: [String]
    /// Each file's path components, last first.
    private let reversedComponents: [[Substring]]
    /// Files by their file name.
    private let byFileName: [Substring: [Int]]

    public init(paths: [String]) {
        self.paths = paths
        reversedComponents = paths.map { SitePathMatcher.components($0).reversed() }
        var byName: [Substring: [Int]] = [:]
        for (index, components) in reversedComponents.enumerated() {
            if let name = components.first { byName[name, default: []].append(index) }
        }
        byFileName = byName
    }

    /// The file a site path names.
    public func match(_ sitePath: String) -> Match {
        let site = Array(SitePathMatcher.components(sitePath).reversed())
        guard let name = site.first, let candidates = byFileName[name] else { return .none }
        var best: [Int] = []
        var bestLength = 0
        for candidate in candidates {
            let components = reversedComponents[candidate]
            var length = 0
            while length < site.count, length < components.count, site[length] == components[length] { length += 1 }
            if length > bestLength {
                bestLength = length
                best = [candidate]
            } else if length == bestLength {
                best.append(candidate)
            }
        }
        return best.count == 1 ? .file(best[0]) : .ambiguous(best)
    }

    /// Path components, `/` and `\` both separating, empty ones and `.` dropped.
    static func components(_ path: String) -> [Substring] {
        path.split(whereSeparator: { $0 == "/" || $0 == "\\" }).filter { $0 != "." }
    }
}
