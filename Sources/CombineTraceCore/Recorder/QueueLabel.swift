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

    /// The current queue's label; nil when it is unknown or empty.
    mutating func current() -> String? {
        guard let getLabel, let pointer = getLabel(nil) else { return nil }
        if pointer == lastPointer, let lastLabel, lastLabel.withCString({ strcmp($0, pointer) == 0 }) { return lastLabel }
        let label = String(cString: pointer)
        lastPointer = pointer
        lastLabel = label.isEmpty ? nil : label
        return lastLabel
    }
}
