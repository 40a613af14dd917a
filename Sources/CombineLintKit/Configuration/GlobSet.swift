/// A list of globs indexed for matching: a path is compared only with the globs whose literal
/// leading segments it starts with (a trie over those segments), so that a configuration with
/// millions of globs costs one walk down the path per query, not one match per glob.
public struct GlobSet: Sendable, Hashable, ExpressibleByArrayLiteral {
    /// The globs in the order written.
    public let globs: [Glob]
    private let trie: GlobTrie

    public init(_ globs: [Glob]) {
        self.globs = globs
        self.trie = GlobTrie(globs)
    }

    public init(arrayLiteral globs: Glob...) { self.init(globs) }

    public var isEmpty: Bool { globs.isEmpty }

    /// Whether some glob matches the relative path.
    public func matches(_ relativePath: String) -> Bool {
        var found = false
        trie.visitMatches(GlobPath(relativePath), globs: globs, folder: false) { _ in found = true; return false }
        return found
    }

    /// Whether some glob matches the folder or everything inside it (so a walker can skip it).
    public func matchesFolder(_ relativePath: String) -> Bool {
        var found = false
        trie.visitMatches(GlobPath(relativePath), globs: globs, folder: true) { _ in found = true; return false }
        return found
    }

    /// The indices (into `globs`) of every glob matching the relative path, in order.
    public func matchingIndices(_ relativePath: String) -> [Int] {
        var indices: [Int] = []
        trie.visitMatches(GlobPath(relativePath), globs: globs, folder: false) { indices.append($0); return true }
        return indices.sorted()
    }

    /// The globs, each written relative to a folder above (see `Glob.rebased(under:)`).
    public func rebased(under folder: String) -> GlobSet { GlobSet(globs.map { $0.rebased(under: folder) }) }

    public static func == (lhs: GlobSet, rhs: GlobSet) -> Bool { lhs.globs == rhs.globs }
    public func hash(into hasher: inout Hasher) { hasher.combine(globs) }
}

/// The trie of `GlobSet`: node 0 is the root; each glob sits at the node its literal leading
/// segments lead to, with the index of its first non-literal segment.
private struct GlobTrie: Sendable {
    struct Node: Sendable {
        var children: [String: Int32] = [:]
        /// (glob index, first segment left to match)
        var entries: [(glob: Int32, rest: Int32)] = []
    }

    private var nodes: [Node] = [Node()]

    init(_ globs: [Glob]) {
        for (index, glob) in globs.enumerated() {
            var node = 0
            var rest = 0
            for segment in glob.segments {
                guard case .literal(let name) = segment else { break }
                if let child = nodes[node].children[name] {
                    node = Int(child)
                } else {
                    nodes.append(Node())
                    nodes[node].children[name] = Int32(nodes.count - 1)
                    node = nodes.count - 1
                }
                rest += 1
            }
            nodes[node].entries.append((Int32(index), Int32(rest)))
        }
    }

    /// Calls `body` with each matching glob's index until it returns false. With `folder`, a
    /// glob also matches when its last segment is `**` and the rest matches the path (every
    /// path inside the folder matches then).
    func visitMatches(_ path: GlobPath, globs: [Glob], folder: Bool, _ body: (Int) -> Bool) {
        var node = 0
        var depth = 0
        while true {
            for entry in nodes[node].entries {
                let segments = globs[Int(entry.glob)].segments
                let rest = segments[Int(entry.rest)...]
                var matched = GlobMatcher.match(rest, path, from: depth)
                if !matched, folder, segments.last == .anyDepth, Int(entry.rest) < segments.count {
                    matched = GlobMatcher.match(rest.dropLast(), path, from: depth)
                }
                if matched, !body(Int(entry.glob)) { return }
            }
            guard depth < path.count, let child = nodes[node].children[path.names[depth]] else { return }
            node = Int(child)
            depth += 1
        }
    }
}
