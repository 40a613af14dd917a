/// Finds the chain elements naming a property of interest (`name`, `self.name`, `$name`, `x.$name`),
/// file by file. Built once for the project; shared by the workers.
struct MemberUseScanner: Sendable {
    /// One element naming `names[name]`.
    struct Hit: Sendable {
        var name: Int
        var use: ProjectIndex.MemberUse
        /// The element name's UTF-8 length, `$` included.
        var length: Int32
    }

    /// The names looked for; a hit refers to one by its position here.
    let names: [String]
    private let ids: [String: Int]
    /// By UTF-8 length of the element name: some name (under 64 bytes) has it, or has it with `$` before.
    private let lengths: [Bool]
    /// Byte-level matching, which spares hashing most element names: the names' bytes, the first
    /// name of each length (capped) and first byte, and the next name of the same length and first byte.
    /// Empty when some name is not ASCII.
    private let bytes: [[UInt8]]
    private let firstByStart: [Int]
    private let nextByStart: [Int]
    /// Per start key: more names share it than a walk should compare (`value1` … `value9999`);
    /// such element names are looked up by hash instead, so no input makes the match quadratic.
    private let crowdedStart: [Bool]
    private static let longestWalk = 8

    /// - Parameter names: Distinct names.
    init(names: [String]) {
        self.names = names
        var ids: [String: Int] = [:]
        ids.reserveCapacity(names.count)
        for (id, name) in names.enumerated() { ids[name] = id }
        self.ids = ids
        lengths = MemberUseScanner.lengthFilter(names)
        let ascii = self.names.allSatisfy { name in !name.isEmpty && name.utf8.allSatisfy { $0 < 0x80 } }
        var firstByStart = [Int](repeating: -1, count: ascii ? 64 * 256 : 0)
        var nextByStart = [Int](repeating: -1, count: ascii ? names.count : 0)
        var namesByStart = [Int](repeating: 0, count: ascii ? 64 * 256 : 0)
        if ascii {
            for (id, name) in self.names.enumerated() {
                let key = MemberUseScanner.startKey(name.utf8.count, name.utf8.first!)
                nextByStart[id] = firstByStart[key]
                firstByStart[key] = id
                namesByStart[key] += 1
            }
        }
        self.crowdedStart = namesByStart.map { $0 > MemberUseScanner.longestWalk }
        self.bytes = ascii ? self.names.map { Array($0.utf8) } : []
        self.firstByStart = firstByStart
        self.nextByStart = nextByStart
    }

    /// By UTF-8 length of an element name (`$` included), whether it may be one of `names`:
    /// some name under 64 bytes has that length, or that length with `$` before.
    static func lengthFilter(_ names: some Sequence<String>) -> [Bool] {
        var lengths = [Bool](repeating: false, count: 66)
        for name in names where name.utf8.count < 64 { lengths[name.utf8.count] = true; lengths[name.utf8.count + 1] = true }
        return lengths
    }

    /// The uses in one file's chains, in chain and element order.
    func hits(in tree: SyntaxTree, treeIndex: Int) -> [Hit] {
        var hits: [Hit] = []
        // All chains' elements lie in one array, each chain a range of it: read through one buffer.
        tree.chainElements.withUnsafeBufferPointer { elements in
            for c in tree.chains.indices {
                let start = tree.chains[c].elements.start
                for e in 0..<tree.chains[c].elements.count where !elements[start + e].isCall {
                    guard let (name, projected) = match(elements[start + e].name) else { continue }
                    hits.append(Hit(name: name, use: ProjectIndex.MemberUse(tree: treeIndex, chain: c, element: e, projected: projected),
                                    length: Int32(truncatingIfNeeded: elements[start + e].name.utf8.count)))
                }
            }
        }
        return hits
    }

    /// The name's id when an element name is one of the names, or one of them after `$`.
    @inline(__always) private func match(_ elementName: String) -> (Int, Bool)? {
        let length = elementName.utf8.count
        guard length < 66, lengths[length] else { return nil }
        switch elementName.utf8.withContiguousStorageIfAvailable(matchBytes) {
        case .found(let id, let projected): return (id, projected)
        case .absent: return nil
        case .undecided, nil: break
        }
        let projected = elementName.utf8.first == UInt8(ascii: "$")
        let name = projected ? String(elementName.dropFirst()) : elementName
        guard let id = ids[name] else { return nil }
        return (id, projected)
    }

    private enum ByteMatch {
        case found(Int, Bool), absent, undecided
    }

    /// Matching on bytes, valid when the element name and all the names are ASCII: equal strings
    /// (canonically equivalent, as `==` and hashing compare them) then have equal bytes.
    private func matchBytes(_ element: UnsafeBufferPointer<UInt8>) -> ByteMatch {
        guard !bytes.isEmpty, !element.contains(where: { $0 >= 0x80 }) else { return .undecided }
        let projected = element.first == UInt8(ascii: "$")
        let name = projected ? UnsafeBufferPointer(rebasing: element.dropFirst()) : element
        guard let first = name.first else { return .undecided }
        let key = MemberUseScanner.startKey(name.count, first)
        guard !crowdedStart[key] else { return .undecided }
        var id = firstByStart[key]
        while id >= 0 {
            if bytes[id].elementsEqual(name) { return .found(id, projected) }
            id = nextByStart[id]
        }
        return .absent
    }

    private static func startKey(_ length: Int, _ first: UInt8) -> Int {
        min(length, 63) * 256 + Int(first)
    }
}
