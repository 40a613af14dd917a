/// The texts of `strong_self_capture` findings: what the cycle is, and where the weak capture goes.
enum StrongSelfCaptureMessages {
    /// `nested`: the strong `self` is the one a nested closure's capture list names (`[weak self]`).
    static func closure(bag: String, nested: CaptureSpecifier?) -> String {
        let subject = nested.map { "The closure around this `[\($0.rawValue) self]`" } ?? "This closure"
        return "\(subject) holds `self` strongly, and `self` keeps its subscription in `\(bag)`: a retain cycle."
    }

    static func closureHelp(bag: String) -> String {
        "Capture `[weak self]` (or `[unowned self]`) in this closure and unwrap it inside, breaking self → \(bag) → subscription → closure → self."
    }

    static func outerClosureHelp(bag: String) -> String {
        "Capture `[weak self]` on the outer closure, the one the subscription keeps, breaking self → \(bag) → subscription → closure → self."
    }

    static func tooLate(_ specifier: CaptureSpecifier) -> String {
        "this `[\(specifier.rawValue) self]` comes too late: the outer closure already holds `self`"
    }

    static func method(_ name: String, bag: String) -> String {
        "Passing the method `\(name)` holds `self` strongly, and `self` keeps its subscription in `\(bag)`: a retain cycle."
    }

    static func methodHelp(_ name: String, bag: String) -> String {
        "Pass `{ [weak self] in self?.\(name)($0) }` instead, breaking self → \(bag) → subscription → self."
    }

    static func localFunction(_ name: String, bag: String) -> String {
        "The local function `\(name)` uses `self`, so passing it holds `self` strongly, and `self` keeps its subscription in `\(bag)`: a retain cycle."
    }

    static func localFunctionHelp(_ name: String, bag: String) -> String {
        "Pass a closure that captures `[weak self]` instead (or let `\(name)` use only what it is given), breaking self → \(bag) → subscription → self."
    }
}
