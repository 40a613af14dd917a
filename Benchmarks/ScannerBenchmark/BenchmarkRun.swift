import CombineLintKit
import Dispatch
import Foundation

/// Loads the corpus into memory, then measures lexing alone (one thread) and lexing with the
/// syntax tree and project index (all cores), printing lines/s, MB/s and peak memory.
struct BenchmarkRun {
    let folder: URL

    func run() {
        let files = load()
        let bytes = files.reduce(0) { $0 + $1.bytes.count }
        let lines = files.reduce(0) { $0 + $1.lineCount }
        let megabytes = Double(bytes) / 1_048_576
        print(String(format: "corpus: %d files, %d lines, %.1f MB", files.count, lines, megabytes))
        print(String(format: "after loading: peak memory %.0f MB", Measurements.peakMemoryMB()))

        var tokenCount = 0
        let lexSeconds = Measurements.best(of: 5) {
            tokenCount = 0
            for file in files { tokenCount += Lexer.tokenize(file.bytes).count }
        }
        print(String(format: "lexing (1 thread):        %.3f s  %10.0f lines/s  %7.1f MB/s  %d tokens",
                     lexSeconds, Double(lines) / lexSeconds, megabytes / lexSeconds, tokenCount))
        print(String(format: "after lexing: peak memory %.0f MB", Measurements.peakMemoryMB()))

        let cores = ProcessInfo.processInfo.activeProcessorCount
        var indexedTrees = 0
        let fullSeconds = Measurements.best(of: 3) {
            let trees = buildTrees(files)
            let index = ProjectIndex(trees: trees)
            withExtendedLifetime(index) { indexedTrees = trees.count }
        }
        print(String(format: "lex+tree+index (%d cores): %.3f s  %10.0f lines/s  %7.1f MB/s  %d trees",
                     cores, fullSeconds, Double(lines) / fullSeconds, megabytes / fullSeconds, indexedTrees))
        print(String(format: "peak memory: %.0f MB", Measurements.peakMemoryMB()))
    }

    func lexRepeatedly(times: Int) {
        let files = load()
        let megabytes = Double(files.reduce(0) { $0 + $1.bytes.count }) / 1_048_576
        var tokenCount = 0
        let start = Measurements.now()
        for _ in 0..<times {
            for file in files { tokenCount &+= Lexer.tokenize(file.bytes).count }
        }
        let seconds = (Measurements.now() - start) / Double(times)
        print(String(format: "lexing: %.1f MB/s (%d tokens)", megabytes / seconds, tokenCount / times))
    }

    func load() -> [SourceFile] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted().compactMap { name in
            let path = folder.appendingPathComponent(name).path
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            return SourceFile(path: path, bytes: [UInt8](data))
        }
    }

    /// One tree per file, built in parallel; each slot is written by exactly one iteration.
    func buildTrees(_ files: [SourceFile]) -> [SyntaxTree] {
        let slots = UnsafeMutableBufferPointer<SyntaxTree?>.allocate(capacity: files.count)
        slots.initialize(repeating: nil)
        defer { slots.deallocate() }
        DispatchQueue.concurrentPerform(iterations: files.count) { i in
            slots[i] = SyntaxTree(file: files[i])
        }
        let trees = slots.map { $0! }
        _ = slots.deinitialize()
        return trees
    }
}
