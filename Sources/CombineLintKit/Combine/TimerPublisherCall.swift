/// A `Timer.publish(every:…)` or `Timer.TimerPublisher(interval:…)` call inside a chain.
public struct TimerPublisherCall: Sendable, Hashable {
    /// Index into `SyntaxTree.chains`.
    public var chain: Int
    /// Index of the `publish` / `TimerPublisher` element in the chain.
    public var element: Int
    /// The first token of the call (`Timer`, or `Foundation` in `Foundation.Timer.publish`).
    public var firstToken: Int
    /// The call's closing parenthesis.
    public var lastToken: Int
    /// The run loop argument (`on:` / `runLoop:`) and the mode argument (`in:` / `mode:`).
    public var runLoop: Argument?
    public var mode: Argument?
    /// The interval argument (`every:` / `interval:`).
    public var interval: Argument?
}

extension SyntaxTree {
    /// Every call creating a Foundation timer publisher (a connectable publisher).
    public var timerPublisherCalls: [TimerPublisherCall] {
        var result: [TimerPublisherCall] = []
        for (c, chain) in chains.enumerated() {
            // Read in place: `chain.names` would make an array for every chain of the file.
            let elements = chain.elements
            guard let root = elements.first else { continue }
            var start = 0
            if elements.count >= 3, root.name == "Foundation", elements[1].name == "Timer" { start = 1 } else if root.name != "Timer" { continue }
            guard start + 1 < chain.elements.count else { continue }
            let element = chain.elements[start + 1]
            guard element.hasParentheses, let close = element.closeParen, chain.elements[start].subscripts.isEmpty else { continue }
            if element.name == "publish", element.argument("every") != nil {
                result.append(TimerPublisherCall(chain: c, element: start + 1, firstToken: chain.elements[0].nameToken, lastToken: close,
                                                 runLoop: element.argument("on"), mode: element.argument("in"), interval: element.argument("every")))
            } else if element.name == "TimerPublisher", element.argument("interval") != nil {
                result.append(TimerPublisherCall(chain: c, element: start + 1, firstToken: chain.elements[0].nameToken, lastToken: close,
                                                 runLoop: element.argument("runLoop"), mode: element.argument("mode"), interval: element.argument("interval")))
            }
        }
        return result
    }
}
