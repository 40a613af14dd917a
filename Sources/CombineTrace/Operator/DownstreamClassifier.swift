import CombineTraceCore

/// Tells what kind of subscriber the traced publisher's downstream is, from its type and, for a
/// type-erased `AnySubscriber`, from its description (Combine's `AnySubscriber` describes itself
/// as the subscriber it wraps: `"Sink"`, `"Map"`, …).
///
/// Only `Subscribers.Sink` and `Subscribers.Assign` are terminal: their `AnyCancellable` is what
/// the app keeps or drops. Any other subscriber defined by Combine (or OpenCombine, or the
/// stand-in) belongs to an operator, which may cancel on its own; the rest are the app's.
enum DownstreamClassifier {
    /// The modules whose subscribers are Combine's own.
    private static let frameworks: Set<Substring> = ["Combine", "OpenCombine", "CombineStandIn"]

    /// Longest name kept in the trace.
    private static let nameLimit = 60

    static func describe<S>(_ subscriber: S) -> TraceDownstream {
        let reflected = String(reflecting: S.self)
        let path = reflected.prefix { $0 != "<" }
        let parts = path.split(separator: ".")
        let module = parts.first ?? ""
        let isFramework = frameworks.contains(module)
        if isFramework, parts.count >= 2, parts[parts.count - 2] == "Subscribers" {
            if parts.last == "Sink" { return TraceDownstream(.sink) }
            if parts.last == "Assign" { return TraceDownstream(.assign) }
        }
        if isFramework, parts.last == "AnySubscriber" {
            let wrapped = String(describing: subscriber)
            switch wrapped {
            case "Sink": return TraceDownstream(.sink)
            case "Assign": return TraceDownstream(.assign)
            case "Anonymous AnySubscriber": return TraceDownstream(.subscriber, name: "AnySubscriber")
            default:
                // A framework description is a short operator name; a longer one is the app's type.
                let isOperatorName = !wrapped.isEmpty && wrapped.count <= 30
                    && wrapped.allSatisfy { $0.isLetter || $0.isNumber } && wrapped.first?.isUppercase == true
                return isOperatorName ? TraceDownstream(.operator, name: wrapped)
                                      : TraceDownstream(.subscriber, name: short(wrapped))
            }
        }
        if isFramework { return TraceDownstream(.operator, name: operatorName(subscriber, parts)) }
        return TraceDownstream(.subscriber, name: short(String(parts.last ?? "")))
    }

    /// `"SwitchToLatest"` for `Publishers.SwitchToLatest<…>.Outer<…>.Side`: Combine's operator
    /// subscribers describe themselves by the operator's name.
    private static func operatorName<S>(_ subscriber: S, _ parts: [Substring]) -> String {
        if let described = subscriber as? CustomStringConvertible {
            let text = described.description
            if !text.isEmpty, text.count <= 30, !text.contains(" ") { return text }
        }
        if let index = parts.lastIndex(of: "Publishers"), index + 1 < parts.count { return String(parts[index + 1]) }
        return short(String(parts.last ?? ""))
    }

    private static func short(_ name: String) -> String { String(name.prefix(nameLimit)) }
}
