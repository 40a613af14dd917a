import XCTest
@testable import CombineLintKit

/// Which declaration a written type name means at a place (`TypeDeclarationResolver`), with and
/// without the run's memo.
final class TypeDeclarationResolverTests: XCTestCase {
    private let files = [
        SourceFile(path: "App/Feed/Feed.swift", text: """
        enum Feed {
            final class ViewModel {}
            final class ViewController {
                let model = ViewModel()
            }
        }
        """),
        SourceFile(path: "App/Settings/Settings.swift", text: """
        enum Settings {
            final class ViewModel {}
            final class ViewController {
                let model = ViewModel()
                let other = Feed.ViewModel()
            }
        }
        """),
        SourceFile(path: "App/Root.swift", text: """
        final class Root {
            let first = ViewModel()
            let nested = Outer.Inner.Leaf()
            let suffix = Inner.Leaf()
        }
        enum Outer { enum Inner { final class Leaf {} } }
        """),
    ]

    /// The nesting path of the declaration `written` means where it is next written after `marker`
    /// in file `file`, or nil.
    private func meant(_ written: String, inFile file: Int, after marker: String, index: ProjectIndex, memo: ProjectMemo?) -> String? {
        let tree = index.trees[file]
        guard let start = tree.tokens.indices.first(where: { tree.name($0) == marker }),
              let token = tree.tokens.indices.first(where: { $0 > start && tree.name($0) == written.split(separator: ".").last.map(String.init) })
        else { return nil }
        guard let reference = TypeDeclarationResolver.declaration(named: written, at: token, inTree: file, index: index, memo: memo) else { return nil }
        return index.trees[reference.tree].file.path + " " + TypeDeclarationResolver.qualifiedPath(ofType: reference.item, in: index.trees[reference.tree]).joined(separator: ".")
    }

    func testANameMeansTheNearestDeclarationFromWhereItIsWritten() {
        let index = ProjectIndex(files: files, jobs: 1)
        let memo = ProjectMemo()
        for memo in [nil, memo, memo] {
            XCTAssertEqual(meant("ViewModel", inFile: 0, after: "model", index: index, memo: memo), "App/Feed/Feed.swift Feed.ViewModel")
            XCTAssertEqual(meant("ViewModel", inFile: 1, after: "model", index: index, memo: memo), "App/Settings/Settings.swift Settings.ViewModel")
            XCTAssertEqual(meant("Feed.ViewModel", inFile: 1, after: "other", index: index, memo: memo), "App/Feed/Feed.swift Feed.ViewModel")
            // At the top level no `ViewModel` is visible by its simple name: both are nested.
            XCTAssertNil(meant("ViewModel", inFile: 2, after: "first", index: index, memo: memo))
            XCTAssertEqual(meant("Outer.Inner.Leaf", inFile: 2, after: "nested", index: index, memo: memo), "App/Root.swift Outer.Inner.Leaf")
            XCTAssertEqual(meant("Inner.Leaf", inFile: 2, after: "suffix", index: index, memo: memo), "App/Root.swift Outer.Inner.Leaf")
        }
    }

    /// A written name of more components than the resolver keys by (`A.B.C.D.E`) is matched against
    /// each candidate's whole path: the one whose path ends with all of it, not every path ending
    /// with its last four names.
    func testAWrittenNameLongerThanTheIndexedSuffixesStillResolves() {
        let files = [SourceFile(path: "App/Deep.swift", text: """
        enum A { enum B { enum C { enum D { enum E { final class Leaf {} } } } } }
        enum X { enum B { enum C { enum D { enum E { final class Leaf {} } } } } }
        final class User {
            let first = A.B.C.D.E.Leaf()
            let second = X.B.C.D.E.Leaf()
            let both = B.C.D.E.Leaf()
        }
        """)]
        let index = ProjectIndex(files: files, jobs: 1)
        XCTAssertEqual(meant("A.B.C.D.E.Leaf", inFile: 0, after: "first", index: index, memo: nil), "App/Deep.swift A.B.C.D.E.Leaf")
        XCTAssertEqual(meant("X.B.C.D.E.Leaf", inFile: 0, after: "second", index: index, memo: nil), "App/Deep.swift X.B.C.D.E.Leaf")
        XCTAssertNil(meant("B.C.D.E.Leaf", inFile: 0, after: "both", index: index, memo: nil), "both declarations end with the name: ambiguous")
    }

    /// Queries about a type's outer types read at most `deepestTypeNesting` of them, innermost
    /// first: a declaration line repeated thousands of times by a bad merge nests thousands deep.
    func testTheNestingChainStopsAtTheDeepestNestingRead() {
        let depth = SyntaxTree.deepestTypeNesting + 4
        let source = (0..<depth).map { "final class Level\($0) {" }.joined(separator: "\n") + "\n" + String(repeating: "}", count: depth)
        let tree = parse(source)
        let innermost = tree.types.indices.first { tree.types[$0].name == "Level\(depth - 1)" }!
        let chain = tree.nestingChain(ofType: innermost).map { tree.types[$0].name }
        XCTAssertEqual(chain.count, SyntaxTree.deepestTypeNesting)
        XCTAssertEqual(chain.first, "Level\(depth - 1)")
        XCTAssertEqual(chain.last, "Level4")
        XCTAssertEqual(tree.nestingChain(ofType: 0).map { tree.types[$0].name }, ["Level0"])
    }
}
