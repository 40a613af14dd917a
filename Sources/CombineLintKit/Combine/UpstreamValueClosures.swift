/// Closures that run for each value ahead of a subscriber's closure in the same pipeline:
/// `handleEvents(receiveOutput: { self.roomBag.removeAll() })` upstream of
/// `.sink { self.bind($0) }`. What they do, such as emptying a bag, happens before every run of
/// the subscriber's closure, so a bag emptied there holds only the latest run's subscriptions.
public enum UpstreamValueClosures {
    /// The bodies of the `handleEvents(receiveOutput:)` closures before the call that receives
    /// closure `c`, in the same chain.
    public static func bodies(before c: Int, in tree: SyntaxTree) -> [Range<Int>] {
        guard let call = tree.call(receiving: c), call.element > 0 else { return [] }
        return tree.chains[call.chain].elements[..<call.element].compactMap { element -> Range<Int>? in
            guard element.name == "handleEvents", element.isCall,
                  let h = element.argument("receiveOutput")?.closure ?? element.trailingClosures.first(where: { $0.label == "receiveOutput" })?.closure
            else { return nil }
            return tree.closures[h].bodyStart..<tree.closures[h].close
        }
    }
}
