import CombineTraceCore
import Foundation

// Plays a feed screen appearing three times and writes the trace.
// Usage: TraceDemo [TRACE.jsonl]   (or COMBINETRACE=TRACE.jsonl TraceDemo)
let recorder = TraceRecorder.shared
let path: String
if let argument = CommandLine.arguments.dropFirst().first {
    path = argument
    do {
        try recorder.start(writingTo: path)
    } catch {
        FileHandle.standardError.write(Data("TraceDemo: \(error)\n".utf8))
        exit(2)
    }
} else if let environment = ProcessInfo.processInfo.environment["COMBINETRACE"], recorder.isEnabled {
    path = environment
} else {
    FileHandle.standardError.write(Data("usage: TraceDemo TRACE.jsonl   (or set COMBINETRACE=TRACE.jsonl)\n".utf8))
    exit(2)
}

let service = FeedService()
var screen: FeedScreen? = FeedScreen(service: service)
recorder.track(screen!, label: "feed screen")
screen?.viewDidLoad()
for round in 1...3 {
    recorder.mark("feed.appear")
    screen?.viewWillAppear()
    service.publish((1...round).map { "post \($0)" })
    service.refreshes.send()
    recorder.mark("feed.disappear")
    screen?.viewWillDisappear()
}
recorder.expectRelease(screen!)
screen = nil
let alive = recorder.checkpoint("feed.dismissed")
recorder.stop()
print("TraceDemo: wrote \(recorder.recordedCount) events to \(path); objects still alive: "
    + (alive.isEmpty ? "none" : alive.map { "\($0.type) \"\($0.label)\"" }.joined(separator: ", ")))
