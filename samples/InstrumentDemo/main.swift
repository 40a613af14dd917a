import CombineTraceCore
import Foundation

// Plays a settings screen that appears three times and takes three taps on a locked option,
// then the unlock; writes the trace. Run it once `combinelint instrument` has added the traces.
// Usage: InstrumentDemo TRACE.jsonl
guard let path = CommandLine.arguments.dropFirst().first else {
    FileHandle.standardError.write(Data("usage: InstrumentDemo TRACE.jsonl\n".utf8))
    exit(2)
}
let recorder = TraceRecorder.shared
do {
    try recorder.start(writingTo: path)
} catch {
    FileHandle.standardError.write(Data("InstrumentDemo: \(error)\n".utf8))
    exit(2)
}

let store = SettingsStore()
var screen: SettingsScreen? = SettingsScreen(store: store)
recorder.track(screen!, label: "settings screen")
let table = OptionsTable()
for _ in 1...3 {
    recorder.mark("settings.appear")
    screen?.viewWillAppear()
    recorder.mark("settings.tap")
    screen?.tableView(table, didSelectRowAt: 2)
}
store.unlocks.send(true)
recorder.mark("settings.unlocked")
// Three taps, one unlock: every waiting subscription applies the option.
print("the unlock applied the option \(screen!.applied.count) times")
recorder.expectRelease(screen!)
screen = nil
recorder.checkpoint("settings.dismissed")
recorder.stop()
