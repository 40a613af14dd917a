/// Myers' O((N+M)D) shortest edit script over lines, and GNU-style unified diff output.
public enum LineDiff {
    enum Operation: Equatable {
        case equal(Int, Int)   // old index, new index
        case delete(Int)       // old index
        case insert(Int)       // new index
    }

    /// Splits bytes into lines, each keeping its terminator (`\n`, `\r\n` or `\r`).
    static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = 0
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x0A || bytes[i] == 0x0D {
                if bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                result.append(bytes[start...i])
                start = i + 1
            }
            i += 1
        }
        if start < bytes.count { result.append(bytes[start...]) }
        return result
    }

    /// The edit script turning `a` into `b`.
    static func operations<T: Equatable>(_ a: [T], _ b: [T]) -> [Operation] {
        // Common prefix and suffix need no search.
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let middle = myers(Array(a[prefix..<(a.count - suffix)]), Array(b[prefix..<(b.count - suffix)]))
        var ops: [Operation] = (0..<prefix).map { .equal($0, $0) }
        for op in middle {
            switch op {
            case .equal(let i, let j): ops.append(.equal(i + prefix, j + prefix))
            case .delete(let i): ops.append(.delete(i + prefix))
            case .insert(let j): ops.append(.insert(j + prefix))
            }
        }
        for s in 0..<suffix { ops.append(.equal(a.count - suffix + s, b.count - suffix + s)) }
        return ops
    }

    private static func myers<T: Equatable>(_ a: [T], _ b: [T]) -> [Operation] {
        let n = a.count, m = b.count
        if n == 0 { return (0..<m).map { .insert($0) } }
        if m == 0 { return (0..<n).map { .delete($0) } }
        let maxD = n + m
        let offset = maxD + 1
        var v = [Int](repeating: 0, count: 2 * maxD + 3)
        var trace: [[Int]] = []   // trace[d][k + d] = furthest x on diagonal k before step d
        var finalD = 0
        search: for d in 0...maxD {
            trace.append(Array(v[(offset - d)...(offset + d)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    x = v[offset + k + 1]
                } else {
                    x = v[offset + k - 1] + 1
                }
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[offset + k] = x
                if x >= n && y >= m { finalD = d; break search }
            }
        }
        var ops: [Operation] = []
        var x = n, y = m
        for d in stride(from: finalD, through: 0, by: -1) {
            let snapshot = trace[d]
            func value(_ k: Int) -> Int { snapshot[k + d] }
            let k = x - y
            let previousK: Int
            if d == 0 {
                previousK = 0
            } else if k == -d || (k != d && value(k - 1) < value(k + 1)) {
                previousK = k + 1
            } else {
                previousK = k - 1
            }
            let previousX = d == 0 ? 0 : value(previousK)
            let previousY = previousX - previousK
            while x > previousX && y > previousY {
                ops.append(.equal(x - 1, y - 1))
                x -= 1; y -= 1
            }
            if d > 0 {
                if x == previousX { ops.append(.insert(y - 1)) } else { ops.append(.delete(x - 1)) }
                x = previousX; y = previousY
            }
        }
        return ops.reversed()
    }

    /// A unified diff between two versions of a file, with `context` lines around each change
    /// and `--- a/<path>` / `+++ b/<path>` headers; empty when they are equal.
    public static func unified(old: [UInt8], new: [UInt8], path: String, context: Int = 3) -> String {
        let a = lines(old), b = lines(new)
        let ops = operations(a, b)
        guard ops.contains(where: { if case .equal = $0 { return false } else { return true } }) else { return "" }

        // Group operations into hunks: changes closer than 2 × context share one.
        var hunks: [Range<Int>] = []
        var index = 0
        while index < ops.count {
            guard case .equal = ops[index] else {
                var end = index
                while end < ops.count {
                    if case .equal = ops[end] {
                        var run = end
                        while run < ops.count, case .equal = ops[run] { run += 1 }
                        if run == ops.count || run - end > 2 * context { break }
                        end = run
                    } else {
                        end += 1
                    }
                }
                let start = max(0, index - context)
                let stop = min(ops.count, end + context)
                hunks.append(start..<stop)
                index = end
                continue
            }
            index += 1
        }

        var out = "--- a/\(path)\n+++ b/\(path)\n"
        for hunk in hunks {
            var oldStart = 0, newStart = 0, oldCount = 0, newCount = 0
            var body = ""
            var firstOld: Int? = nil, firstNew: Int? = nil
            // Position just before the hunk in each file, for empty ranges.
            let (beforeOld, beforeNew) = position(before: hunk.lowerBound, in: ops)
            for op in ops[hunk] {
                switch op {
                case .equal(let i, let j):
                    if firstOld == nil { firstOld = i }
                    if firstNew == nil { firstNew = j }
                    oldCount += 1; newCount += 1
                    body += line(" ", a[i])
                case .delete(let i):
                    if firstOld == nil { firstOld = i }
                    oldCount += 1
                    body += line("-", a[i])
                case .insert(let j):
                    if firstNew == nil { firstNew = j }
                    newCount += 1
                    body += line("+", b[j])
                }
            }
            oldStart = oldCount == 0 ? beforeOld : (firstOld ?? 0) + 1
            newStart = newCount == 0 ? beforeNew : (firstNew ?? 0) + 1
            out += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n" + body
        }
        return out
    }

    /// Number of old and new lines before operation `index`.
    private static func position(before index: Int, in ops: [Operation]) -> (Int, Int) {
        var old = 0, new = 0
        for op in ops[..<index] {
            switch op {
            case .equal: old += 1; new += 1
            case .delete: old += 1
            case .insert: new += 1
            }
        }
        return (old, new)
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(start),\(count)"
    }

    private static func line(_ marker: String, _ bytes: ArraySlice<UInt8>) -> String {
        var text = marker + String(decoding: bytes, as: UTF8.self)
        if let last = bytes.last, last == 0x0A || last == 0x0D {
            // A lone `\r` line end gets a `\n` so the diff stays one line per line; the test is on
            // the byte, since `\r\n` is one Character and `hasSuffix("\n")` would not see it.
            if last == 0x0D { text += "\n" }
        } else {
            text += "\n\\ No newline at end of file\n"
        }
        return text
    }
}
