/// The outcome of applying fixes to one file's bytes.
public struct FixOutcome: Sendable, Hashable {
    public var bytes: [UInt8]
    /// Fixes applied, in the order given.
    public var applied: [Fix]
    /// Fixes left out because an edit overlapped an applied fix (or fell outside the file).
    public var skipped: [Fix]
}

/// Applies fix edits to a file's bytes: fixes are taken in the order given; one whose edit
/// overlaps an edit already taken is skipped whole, so every applied fix is applied exactly
/// as its rule wrote it.
public enum FixApplier {
    public static func apply(_ fixes: [Fix], to bytes: [UInt8]) -> FixOutcome {
        var taken: [TextEdit] = []
        var applied: [Fix] = []
        var skipped: [Fix] = []
        for fix in fixes {
            let edits = fix.edits.sorted { $0.offset < $1.offset }
            let valid = edits.allSatisfy { $0.offset >= 0 && $0.length >= 0 && $0.offset + $0.length <= bytes.count }
            let selfOverlap = zip(edits, edits.dropFirst()).contains { overlaps($0, $1) }
            let clash = edits.contains { edit in taken.contains { overlaps($0, edit) } }
            if !valid || selfOverlap || clash || edits.isEmpty {
                skipped.append(fix)
            } else {
                taken += edits
                applied.append(fix)
            }
        }
        var result = bytes
        for edit in taken.sorted(by: { $0.offset > $1.offset }) {
            result.replaceSubrange(edit.offset..<(edit.offset + edit.length), with: Array(edit.replacement.utf8))
        }
        return FixOutcome(bytes: result, applied: applied, skipped: skipped)
    }

    /// Two edits overlap when their ranges share a byte, or when they start at the same offset
    /// (two insertions there would have no defined order).
    static func overlaps(_ a: TextEdit, _ b: TextEdit) -> Bool {
        if a.offset == b.offset { return true }
        return a.offset < b.offset + b.length && b.offset < a.offset + a.length
    }
}
