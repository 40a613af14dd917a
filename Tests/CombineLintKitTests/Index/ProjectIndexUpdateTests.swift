@testable import CombineLintKit
import Foundation
import XCTest

/// `ProjectIndex.replaceTree` gives the index that building it anew gives: every table, every
/// lookup, and the findings of every file, after each of a seeded series of random edits of the
/// sample app (declarations, `@Published` properties, subjects, sends, extensions and
/// inheritance coming and going).
final class ProjectIndexUpdateTests: XCTestCase {
    static let snippets = [
        "\n", "}\n", "{\n", "final class Probe: ObservableObject {\n", "extension FeedViewModel {\n", "@Published var posts: [Int] = []\n",
        "let events = PassthroughSubject<Int, Never>()\n", "var state = CurrentValueSubject<Int, Never>(0)\n",
        "model.events.send(1)\n", "viewModel.$posts.sink { _ in }.store(in: &bag)\n", "func load() { }\n",
        "class Child: FeedViewModel {}\n", "struct Row: View { var body: some View { Text(\"\") } }\n", "posts = []\n",
        "self.state.value = 2\n", "typealias Rows = [Int]\n", "x", "(", ")", "\"", "//", "/*", "*/",
    ]

    static func sampleFiles() throws -> [SourceFile] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("samples/App")
        let paths = try FileManager.default.subpathsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertGreaterThan(paths.count, 5)
        return try paths.map { SourceFile(path: $0, bytes: Array(try Data(contentsOf: root.appendingPathComponent($0)))) }
    }

    func testReplacingATreeGivesTheIndexBuiltAnew() throws {
        var files = try Self.sampleFiles()
        var index = ProjectIndex(files: files, jobs: 1)
        var random = SeededGenerator(seed: 14)
        for step in 0..<50 {
            let f = random.below(files.count)
            var bytes = files[f].bytes
            let at = random.below(bytes.count + 1)
            let cut = random.below(3) == 0 ? min(bytes.count - at, random.below(40)) : 0
            let text = random.below(4) == 0 ? "" : Self.snippets[random.below(Self.snippets.count)]
            bytes.replaceSubrange(at..<(at + cut), with: Array(text.utf8))
            files[f] = SourceFile(path: files[f].path, bytes: bytes)
            index.replaceTree(at: f, with: SyntaxTree(file: files[f]))
            let fresh = ProjectIndex(trees: index.trees, jobs: 1)
            try assertSame(index, fresh, step: step)
        }
    }

    private func assertSame(_ patched: ProjectIndex, _ fresh: ProjectIndex, step: Int) throws {
        let context = "after edit \(step)"
        XCTAssertEqual(patched.types, fresh.types, context)
        XCTAssertEqual(patched.memberUses, fresh.memberUses, context)
        var names = Set<String>()
        for tree in fresh.trees {
            for token in tree.tokens where token.kind == .identifier { names.insert(tree.file.text(token.range)) }
            for element in tree.chainElements { names.insert(element.name) }
            for function in tree.functions { names.insert(function.name) }
            for type in tree.types { names.insert(type.name.lastNameComponent) }
        }
        for name in names.sorted() {
            XCTAssertEqual(Array(patched.identifiers[name]), Array(fresh.identifiers[name]), "\(context): identifiers[\(name)]")
            XCTAssertEqual(Array(patched.chainElements[name]), Array(fresh.chainElements[name]), "\(context): chainElements[\(name)]")
            XCTAssertEqual(Array(patched.functions[name]), Array(fresh.functions[name]), "\(context): functions[\(name)]")
            XCTAssertEqual(Array(patched.typeDeclarations[name]), Array(fresh.typeDeclarations[name]), "\(context): typeDeclarations[\(name)]")
            XCTAssertEqual(Array(patched.typealiasDeclarations[name]), Array(fresh.typealiasDeclarations[name]), "\(context): typealiasDeclarations[\(name)]")
            XCTAssertEqual(Set(patched.properties(named: name)), Set(fresh.properties(named: name)), "\(context): properties(named: \(name))")
            XCTAssertEqual(Set(patched.subtypes(of: name)), Set(fresh.subtypes(of: name)), "\(context): subtypes(of: \(name))")
        }
        for t in fresh.trees.indices {
            for name in ["posts", "events", "state", "Published", "sink", "FeedViewModel"] {
                XCTAssertEqual(patched.vocabularies[t].mentions(NameKey(name)), fresh.vocabularies[t].mentions(NameKey(name)), context)
            }
            let rules = ConfiguredRule.defaults
            XCTAssertEqual(Analyzer.analyze(patched.trees[t], index: patched, rules: rules),
                           Analyzer.analyze(fresh.trees[t], index: fresh, rules: rules), "\(context): findings of \(fresh.trees[t].file.path)")
        }
    }
}

extension SeededGenerator {
    /// A number in 0..<n (0 when n is 0).
    mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }
}
