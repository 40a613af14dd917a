import XCTest
@testable import CombineLintKit

/// The sample app's clock and session files show each timer and subject rule at least twice, next to quiet correct forms.
final class SubjectAndTimerSamplesTests: XCTestCase {
    func testSampleFindings() throws {
        let folder = packageRoot.appendingPathComponent("samples/App/Services")
        let files = try ["ClockService.swift", "SessionStore.swift"].map { name -> (path: String, text: String) in
            (path: "App/Services/" + name, text: try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
        }
        let rules: [any Rule.Type] = [RunLoopMainSchedulerRule.self, TimerNotConnectedRule.self, TimerDefaultRunLoopModeRule.self,
                                      ExposedSubjectRule.self, SendAfterCompletionRule.self]
        let found = rules.flatMap { findings(of: $0, in: files) }
            .map { "\($0.ruleID) \($0.file.split(separator: "/").last!):\($0.line):\($0.column)\($0.fix == nil ? "" : " fix")" }
        XCTAssertEqual(found, [
            "runloop_main_scheduler ClockService.swift:35:59 fix",
            "runloop_main_scheduler ClockService.swift:51:26 fix",
            "timer_not_connected ClockService.swift:17:29",
            "timer_not_connected ClockService.swift:58:9",
            "timer_default_run_loop_mode ClockService.swift:48:48 fix",
            "timer_default_run_loop_mode ClockService.swift:96:58 fix",
            "exposed_subject SessionStore.swift:19:22 fix",
            "exposed_subject SessionStore.swift:22:9",
            "send_after_completion SessionStore.swift:45:16",
            "send_after_completion SessionStore.swift:51:25",
        ])
    }
}
