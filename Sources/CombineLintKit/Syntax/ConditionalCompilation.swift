/// What `#if` blocks say about when code is compiled.
enum ConditionalCompilation {
    /// Byte ranges of code compiled only into debug builds: branches of `#if DEBUG` (also `DEBUG && …`,
    /// `#elseif DEBUG`) and the `#else` branch of `#if !DEBUG`. Unclosed blocks run to the end of the file.
    static func debugOnlyRanges(in file: SourceFile) -> [Range<Int>] {
        let tokens = Lexer.tokenize(file.bytes)
        struct Frame { var branchStart: Int; var branchIsDebug: Bool; var negatedDebug: Bool }
        var stack: [Frame] = []
        var ranges: [Range<Int>] = []
        var i = 0
        while i < tokens.count {
            let token = tokens[i]
            guard token.kind == .poundDirective else { i += 1; continue }
            let directive = String(decoding: file.bytes[token.range], as: UTF8.self)
            // The condition: the rest of the line, code only.
            var condition = ""
            var j = i + 1
            while j < tokens.count, tokens[j].kind != .newline {
                if !tokens[j].kind.isTrivia { condition += String(decoding: file.bytes[tokens[j].range], as: UTF8.self) }
                j += 1
            }
            let lineEnd = j < tokens.count ? tokens[j].range.upperBound : file.bytes.count
            func closeBranch(at end: Int) {
                if let top = stack.last, top.branchIsDebug, top.branchStart < end { ranges.append(top.branchStart..<end) }
            }
            switch directive {
            case "#if":
                stack.append(Frame(branchStart: lineEnd, branchIsDebug: isDebug(condition), negatedDebug: condition == "!DEBUG"))
            case "#elseif":
                closeBranch(at: token.range.lowerBound)
                if !stack.isEmpty { stack[stack.count - 1].branchIsDebug = isDebug(condition); stack[stack.count - 1].branchStart = lineEnd }
            case "#else":
                closeBranch(at: token.range.lowerBound)
                if !stack.isEmpty { stack[stack.count - 1].branchIsDebug = stack[stack.count - 1].negatedDebug; stack[stack.count - 1].branchStart = lineEnd }
            case "#endif":
                closeBranch(at: token.range.lowerBound)
                _ = stack.popLast()
            default:
                break
            }
            i = j
        }
        for frame in stack.reversed() where frame.branchIsDebug && frame.branchStart < file.bytes.count {
            ranges.append(frame.branchStart..<file.bytes.count)
        }
        return ranges
    }

    /// `DEBUG`, or `DEBUG` joined to other conditions with `&&` only.
    static func isDebug(_ condition: String) -> Bool {
        guard !condition.contains("||") else { return false }
        let text = condition.filter { $0 != "(" && $0 != ")" }
        return text.split(separator: "&").contains("DEBUG")
    }
}

/// A `#if`, `#elseif`, `#else` or `#endif` line, by the index of the code token that follows it.
struct ConditionalDirective: Equatable {
    enum Kind: UInt8 {
        case `if`, elseif, `else`, endif

        /// The directive spelt by the `.poundDirective` token at `start` (its length tells them
        /// apart), or nil for `#sourceLocation`.
        init?(_ start: UnsafePointer<UInt8>, length: Int) {
            switch length {
            case 3: self = .if
            case 5: self = .else
            case 6: self = .endif
            case 7: self = .elseif
            default: return nil
            }
        }
    }

    var kind: Kind
    /// The index of the first code token after the directive's line (the file's code token count
    /// when none follows).
    var at: Int32
}

/// The `#elseif` and `#else` branches of a file's `#if` blocks, for a postfix chain that an `#if`
/// splits: `publisher` / `#if os(iOS)` / `.receive(on: a)` / `#else` / `.receive(on: b)` /
/// `#endif` / `.sink { … }`. The code tokens hold every branch, one after the other; read as one
/// chain they would call `receive(on:)` twice. The chain takes the first branch that holds code,
/// and each later branch is read as a chain of its own.
struct ConditionalAlternatives {
    struct Branch {
        /// The branch's first code token, and the token after its last.
        var start: Int
        var end: Int
        /// The first code token of the `#if` branch of its block, and the token after the block.
        var blockStart: Int
        var blockEnd: Int
        /// The next alternative of the same block (index into `branches`), or -1.
        var next: Int
    }

    /// The `#elseif` and `#else` branches, in order of `start`.
    let branches: [Branch]

    /// Reads the directives of a file of `tokenCount` code tokens; a block left open runs to the end.
    init(_ directives: [ConditionalDirective], tokenCount: Int) {
        var branches: [Branch] = []
        // Per open block: where its `#if` branch starts, and its first and current alternatives (or -1).
        var open: [(start: Int, first: Int, current: Int)] = []
        func closeBlock(_ block: (start: Int, first: Int, current: Int), at end: Int) {
            if block.current >= 0 { branches[block.current].end = end }
            var b = block.first
            while b >= 0 {
                branches[b].blockEnd = end
                b = branches[b].next
            }
        }
        for directive in directives {
            let at = Int(directive.at)
            switch directive.kind {
            case .if:
                open.append((at, -1, -1))
            case .elseif, .else:
                guard let block = open.last else { continue }
                let index = branches.count
                if block.current >= 0 {
                    branches[block.current].end = at
                    branches[block.current].next = index
                } else {
                    open[open.count - 1].first = index
                }
                open[open.count - 1].current = index
                branches.append(Branch(start: at, end: -1, blockStart: block.start, blockEnd: -1, next: -1))
            case .endif:
                guard let block = open.popLast() else { continue }
                closeBlock(block, at: at)
            }
        }
        while let block = open.popLast() { closeBlock(block, at: tokenCount) }
        self.branches = branches
    }

    /// The alternative branch starting at token `j` of a block whose `#if` comes after token
    /// `after` and whose earlier branches hold code: the branch a chain begun at `after` would
    /// run into after taking an earlier one (the outermost such block, if several start there).
    /// Its index in `branches`.
    func alternative(startingAt j: Int, blockOpenedAfter after: Int) -> Int? {
        var low = 0, high = branches.count
        while low < high {
            let mid = (low + high) / 2
            if branches[mid].start < j { low = mid + 1 } else { high = mid }
        }
        var best: Int?
        while low < branches.count, branches[low].start == j {
            let branch = branches[low]
            if branch.blockStart > after, branch.blockStart < j, best.map({ branch.blockStart < branches[$0].blockStart }) ?? true {
                best = low
            }
            low += 1
        }
        return best
    }
}
