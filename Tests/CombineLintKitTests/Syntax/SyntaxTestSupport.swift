@testable import CombineLintKit

func parse(_ source: String, path: String = "Test.swift") -> SyntaxTree {
    SyntaxTree(file: SourceFile(path: path, text: source))
}

extension SyntaxTree {
    /// `line:column` of code token i.
    func position(_ i: Int) -> String {
        let l = file.location(ofOffset: tokens[i].startOffset)
        return "\(l.line):\(l.column)"
    }

    /// Chains as `names — context` lines, for compact assertions.
    var chainSummaries: [String] {
        chains.map { $0.names.joined(separator: ".") + " — " + SyntaxDump.describe($0.context, self) }
    }
}
