#if canImport(Combine)
import Combine
#else
import CombineStandIn
#endif
import CombineTrace
import CombineTraceCore
import Dispatch
import Foundation

// The tracer's cost per value (build with -c release: scripts/bench-trace.sh).
// Targets: stopped recorder < 5 ns added per event, in memory < 300 ns per event.
// `TraceBenchmark VALUES` times every case; `TraceBenchmark --case INDEX VALUES` runs one case
// once, for counting its instructions under valgrind (scripts/bench-trace.sh --instructions),
// which a busy machine does not move.

var arguments = Array(CommandLine.arguments.dropFirst())

// `--write-trace PATH MB`: a trace of about MB megabytes for timing `trace report`: screens
// appearing (marks), subscriptions at 50 call sites, values with descriptions, cancels.
if arguments.first == "--write-trace", arguments.count >= 3 {
    let recorder = TraceRecorder()
    try recorder.start(writingTo: arguments[1])
    let target = (Int(arguments[2]) ?? 100) * 1_000_000
    var written = 0
    var round = 0
    while written < target {
        recorder.mark("screen.appear")
        let subject = PassthroughSubject<Int, Never>()
        var tokens: [AnyCancellable] = []
        for site in 0..<50 {
            tokens.append(subject.trace("feed.\(site)", recorder: recorder, describe: { "\($0) posts" }).sink { _ in })
        }
        for value in 0..<200 { subject.send(round * 200 + value) }
        recorder.mark("screen.disappear")
        tokens.forEach { $0.cancel() }
        round += 1
        recorder.flush()
        written = (try? FileManager.default.attributesOfItem(atPath: arguments[1])[.size] as? Int) ?? target
    }
    recorder.stop()
    exit(0)
}

var onlyCase: Int?
if arguments.first == "--case", arguments.count >= 2 {
    onlyCase = Int(arguments[1])
    arguments.removeFirst(2)
}
let values = Int(arguments.first ?? "") ?? 1_000_000
let rounds = 5

/// Sends `values` values through `subject.<operators>.sink`.
func pipeline(_ make: @escaping (PassthroughSubject<Int, Never>) -> AnyCancellable) -> () -> Void {
    {
        let subject = PassthroughSubject<Int, Never>()
        let token = make(subject)
        for value in 0..<values { subject.send(value) }
        token.cancel()
    }
}

var sum = 0
let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("trace-bench-\(getpid()).jsonl").path

let stopped = TraceRecorder()
let memory = TraceRecorder(capacity: values + 16)
let file = TraceRecorder()
let perEvent = TraceRecorder(capacity: values + 16)
let stoppedForRecord = TraceRecorder()

// Rounds interleave the cases so that a busy machine slows them all alike; the best round counts.
let cases: [(String, () -> Void)] = [
    ("untraced pipeline", pipeline { $0.sink { sum &+= $0 } }),
    ("traced, recorder stopped", pipeline { $0.trace("bench", recorder: stopped).sink { sum &+= $0 } }),
    ("traced, recording in memory", pipeline { subject in
        memory.startInMemory()
        return subject.trace("bench", recorder: memory).sink { sum &+= $0 }
    }),
    ("traced, recording to a file", pipeline { subject in
        try? file.start(writingTo: temporary)
        return subject.trace("bench", recorder: file).sink { sum &+= $0 }
    }),
    ("record(_:), recorder stopped", {
        for value in 0..<values { stoppedForRecord.record(.value(sub: UInt64(value & 7), description: nil)) }
    }),
    ("record(_:), in memory", {
        perEvent.startInMemory()
        for value in 0..<values { perEvent.record(.value(sub: UInt64(value & 7), description: nil)) }
    }),
    ("empty loop (baseline)", { for value in 0..<values { sum &+= value & 7 } }),
]
if let onlyCase {
    if onlyCase < 0 || onlyCase >= cases.count {
        for (index, entry) in cases.enumerated() { print("\(index)\t\(entry.0)") }
    } else {
        cases[onlyCase].1()
        file.stop()
        try? FileManager.default.removeItem(atPath: temporary)
    }
    exit(0)
}

print("CombineTrace benchmark: \(values) values, best of \(rounds) interleaved rounds")
var best = [Double](repeating: .infinity, count: cases.count)
for _ in 0..<rounds {
    for (index, entry) in cases.enumerated() {
        let start = DispatchTime.now().uptimeNanoseconds
        entry.1()
        best[index] = min(best[index], Double(DispatchTime.now().uptimeNanoseconds - start) / Double(values))
        file.stop()
    }
}
for (index, entry) in cases.enumerated() {
    print(entry.0.padding(toLength: 36, withPad: " ", startingAt: 0) + String(format: "%8.1f ns/value", best[index]))
}
try? FileManager.default.removeItem(atPath: temporary)

print("")
print(String(format: "added per event, recorder stopped: %7.1f ns in a pipeline, %5.1f ns alone (target < 5)",
             best[1] - best[0], best[4] - best[6]))
print(String(format: "added per event, in memory:        %7.1f ns in a pipeline, %5.1f ns alone (target < 300)",
             best[2] - best[0], best[5] - best[6]))
print(String(format: "added per event, to a file:        %7.1f ns in a pipeline", best[3] - best[0]))

// Two threads recording at once into one recorder.
for (name, start) in [("memory", { (r: TraceRecorder) in r.startInMemory() }),
                      ("file", { (r: TraceRecorder) in try? r.start(writingTo: temporary) })] {
    var fastest = 0.0
    for _ in 0..<rounds {
        let shared = TraceRecorder(capacity: 2 * values + 16)
        start(shared)
        let begin = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.concurrentPerform(iterations: 2) { worker in
            let subject = PassthroughSubject<Int, Never>()
            let token = subject.trace("thread \(worker)", recorder: shared).sink { _ in }
            for value in 0..<values { subject.send(value) }
            token.cancel()
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9
        shared.stop()
        fastest = max(fastest, Double(shared.recordedCount) / seconds)
    }
    try? FileManager.default.removeItem(atPath: temporary)
    print(String(format: "2 threads recording (%@):%@ %6.2f M events/s", name, name == "file" ? "  " : "", fastest / 1e6))
}
if sum == 42 { print("") }
