import Foundation

/// The label of the dispatch queue the calling code runs on.
///
/// Swift hides `dispatch_queue_get_label` on Linux (its replacement, `DispatchQueue.label`, needs
/// the queue, which a callee never has), so the C function is looked up once by name. Labels are
/// kept per label pointer (a queue's label lives as long as the queue; a pointer reused by a newer
/// queue is caught by comparing the text), so a repeated queue costs no new string.
struct QueueLabels {
    private typealias GetLabel = @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?

    private static let getLabel: GetLabel? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "dispatch_queue_get_label") else { return nil }
        return unsafeBitCast(symbol, to: GetLabel.self)
    }()

    private let getLabel = QueueLabels.getLabel
    private var lastPointer: UnsafePointer<CChar>?
    private var lastLabel: String?
    private var lastText = ""

    /// The current queue's label (nil when unknown or empty) and where it lies, which names it:
    /// a new pointer, or a reused one whose text changed, comes back as a new pointer value.
    mutating func current() -> (text: String?, pointer: UnsafePointer<CChar>?) {
        guard let getLabel, let pointer = getLabel(nil) else { return (nil, nil) }
        if pointer == lastPointer, lastText.withCString({ strcmp($0, pointer) == 0 }) { return (lastLabel, lastPointer) }
        lastText = String(cString: pointer)
        // A pointer whose text changed is reported as changed: callers key their caches on it.
        lastPointer = pointer == lastPointer ? nil : pointer
        lastLabel = lastText.isEmpty ? nil : lastText
        return (lastLabel, lastPointer)
    }
}
