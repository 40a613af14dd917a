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
        // The walker asks for every entry of every folder; most configurations have no globs.
        guard !globs.isEmpty else { return false }
        var found = false
        trie.visitMatches(GlobPath(relativePath), globs: globs, folder: false) { _ in found = true; return false }
        return found
    }

    /// Whether some glob matches the folder or everything inside it (so a walker can skip it).
    public func matchesFolder(_ relativePath: String) -> Bool {
        guard !globs.isEmpty else { return false }
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
/// segments lead to, with the index of its first non-literal segment. A glob whose rest is `**`
/// then a literal name (`**/Generated/**`, `**/Name.swift`) is kept under that name, and is
/// tried only where the path holds it; other rests are tried at their node for every path.
private struct GlobTrie: Sendable {
    /// A glob at a node: its index, and the first segment left to match there.
    struct Entry: Sendable {
        var glob: Int32
        var rest: Int32
    }

    struct Node: Sendable {
        var children: [String: Int32] = [:]
        var entries: [Entry] = []
        /// `**/name…` rests by `name` (`rest` is the index of `name`).
        var anyDepthEntries: [String: [Entry]] = [:]
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
            if rest + 1 < glob.segments.count, glob.segments[rest] == .anyDepth, case .literal(let name) = glob.segments[rest + 1] {
                nodes[node].anyDepthEntries[name, default: []].append(Entry(glob: Int32(index), rest: Int32(rest + 1)))
            } else {
                nodes[node].entries.append(Entry(glob: Int32(index), rest: Int32(rest)))
            }
        }
    }

    /// Calls `body` with each matching glob's index (once each) until it returns false. With
    /// `folder`, a glob also matches when its last segment is `**` and the rest matches the
    /// path (every path inside the folder matches then).
    func visitMatches(_ path: GlobPath, globs: [Glob], folder: Bool, _ body: (Int) -> Bool) {
        func matches(_ entry: Entry, from depth: Int) -> Bool {
            let segments = globs[Int(entry.glob)].segments
            let rest = segments[Int(entry.rest)...]
            if GlobMatcher.match(rest, path, from: depth) { return true }
            return folder && segments.last == .anyDepth && Int(entry.rest) < segments.count
                && GlobMatcher.match(rest.dropLast(), path, from: depth)
        }
        var node = 0
        var depth = 0
        while true {
            for entry in nodes[node].entries where matches(entry, from: depth) {
                if !body(Int(entry.glob)) { return }
            }
            if !nodes[node].anyDepthEntries.isEmpty {
                // `**` takes the segments before the name; a glob is reported at its first fit.
                var reported: Set<Int32> = []
                for start in depth..<path.count {
                    guard let entries = nodes[node].anyDepthEntries[path.names[start]] else { continue }
                    for entry in entries where !reported.contains(entry.glob) && matches(entry, from: start) {
                        reported.insert(entry.glob)
                        if !body(Int(entry.glob)) { return }
                    }
                }
            }
            guard depth < path.count, let child = nodes[node].children[path.names[depth]] else { return }
            node = Int(child)
            depth += 1
        }
    }
}
