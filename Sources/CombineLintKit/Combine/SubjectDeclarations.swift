/// Telling which declared variables hold a Combine subject.
public enum SubjectDeclarations {
    /// The subject type (`PassthroughSubject` or `CurrentValueSubject`) that variable `v` is declared
    /// with: by its annotation (`PassthroughSubject<Int, Never>?`) or by an initializer that is exactly
    /// a subject's construction (`PassthroughSubject<Int, Never>()`, `CurrentValueSubject(0)`).
    /// `nil` for anything else, e.g. `subject.eraseToAnyPublisher()`.
    public static func subjectType(ofVariable v: Int, in tree: SyntaxTree) -> String? {
        let variable = tree.variables[v]
        if !variable.typeText.isEmpty { return subjectType(annotation: variable.typeText) }
        // The declaration's chain, rather than `initializer`, which may stop at a comma of generic arguments.
        // A declaration's chains start in its initial value (a lookup among the chains by position).
        guard let initializer = variable.initializer else { return nil }
        for chain in tree.chains(in: initializer) where chain.context == .declaration(v) {
            var names = chain.names
            if names.first == "Combine" { names.removeFirst() }
            guard names.count == 1, let name = names.first, Catalogue.subjectTypes.contains(name),
                  chain.elements.last?.isCall == true else { continue }
            return name
        }
        return nil
    }

    /// Whether variable `v` is given a subject made where it is declared (`let events =
    /// PassthroughSubject<Event, Never>()`, `let events: PassthroughSubject<Event, Never> = .init()`),
    /// not another variable's subject (`let events = self.events`).
    public static func isMadeAtDeclaration(ofVariable v: Int, in tree: SyntaxTree) -> Bool {
        let variable = tree.variables[v]
        guard let initializer = variable.initializer else { return false }
        for chain in tree.chains(in: initializer) where chain.context == .declaration(v) {
            var names = chain.names
            if names.first == "Combine" { names.removeFirst() }
            guard names.count == 1, let name = names.first, chain.elements.last?.isCall == true else { return false }
            return Catalogue.subjectTypes.contains(name) || (name == "init" && subjectType(annotation: variable.typeText) != nil)
        }
        return false
    }

    /// The subject type named by a type annotation, looking through `Combine.` and a trailing `?` / `!`.
    public static func subjectType(annotation: String) -> String? {
        var text = Substring(annotation.trimmingSpaces)
        if text.hasPrefix("Combine.") { text = text.dropFirst("Combine.".count) }
        while let last = text.last, last == "?" || last == "!" { text = text.dropLast() }
        for name in Catalogue.subjectTypes where text.hasPrefix(name) {
            let after = text.dropFirst(name.count)
            if after.isEmpty || after.hasPrefix("<") { return name }
        }
        return nil
    }

    /// Whether `property` is declared as subject `type` (`"CurrentValueSubject"`): by its annotation, or
    /// with none written, by an initial value that makes one.
    public static func declares(_ property: IndexedProperty, as type: String) -> Bool {
        subjectType(annotation: property.typeText) == type
            || (property.typeText.isEmpty && property.initializerText.trimmingSpaces.hasPrefix(type))
    }

    /// Whether a subject's type annotation or initial value (`PassthroughSubject<Void, Never>()`,
    /// `CurrentValueSubject<(), Never>`) gives it the output `Void`: a trigger (a tap, a refresh, a
    /// heartbeat) whose values carry no input.
    public static func isVoidSubject(typeText: String, initializerText: String) -> Bool {
        for text in [typeText, initializerText] {
            for name in Catalogue.subjectTypes {
                guard let start = text.range(of: name + "<") else { continue }
                let arguments = text[start.upperBound...]
                guard let comma = arguments.firstIndex(of: ",") else { continue }
                let output = arguments[..<comma].filter { !$0.isWhitespace }
                return output == "Void" || output == "()"
            }
        }
        return false
    }
}
