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
