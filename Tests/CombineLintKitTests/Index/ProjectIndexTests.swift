import Foundation
import XCTest
@testable import CombineLintKit

/// The project index: declarations merged across files, uses of observed properties, calls from
/// SwiftUI appearance closures; and the fused pipeline (`ProjectIndex(files:)`) agreeing with
/// indexing already parsed trees.
final class ProjectIndexTests: XCTestCase {
    private let model = SourceFile(path: "Model.swift", bytes: Array("""
        final class FeedModel: ObservableObject {
            @Published var posts: [String] = []
            let events = PassthroughSubject<Int, Never>()
            func load() {}
        }
        """.utf8))
    private let extensionFile = SourceFile(path: "Model+Refresh.swift", bytes: Array("""
        extension FeedModel: Refreshing {
            var count: Int { posts.count }
            func refresh() { $posts.sink { _ in }.store(in: &bag) }
        }
        struct FeedView: View {
            var body: some View { Text("").onAppear { model.load() } }
        }
        """.utf8))

    func testMergesDeclarationsAndExtensionsAcrossFiles() {
        let index = ProjectIndex(files: [model, extensionFile], jobs: 1)
        let feed = index.type(named: "FeedModel")
        XCTAssertEqual(feed?.kind, .class)
        XCTAssertEqual(feed?.inheritance, ["ObservableObject", "Refreshing"])
        XCTAssertEqual(feed?.files, ["Model.swift", "Model+Refresh.swift"])
        XCTAssertEqual(feed?.methods, ["load", "refresh"])
        XCTAssertEqual(feed?.properties.keys.sorted(), ["count", "events", "posts"])
        XCTAssertEqual(feed?.properties["posts"]?.line, 2)
        XCTAssertEqual(feed?.properties["posts"]?.initializerText, "[]")
        XCTAssertEqual(feed?.properties["count"]?.isComputed, true)
        // `posts` and `$posts` in the extension's chains; `events` is a subject but never used.
        XCTAssertEqual(index.memberUses["posts"]?.map(\.projected), [false, true])
        XCTAssertNil(index.memberUses["events"])
        XCTAssertEqual(RepeatedViewCalls(index: index).byMethod["load"]?.map(\.receiver), ["model"])
    }

    func testFusedPipelineEqualsIndexingParsedTrees() throws {
        let root = LexerTestSupport.packageRoot.appendingPathComponent("samples")
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        var files: [SourceFile] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            files.append(SourceFile(path: url.path, bytes: try [UInt8](Data(contentsOf: url))))
        }
        XCTAssertGreaterThan(files.count, 10)
        let fused = ProjectIndex(files: files, jobs: 2)
        let apart = ProjectIndex(trees: files.map { SyntaxTree(file: $0) }, jobs: 1)
        XCTAssertEqual(fused.types, apart.types)
        XCTAssertEqual(fused.memberUses, apart.memberUses)
        XCTAssertEqual(fused.trees.map(\.file.path), files.map(\.path))
        XCTAssertFalse(fused.memberUses.isEmpty)
    }

    /// The merge runs while files are parsed, by whichever worker finds the next file ready: with
    /// the same types declared again and extended in many files, its result must still be the
    /// input-order merge, for any number of workers.
    func testMergeDuringParsingKeepsInputOrderForAnyWorkerCount() {
        var files: [SourceFile] = []
        for copy in 0..<60 {
            let redeclared = """
                class Shared\(copy % 3): ObservableObject {
                    @Published var value\(copy % 5) = \(copy)
                    let subject = PassthroughSubject<Int, Never>()
                    func load\(copy)() { $value\(copy % 5).sink { _ in }.store(in: &bag) }
                }
                extension Shared\((copy + 1) % 3): Proto\(copy % 4) {
                    var computed\(copy): Int { value\((copy + 1) % 5) }
                }
                struct Row\(copy): View {
                    var body: some View { Text("").onAppear { model.refresh\(copy % 2)() } }
                }
                """
            files.append(SourceFile(path: "File\(copy).swift", text: redeclared))
        }
        let apart = ProjectIndex(trees: files.map { SyntaxTree(file: $0) }, jobs: 1)
        XCTAssertEqual(apart.type(named: "Shared0")?.files.count, 40)
        XCTAssertEqual(apart.type(named: "Shared0")?.properties["value0"]?.file, "File45.swift")
        for jobs in [1, 2, 3, 8] {
            let fused = ProjectIndex(files: files, jobs: jobs)
            XCTAssertEqual(fused.types, apart.types, "\(jobs) jobs")
            XCTAssertEqual(fused.memberUses, apart.memberUses, "\(jobs) jobs")
        }
    }

    func testFunctionsOfOneNameInTheTypesOfOneName() {
        let files = [
            SourceFile(path: "A.swift", text: "final class Clock {\n    func tick() {}\n}\nfinal class Other {\n    func tick() {}\n}\n"),
            SourceFile(path: "B.swift", text: "extension Clock {\n    func tock() {}\n    func tick(_ n: Int) {}\n}\nfunc tick() {}\n"),
            SourceFile(path: "C.swift", text: "enum Feature { final class Clock { func tick() {} } }\n"),
        ]
        let index = ProjectIndex(files: files, jobs: 1)
        let found = index.functions(named: "tick", inTypesNamed: "Clock").map { reference in
            "\(index.trees[reference.tree].file.path):\(index.trees[reference.tree].functions[reference.item].selectorName)"
        }
        // Both declarations named `Clock` (by simple name) and the extension, in input order; not
        // `Other.tick()` nor the free function.
        XCTAssertEqual(found, ["A.swift:tick()", "B.swift:tick(_:)", "C.swift:tick()"])
        XCTAssertEqual(index.functions(named: "tick", inTypesNamed: "Missing").count, 0)
    }
}
