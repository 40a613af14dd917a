import CombineTraceCore
import XCTest

/// Runs `block` and fails when a subscription it made (matching `label` or `site`, e.g.
/// `"FeedScreen.swift:30"`) is still alive afterwards. `recorder` must be recording in memory.
@discardableResult
public func assertNoLiveSubscriptions<T>(
    label: String? = nil, site: String? = nil, recorder: TraceRecorder = .shared,
    file: StaticString = #filePath, line: UInt = #line, during block: () throws -> T
) rethrows -> T {
    try checkingEvents(of: recorder, file: file, line: line, block) {
        TraceChecks.noLiveSubscriptions(in: $0, label: label, site: site)
    }
}

/// Runs `block` and fails unless every subscription it made (matching `label` or `site`) was
/// cancelled exactly once by the time it returns.
@discardableResult
public func assertEachSubscriptionCancelledOnce<T>(
    label: String? = nil, site: String? = nil, recorder: TraceRecorder = .shared,
    file: StaticString = #filePath, line: UInt = #line, during block: () throws -> T
) rethrows -> T {
    try checkingEvents(of: recorder, file: file, line: line, block) {
        TraceChecks.eachCancelledOnce(in: $0, label: label, site: site)
    }
}

/// Fails when `log` shows a result written after a newer request had started.
public func assertNoStaleWrites(_ log: RequestLog, file: StaticString = #filePath, line: UInt = #line) {
    if let message = TraceChecks.noStaleWrites(log.entries) { XCTFail(message, file: file, line: line) }
}

/// Fails when objects `recorder` was told to expect released are still alive now.
public func assertExpectedReleases(in recorder: TraceRecorder = .shared, file: StaticString = #filePath, line: UInt = #line) {
    let alive = recorder.checkpoint()
    guard !alive.isEmpty else { return }
    XCTFail("\(alive.count) object\(alive.count == 1 ? "" : "s") expected to be released still alive:\n"
        + alive.map { "  \($0.type) \"\($0.label)\" (obj #\($0.id)) tracked at \($0.site)" }.joined(separator: "\n"),
        file: file, line: line)
}

extension XCTestCase {
    /// Fails at tear-down when `object` has not been released by then (a weak reference; no
    /// Objective-C runtime needed). Call it where the object is made.
    public func assertReleasedAtTearDown(_ object: AnyObject, _ name: String? = nil,
                                         file: StaticString = #filePath, line: UInt = #line) {
        let what = name ?? String(describing: type(of: object))
        let site = "\(file):\(line)"
        addTeardownBlock { [weak object] in
            if object != nil {
                XCTFail("\(what) created at \(site) is still alive at tear-down: something still holds it "
                    + "(a subscription capturing self strongly, or assign(to:on:) with self?)", file: file, line: line)
            }
        }
    }
}

private func checkingEvents<T>(
    of recorder: TraceRecorder, file: StaticString, line: UInt, _ block: () throws -> T,
    check: ([TraceEvent]) -> String?
) rethrows -> T {
    guard recorder.isEnabled else {
        XCTFail("the trace recorder is not recording: use TraceRecorder.inMemory() or startInMemory()", file: file, line: line)
        return try block()
    }
    let before = recorder.recordedCount
    let result = try block()
    let events = recorder.events().filter { $0.seq > before }
    if events.isEmpty && recorder.recordedCount > before {
        XCTFail("the trace recorder writes to a file: assertions need TraceRecorder.inMemory()", file: file, line: line)
        return result
    }
    if let message = check(events) { XCTFail(message, file: file, line: line) }
    return result
}

/// Runs `block` and fails when a subscription it made (matching `label` or `site`) received a
/// value or a completion after it was cancelled.
@discardableResult
public func assertNoDeliveryAfterCancel<T>(
    label: String? = nil, site: String? = nil, recorder: TraceRecorder = .shared,
    file: StaticString = #filePath, line: UInt = #line, during block: () throws -> T
) rethrows -> T {
    try checkingEvents(of: recorder, file: file, line: line, block) {
        TraceChecks.noDeliveryAfterCancel(in: $0, label: label, site: site)
    }
}

/// Runs `block` and fails unless every subscription it made (matching `label` or `site`) has
/// finished by the time it returns: not failed, not cancelled, not still alive.
@discardableResult
public func assertFinished<T>(
    label: String? = nil, site: String? = nil, recorder: TraceRecorder = .shared,
    file: StaticString = #filePath, line: UInt = #line, during block: () throws -> T
) rethrows -> T {
    try checkingEvents(of: recorder, file: file, line: line, block) {
        TraceChecks.eachEnded(.finished, in: $0, label: label, site: site)
    }
}

/// Runs `block` and fails unless every subscription it made (matching `label` or `site`) has
/// failed by the time it returns: not finished, not cancelled, not still alive.
@discardableResult
public func assertFailed<T>(
    label: String? = nil, site: String? = nil, recorder: TraceRecorder = .shared,
    file: StaticString = #filePath, line: UInt = #line, during block: () throws -> T
) rethrows -> T {
    try checkingEvents(of: recorder, file: file, line: line, block) {
        TraceChecks.eachEnded(.failure, in: $0, label: label, site: site)
    }
}

/// Fails when `log` shows a result written after the screen was left (`RequestLog.left()`).
public func assertNothingWrittenAfterLeaving(_ log: RequestLog, file: StaticString = #filePath, line: UInt = #line) {
    if let message = TraceChecks.nothingWrittenAfterLeaving(log.entries) { XCTFail(message, file: file, line: line) }
}

/// Fails when the object is still alive: pass a weak reference's value, e.g.
/// `assertReleased(weakModel, "screen model")` after the last strong reference went away.
public func assertReleased(_ object: AnyObject?, _ name: String = "object", file: StaticString = #filePath, line: UInt = #line) {
    guard let object else { return }
    XCTFail("\(name) (\(type(of: object))) is still alive: something still holds it "
        + "(a subscription capturing it strongly, or assign(to:on:) with it?)", file: file, line: line)
}
