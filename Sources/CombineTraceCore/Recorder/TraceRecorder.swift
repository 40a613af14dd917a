import Foundation

/// Records trace events from any thread, into memory or to a JSON Lines file.
///
/// Disabled, a traced pipeline pays one atomic load per event. Enabled, each event takes one
/// lock. Memory stays bounded: in memory, events past `capacity` are counted as dropped; to a
/// file, lines are buffered up to `bufferSize` bytes and written out when the buffer fills, on
/// `flush()`, `checkpoint(_:)` and `stop()`. No file is written under the lock: a full buffer is
/// swapped for an empty one and written afterwards, in order, by whichever thread filled it, so
/// other threads go on recording meanwhile.
public final class TraceRecorder: @unchecked Sendable {
    /// The recorder the `.trace` operator uses by default. It starts on first use when the
    /// environment variable `COMBINETRACE` names a file to write.
    public static let shared: TraceRecorder = {
        let recorder = TraceRecorder()
        if let path = ProcessInfo.processInfo.environment["COMBINETRACE"], !path.isEmpty {
            do {
                try recorder.start(writingTo: path)
            } catch {
                FileHandle.standardError.write(Data("CombineTrace: cannot write \(path): \(error)\n".utf8))
            }
        }
        return recorder
    }()

    /// The most events kept in memory before new ones are counted as dropped.
    public let capacity: Int
    /// Bytes of encoded lines buffered before a file write.
    public let bufferSize: Int

    /// Read by inlinable code: the stopped path of every event, inlined into the caller's module.
    @usableFromInline let enabled = AtomicFlag()
    private let subscriptionIDs = AtomicCounter()
    private let clock = MonotonicClock()
    private let lock = NSLock()
    /// Held while writing buffers out, so that they reach the file in the order they filled.
    private let writeLock = NSLock()

    // Guarded by `lock`.
    /// What every event touches, in one value: one exclusivity check per event instead of one per
    /// field.
    private var hot = HotState()
    /// Full buffers waiting to be written, oldest first, with the file they belong to.
    private var pending: [PendingWrite] = []
    /// An emptied buffer kept for reuse, so that swapping allocates nothing.
    private var spare: [UInt8] = []
    private var watched: [WatchedObject] = []
    private var objectIDs: UInt64 = 0
    private var writeError: String?

    /// A stopped recorder; call `startInMemory()` or `start(writingTo:)`.
    public init(capacity: Int = 1_000_000, bufferSize: Int = 64 * 1024) {
        self.capacity = max(1, capacity)
        self.bufferSize = max(1, bufferSize)
    }

    /// A recorder already keeping events in memory, as tests want it.
    public static func inMemory(capacity: Int = 1_000_000) -> TraceRecorder {
        let recorder = TraceRecorder(capacity: capacity)
        recorder.startInMemory()
        return recorder
    }

    /// Whether events are being recorded: one relaxed atomic load, inlined into the caller.
    @inlinable public var isEnabled: Bool { enabled.isOn }

    /// A fresh subscription id, unique for this recorder.
    public func nextSubscriptionID() -> UInt64 { subscriptionIDs.next() }

    /// Starts keeping events in memory (after clearing earlier ones).
    public func startInMemory() {
        lock.lock()
        let previous = closeLocked()
        resetLocked()
        hot.destination = .memory
        lock.unlock()
        finishClosing(previous)
        enabled.set(true)
    }

    /// Starts writing JSON Lines to `path`, replacing the file.
    public func start(writingTo path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil) else {
            throw TraceFileError.cannotCreate(path: path)
        }
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        lock.lock()
        let previous = closeLocked()
        resetLocked()
        hot.destination = .file(handle, path: path)
        lock.unlock()
        finishClosing(previous)
        enabled.set(true)
    }

    /// Stops recording: notes released objects, writes pending lines and closes the file.
    /// Events recorded in memory stay readable through `events()`.
    public func stop() {
        enabled.set(false)
        lock.lock()
        pollReleasesLocked()
        let previous = closeLocked()
        lock.unlock()
        finishClosing(previous)
    }

    /// Writes buffered lines to the file now.
    public func flush() {
        lock.lock()
        swapBufferLocked()
        lock.unlock()
        writePending()
    }

    /// Records one event if the recorder runs. Stopped, this is one relaxed atomic load in the
    /// caller's code.
    @inlinable public func record(_ kind: TraceEventKind) {
        guard enabled.isOn else { return }
        recordRunning(kind)
    }

    /// `record(_:)` once the recorder is seen running.
    @usableFromInline func recordRunning(_ kind: TraceEventKind) {
        lock.lock()
        let full = appendLocked(kind)
        lock.unlock()
        if full { writePending() }
    }

    /// Records a named moment, such as a screen appearing; released objects are noted first.
    public func mark(_ name: String) {
        guard enabled.isOn else { return }
        lock.lock()
        pollReleasesLocked()
        let full = appendLocked(.mark(name: name))
        lock.unlock()
        if full { writePending() }
    }

    /// Starts watching `object` (weakly); returns its id in the trace.
    @discardableResult
    public func track(_ object: AnyObject, label: String, file: String = #fileID, line: Int = #line) -> UInt64 {
        lock.lock()
        let id = watchLocked(object, label: label, site: "\(file):\(line)").info.id
        lock.unlock()
        writePending()
        return id
    }

    /// Says `object` should be released by the next checkpoint; watches it if it was not tracked.
    public func expectRelease(_ object: AnyObject, label: String = "", file: String = #fileID, line: Int = #line) {
        lock.lock()
        let entry = watched.first { !$0.released && $0.reference === object }
            ?? watchLocked(object, label: label, site: "\(file):\(line)")
        entry.releaseExpected = true
        if enabled.isOn { _ = appendLocked(.expectRelease(object: entry.info.id)) }
        lock.unlock()
        writePending()
    }

    /// Notes which watched objects were released (recording `release` events), records a mark
    /// when `name` is given, writes pending lines, and returns the objects expected to be released
    /// that are still alive.
    @discardableResult
    public func checkpoint(_ name: String? = nil) -> [TrackedObject] {
        lock.lock()
        pollReleasesLocked()
        if let name, enabled.isOn { _ = appendLocked(.mark(name: name)) }
        swapBufferLocked()
        let alive = watched.filter { $0.releaseExpected && !$0.released }.map(\.info)
        lock.unlock()
        writePending()
        return alive
    }

    /// The events kept in memory, followed by a `dropped` event when some were dropped.
    public func events() -> [TraceEvent] {
        lock.lock()
        defer { lock.unlock() }
        guard hot.droppedCount > 0 else { return hot.storedEvents }
        let last = hot.storedEvents.last
        return hot.storedEvents + [TraceEvent(seq: (last?.seq ?? 0) + 1, time: last?.time ?? 0, thread: last?.thread ?? "main",
                                    kind: .dropped(count: hot.droppedCount))]
    }

    /// The number of events recorded so far (the last `seq`).
    public var recordedCount: UInt64 {
        lock.lock()
        defer { lock.unlock() }
        return hot.seq
    }

    /// Events that could not be kept or written.
    public var dropped: UInt64 {
        lock.lock()
        defer { lock.unlock() }
        return hot.droppedCount
    }

    /// The last file write error, if any.
    public var lastWriteError: String? {
        lock.lock()
        defer { lock.unlock() }
        return writeError
    }

    // MARK: - Under the lock

    /// Appends one event; returns whether a full buffer now waits to be written (by the caller,
    /// once it has released the lock: `writePending()`).
    private func appendLocked(_ kind: TraceEventKind) -> Bool {
        guard hot.append(kind, time: clock.now, capacity: capacity, bufferSize: bufferSize) else { return false }
        swapBufferLocked()
        return true
    }

    private func watchLocked(_ object: AnyObject, label: String, site: String) -> WatchedObject {
        objectIDs += 1
        let info = TrackedObject(id: objectIDs, type: String(describing: type(of: object)), label: label, site: site)
        let entry = WatchedObject(info: info, reference: object)
        watched.append(entry)
        if enabled.isOn { _ = appendLocked(.track(object: info.id, type: info.type, label: label, site: site)) }
        return entry
    }

    private func pollReleasesLocked() {
        var kept: [WatchedObject] = []
        for entry in watched where !entry.released {
            if entry.reference == nil {
                entry.released = true
                if enabled.isOn { _ = appendLocked(.release(object: entry.info.id)) }
            } else {
                kept.append(entry)
            }
        }
        // Released objects need no more watching: the list stays as long as the live set.
        watched = kept
    }

    /// Queues the buffer's lines for writing and starts an empty buffer.
    private func swapBufferLocked() {
        guard case let .file(handle, path) = hot.destination, !hot.buffer.isEmpty else { return }
        pending.append(PendingWrite(handle: handle, path: path, bytes: hot.buffer))
        hot.buffer = spare
        spare = []
    }

    /// Writes the queued buffers, oldest first, outside the recorder's lock. The write lock keeps
    /// their order: a thread that finds another writing waits, then writes what is left.
    private func writePending() {
        writeLock.lock()
        defer { writeLock.unlock() }
        while true {
            lock.lock()
            guard !pending.isEmpty else {
                lock.unlock()
                return
            }
            var chunk = pending.removeFirst()
            lock.unlock()
            var failure: String?
            do {
                try chunk.handle.write(contentsOf: chunk.bytes)
            } catch {
                failure = "\(chunk.path): \(error)"
            }
            let lines = failure == nil ? 0 : UInt64(chunk.bytes.reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 })
            chunk.bytes.removeAll(keepingCapacity: true)
            lock.lock()
            if let failure {
                writeError = failure
                hot.droppedCount += lines
            }
            if spare.capacity < chunk.bytes.capacity { spare = chunk.bytes }
            lock.unlock()
        }
    }

    /// Ends a file destination: queues the last lines (and a `dropped` line); returns the file
    /// for `finishClosing`, which writes them and closes it once the lock is released.
    private func closeLocked() -> FileHandle? {
        guard case let .file(handle, _) = hot.destination else { return nil }
        if hot.droppedCount > 0 {
            hot.seq += 1
            let (thread, queue) = hot.threadNames.current()
            TraceLineEncoder.append(TraceEvent(seq: hot.seq, time: clock.now, thread: thread, queue: queue,
                                               kind: .dropped(count: hot.droppedCount)), to: &hot.buffer)
        }
        swapBufferLocked()
        hot.destination = .memory
        // Keeps `events()` meaningful after a file run: nothing was kept in memory.
        hot.storedEvents = []
        return handle
    }

    private func finishClosing(_ handle: FileHandle?) {
        guard let handle else { return }
        writePending()
        try? handle.close()
    }

    private func resetLocked() {
        hot.seq = 0
        hot.storedEvents = []
        hot.buffer = []
        hot.droppedCount = 0
        writeError = nil
    }
}

/// The recorder's state that each event touches; guarded by the recorder's lock.
private struct HotState {
    var destination = Destination.none
    var seq: UInt64 = 0
    var storedEvents: [TraceEvent] = []
    var buffer: [UInt8] = []
    var droppedCount: UInt64 = 0
    var threadNames = ThreadNames()

    /// Appends one event; returns whether the file buffer is now full.
    mutating func append(_ kind: TraceEventKind, time: UInt64, capacity: Int, bufferSize: Int) -> Bool {
        seq += 1
        let (thread, queue) = threadNames.current()
        switch destination {
        case .none:
            return false
        case .memory:
            if storedEvents.count < capacity {
                storedEvents.append(TraceEvent(seq: seq, time: time, thread: thread, queue: queue, kind: kind))
            } else {
                droppedCount += 1
            }
            return false
        case .file:
            TraceLineEncoder.append(TraceEvent(seq: seq, time: time, thread: thread, queue: queue, kind: kind), to: &buffer)
            return buffer.count >= bufferSize
        }
    }
}

/// Where events go while the recorder runs.
private enum Destination {
    case none
    case memory
    case file(FileHandle, path: String)
}

/// Lines filled into a buffer, waiting to be written to their file.
private struct PendingWrite {
    var handle: FileHandle
    var path: String
    var bytes: [UInt8]
}

/// A trace file that cannot be opened.
public enum TraceFileError: Error, Equatable, CustomStringConvertible {
    case cannotCreate(path: String)
    case cannotRead(path: String)

    public var description: String {
        switch self {
        case let .cannotCreate(path): return "\(path): cannot create the trace file"
        case let .cannotRead(path): return "\(path): cannot read the trace file"
        }
    }
}
