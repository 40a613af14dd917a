/// A form of empty text fields: a combination of subjects that only the user's edits send into
/// starts once the user has typed into each, which is what its silence says.
extension CombineLatestWithoutInitialValueRule {
    /// Whether every input of the combination is a `PassthroughSubject` property that the project
    /// sends into only when the user edits a text control (a text delegate callback, an `@IBAction`
    /// or `@objc` method taking a text control, or a reset to `""`), and no type that sends into
    /// them fills one of those controls in (`field.text = saved`): the fields start empty, so before
    /// the user has typed into each the form is incomplete, which is what the silence says. A field
    /// filled in by code, a control with a state of its own (a switch, a segmented control), or an
    /// input that has a value (`$items`, shown only once the user typed) is withheld: reported. The controls an edit is about are the names its
    /// send mentions (`if field === emailField { emailChanged.send(field.stringValue) }`); when a send
    /// names none, any control the type fills counts.
    func isEmptyTextForm(_ element: ChainElement, at e: Int, in chain: Chain, inputs: [ClosedRange<Int>],
                         values: StartingValues, context: RuleContext) -> Bool {
        let tree = context.tree
        var all = inputs.map { values.startingValue(ofExpression: $0, in: tree) }
        if element.name == "combineLatest" { all.append(values.startingValue(of: chain, before: e, in: tree)) }
        var senders: Set<String> = []
        var mentioned: Set<String>? = []
        for value in all {
            guard case .waits(_, let file, let token) = value,
                  let subject = subjectProperty(file: file, token: token, index: context.index),
                  let edits = textEditSenders(of: subject, index: context.index, memo: context.memo) else { return false }
            senders.formUnion(edits.types)
            mentioned = edits.controls.flatMap { controls in mentioned.map { $0.union(controls) } }
        }
        return !senders.isEmpty && !senders.contains { type in
            let filled = context.memo.value(for: "combinelatest_without_initial_value.fills-text\u{0}" + type) {
                filledTextControls(type, index: context.index)
            }
            guard let mentioned, !filled.contains(Self.unknownControl) else { return !filled.isEmpty }
            return !filled.isDisjoint(with: mentioned)
        }
    }

    /// The types that send into the subject, when every send of it is a text edit or a reset to
    /// `""`, and there is at least one edit, with the names the edits' sends mention (their
    /// arguments and the conditions of the `if`s around them; `nil` when one mentions none);
    /// `nil` otherwise.
    func textEditSenders(of subject: (name: String, owner: String?), index: ProjectIndex, memo: ProjectMemo)
        -> (types: Set<String>, controls: Set<String>?)? {
        var types: Set<String> = []
        var controls: Set<String>? = []
        var edits = 0
        for reference in SendsOfName.of(subject.name, index: index, memo: memo).sends(into: subject, index: index) {
            let tree = index.trees[reference.tree]
            let chain = tree.chains[reference.chain]
            let send = chain.elements[reference.element + 1]
            let token = chain.elements[reference.element].nameToken
            guard let f = tree.enclosingFunction(of: token), let t = tree.functions[f].enclosingType else { return nil }
            types.insert(tree.types[t].name.lastNameComponent)
            if let argument = send.arguments.first?.value, argument.count == 2,
               tree.tokens[argument.lowerBound].kind == .stringStart, tree.tokens[argument.upperBound].kind == .stringEnd { continue }
            guard tree.innermostClosure(of: token) == nil, isTextEditHandler(tree.functions[f]) else { return nil }
            edits += 1
            let names = namesAround(send: send, at: token, in: tree, function: tree.functions[f])
            controls = names.isEmpty ? nil : controls.map { $0.union(names) }
        }
        return edits > 0 ? (types, controls) : nil
    }

    /// The identifiers of a send's arguments and of the conditions of the `if`s around it in its
    /// function, without the function's parameters and `stringValue`/`text` (the control's contents).
    private func namesAround(send: ChainElement, at token: Int, in tree: SyntaxTree, function: FunctionDecl) -> Set<String> {
        var ranges = send.arguments.map { $0.value.lowerBound...$0.value.upperBound }
        var open = Int(tree.enclosing[token])
        while open >= 0, let bodyOpen = function.bodyOpen, open > bodyOpen {
            if tree.tokens[open].kind == .leftBrace {
                var k = open - 1
                while k > bodyOpen, !tree.statementStarts[k] { k -= 1 }
                if tree.isWord(k, "if") || tree.isWord(k, "guard") { ranges.append(k...(open - 1)) }
            }
            open = Int(tree.enclosing[open])
        }
        let parameters = Set(function.parameters.map(\.name))
        var names: Set<String> = []
        for range in ranges {
            for k in range where tree.tokens[k].kind == .identifier {
                let name = tree.name(k)
                if parameters.contains(name) || Catalogue.textContentProperties.contains(name) { continue }
                names.insert(name)
            }
        }
        return names
    }

    /// A text delegate callback, or an `@IBAction` / `@objc` method whose parameter is a text control.
    private func isTextEditHandler(_ function: FunctionDecl) -> Bool {
        if Catalogue.textEditCallbacks.contains(function.name) { return true }
        guard function.attributes.contains("@IBAction") || function.attributes.contains("@objc") else { return false }
        return function.parameters.contains { TypeResolver.simpleTypeName($0.typeText).map(Catalogue.textControlTypes.contains) ?? false }
    }

    /// What stands for "some control, name unknown" in `filledTextControls`.
    static let unknownControl = "*"

    /// The text controls that some declaration of `typeName` sets the contents of to something
    /// other than `""` or `nil` (`emailField.text = savedEmail` gives `emailField`); `unknownControl`
    /// when the type is not found or the control is not a plain name.
    private func filledTextControls(_ typeName: String, index: ProjectIndex) -> Set<String> {
        guard let type = index.type(named: typeName) else { return [Self.unknownControl] }
        var filled: Set<String> = []
        for file in type.files {
            guard let t = index.treeIndexByPath[file] else { continue }
            let tree = index.trees[t]
            for (t, declaration) in tree.types.enumerated() where declaration.name.lastNameComponent == typeName {
                guard let open = declaration.bodyOpen, let close = declaration.bodyClose, open + 3 < close else { continue }
                for i in (open + 1)..<(close - 2) where tree.tokens[i].kind == .identifier && tree.tokens[i - 1].kind == .period
                    && tree.tokens[i + 1].kind == .equal && Catalogue.textContentProperties.contains(tree.name(i)) {
                    let value = i + 2
                    if tree.isWord(value, "nil") { continue }
                    if tree.tokens[value].kind == .stringStart, value + 1 < tree.tokens.count, tree.tokens[value + 1].kind == .stringEnd { continue }
                    // A label's text (`statusLabel.text = message`) is output, not a field the code fills in.
                    if TextLabels.isLabelProperty(i - 2, ofType: t, in: tree) { continue }
                    filled.insert(tree.tokens[i - 2].kind == .identifier ? tree.name(i - 2) : Self.unknownControl)
                }
            }
        }
        return filled
    }
}
