/// How a closure's capture list holds a value.
public enum CaptureSpecifier: String, Sendable, Hashable {
    case strong, weak, unowned
}

/// One item of a capture list: `weak self`, `unowned(unsafe) self`, `x = y.z`, `self`.
public struct Capture: Sendable, Hashable {
    public var specifier: CaptureSpecifier
    /// The name bound inside the closure.
    public var name: String
    public var nameToken: Int
    /// The captured expression's text when written `name = expr`, otherwise the name.
    public var expression: String
}

/// A closure expression `{ [captures] params in body }`.
public struct Closure: Sendable, Hashable {
    public var open: Int
    public var close: Int
    public var captures: [Capture]
    /// The capture list's brackets `[` … `]`, if the closure has one.
    public var captureList: ClosedRange<Int>?
    /// Parameter names (`$0`-style closures have none).
    public var parameters: [String]
    /// Index of the `in` token, if the closure has a signature.
    public var inToken: Int?
    /// First token of the body (after `in`, or after `{`).
    public var bodyStart: Int
    /// The scope this closure opens (index into `SyntaxTree.scopes`).
    public var scope: Int
    /// Tokens where `self` is made strong again inside this closure's own body:
    /// `guard let self`, `if let self`, `guard let self = self`, `` guard let `self` = self ``.
    public var selfUnwraps: [Int]

    /// The capture list's entry for `self`, if any.
    public var selfCapture: Capture? { captures.first { $0.name == "self" } }
    /// Captures `self` weakly or unowned.
    public var capturesSelfWeakly: Bool {
        guard let capture = selfCapture else { return false }
        return capture.specifier != .strong
    }
    /// Has an explicit `[self]` (strong) capture.
    public var capturesSelfExplicitlyStrong: Bool { selfCapture?.specifier == .strong }
    /// Whether the closure binds `self` anew: captures it weakly, or unwraps it in its body.
    public var bindsSelfAnew: Bool { capturesSelfWeakly || !selfUnwraps.isEmpty }
}
