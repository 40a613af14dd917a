import CombineLintKit
import Dispatch
import Foundation

// Usage:
//   ScannerBenchmark generate <folder> <lines>   write a generated corpus
//   ScannerBenchmark run <folder>                lex, then lex + tree + index, and print figures
//   ScannerBenchmark profile <folder> [files]    lex + tree + index of the first files on one thread,
//                                                once: a steady workload for callgrind
let arguments = CommandLine.arguments
guard arguments.count >= 3 else {
    FileHandle.standardError.write(Data("usage: ScannerBenchmark generate <folder> <lines> | run <folder>\n".utf8))
    exit(2)
}
let folder = URL(fileURLWithPath: arguments[2])

switch arguments[1] {
case "generate":
    let target = arguments.count > 3 ? Int(arguments[3]) ?? 500_000 : 500_000
    do {
        let result = try CorpusGenerator.generate(into: folder, targetLines: target)
        print("generated \(result.files) files, \(result.lines) lines in \(folder.path)")
    } catch {
        FileHandle.standardError.write(Data("cannot write corpus to \(folder.path): \(error)\n".utf8))
        exit(1)
    }
case "run":
    BenchmarkRun(folder: folder).run()
case "lex":
    // Lexing only, repeated: a steady loop for profilers (perf record).
    BenchmarkRun(folder: folder).lexRepeatedly(times: arguments.count > 3 ? Int(arguments[3]) ?? 20 : 20)
case "profile":
    BenchmarkRun(folder: folder).profileOnce(files: arguments.count > 3 ? Int(arguments[3]) ?? 600 : 600)
default:
    FileHandle.standardError.write(Data("unknown command \(arguments[1])\n".utf8))
    exit(2)
}
