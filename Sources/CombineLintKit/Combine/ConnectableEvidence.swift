/// Whether the receiver of a `connect()` call is evidently a Combine connectable publisher
/// (`makeConnectable()`, `multicast(…)`, `Timer.publish(…)`, or a variable declared as one),
/// so that `socket.connect()` and other methods of the same name stay out of the rules.
public enum ConnectableEvidence {
    /// Whether the elements of `chain` before index `e` evaluate to a connectable publisher.
    public static func isConnectable(_ chain: Chain, before e: Int, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        guard e >= 1 else { return false }
        let previous = chain.elements[e - 1]
        if previous.isCall {
            switch previous.name {
            case "makeConnectable", "multicast": return true
            case "publish", "TimerPublisher": return e >= 2 && chain.elements[e - 2].name == "Timer"
            default: return false
            }
        }
        // A variable, whatever its name (`let multicast = subject.multicast { … }`).
        guard let declared = declaration(namedBefore: e, of: chain, in: tree, index: index) else { return false }
        if declares(typeText: declared.typeText, initializer: declared.initializer) { return true }
        // `let ticker = clock.ticker()` with `func ticker() -> Publishers.MakeConnectable<…>`.
        guard let returnType = returnTypeOfInitializerCall(before: e, of: chain, in: tree, index: index) else { return false }
        return Catalogue.connectableTypeMarkers.contains(where: returnType.contains)
    }

    /// For `local.connect()` with `let local = object.method(…)`: the result type that every project
    /// function the call may run declares, when they agree (`Publishers.MakeConnectable<…>`).
    private static func returnTypeOfInitializerCall(before e: Int, of chain: Chain, in tree: SyntaxTree, index: ProjectIndex) -> String? {
        let previous = chain.elements[e - 1]
        guard e == 1, !previous.isCall, let v = SubscriptionFinder.localVariable(named: previous.name, visibleAt: previous.nameToken, in: tree),
              let initializer = tree.variables[v].initializer, let c = tree.chain(startingAt: initializer.lowerBound),
              tree.chains[c].last == initializer.upperBound, let call = tree.chains[c].elements.last, call.isCall else { return nil }
        let labels = call.argumentLabels
        let returnTypes = Set(index.functions[call.name].compactMap { reference -> String? in
            let function = index.trees[reference.tree].functions[reference.item]
            return function.kind == .function && function.accepts(argumentLabels: labels) ? function.returnType.filter { !$0.isWhitespace } : nil
        })
        return returnTypes.count == 1 ? returnTypes.first : nil
    }

    /// Whether the connectable publisher before element `e` is a timer (`Timer.publish(…)`, or a
    /// variable or property declared or initialised as one): its connection is not cancelled when
    /// the returned `Cancellable` is released.
    public static func isTimer(_ chain: Chain, before e: Int, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        guard e >= 1 else { return false }
        let previous = chain.elements[e - 1]
        if previous.name == "publish" || previous.name == "TimerPublisher" { return e >= 2 && chain.elements[e - 2].name == "Timer" }
        guard !previous.isCall, let declared = declaration(namedBefore: e, of: chain, in: tree, index: index) else { return false }
        // `Publishers.MakeConnectable<Timer.TimerPublisher>`, or `Timer.publish(…).autoconnect().multicast(…)`:
        // the connection is the multicast's, which ends when released, whatever it wraps.
        if wrapsInConnectable(declared.typeText, declared.initializer) { return false }
        if declared.typeText.contains("TimerPublisher") || declared.initializer.contains("Timer.publish")
            || declared.initializer.contains("TimerPublisher") { return true }
        // `let timer = clock.makeTimer()` with `func makeTimer() -> Timer.TimerPublisher`.
        guard let returnType = returnTypeOfInitializerCall(before: e, of: chain, in: tree, index: index) else { return false }
        return returnType.contains("TimerPublisher") && !wrapsInConnectable(returnType, "")
    }

    /// Whether a declaration shows a `makeConnectable()` or `multicast` connectable (around a timer or not).
    private static func wrapsInConnectable(_ typeText: String, _ initializer: String) -> Bool {
        typeText.contains("MakeConnectable<") || typeText.contains("Multicast<")
            || initializer.contains("makeConnectable(") || initializer.contains(".multicast")
    }

    /// The written type and initial value of the variable that element `e - 1` names: a local
    /// (`timer.connect()`), a property of the enclosing type (`self.timer.connect()`, or a bare name
    /// with no local of it), or a property of the type another object holds, read through stored
    /// properties (`viewModel.sharedClock.connect()`).
    private static func declaration(namedBefore e: Int, of chain: Chain, in tree: SyntaxTree,
                                    index: ProjectIndex) -> (typeText: String, initializer: String)? {
        let previous = chain.elements[e - 1]
        guard previous.subscripts.isEmpty else { return nil }
        let name = previous.name
        let isSelfMember = e == 2 && chain.elements[0].kind == .root && tree.isWord(chain.elements[0].nameToken, "self")
        guard e == 1 || isSelfMember else {
            guard chain.elements[..<e].allSatisfy({ !$0.isCall && $0.subscripts.isEmpty }),
                  let owner = TypeResolver.ownerTypeThroughProperties(ofElement: e - 1, in: chain, tree: tree, index: index),
                  let property = index.property(name, ofType: owner) else { return nil }
            return (property.typeText, property.initializerText)
        }
        if !isSelfMember, let v = SubscriptionFinder.localVariable(named: name, visibleAt: previous.nameToken, in: tree) {
            let variable = tree.variables[v]
            return (variable.typeText, variable.initializer.map { tree.text($0.lowerBound, $0.upperBound) } ?? "")
        }
        guard let t = tree.enclosingType(of: previous.nameToken),
              let property = index.property(name, ofType: tree.types[t].name) else { return nil }
        return (property.typeText, property.initializerText)
    }

    /// Whether a declaration's type annotation or initial value shows a connectable publisher:
    /// the value must end with the connectable call (`….makeConnectable().autoconnect()` is not one).
    static func declares(typeText: String, initializer: String) -> Bool {
        if Catalogue.connectableTypeMarkers.contains(where: typeText.contains) { return true }
        let text = Array(initializer.filter { !$0.isWhitespace })
        var markerEnd = -1
        for marker in Catalogue.connectableInitializerMarkers.map(Array.init) where marker.count <= text.count {
            for start in stride(from: text.count - marker.count, through: 0, by: -1) where Array(text[start..<(start + marker.count)]) == marker {
                markerEnd = max(markerEnd, start + marker.count)
                break
            }
        }
        guard markerEnd > 0 else { return false }
        // Skip the rest of the call's parentheses (or braces), and a trailing closure; then nothing may follow.
        var i = markerEnd
        var depth = (text[i - 1] == "(" || text[i - 1] == "{") ? 1 : 0
        while true {
            while i < text.count, depth > 0 {
                if "([{".contains(text[i]) { depth += 1 }
                if ")]}".contains(text[i]) { depth -= 1 }
                i += 1
            }
            guard i < text.count, text[i] == "{" else { break }
            depth = 1
            i += 1
        }
        return text[i...].allSatisfy { $0 == ";" }
    }
}
