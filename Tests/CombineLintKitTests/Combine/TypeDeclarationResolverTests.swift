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
}
