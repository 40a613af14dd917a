/// Stored properties that hold a text label (`UILabel`, `NSTextField(labelWithString:)`): text the
/// code writes into one is shown to the user, not typed by them, so it fills in no field of a form.
enum TextLabels {
    /// Whether `receiver` (the token before `.text` in `statusLabel.text = …`) names a stored
    /// property of type `t` that holds a label, by its type annotation (`UILabel`, `UILabel!`) or
    /// its initial value (`UILabel()`, `NSTextField(labelWithString: "")`).
    static func isLabelProperty(_ receiver: Int, ofType t: Int, in tree: SyntaxTree) -> Bool {
        guard receiver >= 0, tree.tokens[receiver].kind == .identifier else { return false }
        let name = tree.name(receiver)
        guard let variable = tree.variables.first(where: { $0.enclosingType == t && !$0.isLocal && $0.name == name }) else {
            return false
        }
        if let annotated = TypeResolver.simpleTypeName(variable.typeText) {
            return Catalogue.textLabelTypes.contains(annotated)
        }
        guard let value = variable.initializer, tree.tokens[value.lowerBound].kind == .identifier else { return false }
        let typeName = tree.name(value.lowerBound)
        if Catalogue.textLabelTypes.contains(typeName) { return true }
        // `NSTextField(labelWithString: "")`: the first argument label says it is a label.
        let argument = value.lowerBound + 2
        return typeName == "NSTextField" && argument <= value.upperBound
            && tree.tokens[value.lowerBound + 1].kind == .leftParen
            && Catalogue.textLabelInitializers.contains(tree.name(argument))
    }
}
