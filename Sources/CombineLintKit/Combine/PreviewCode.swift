/// Code that the app never runs: SwiftUI previews, which Xcode runs in its canvas. An object made
/// only there is no object of the running app.
public enum PreviewCode {
    /// Whether token `token` of `index.trees[treeIndex]` lies in a `#Preview { … }` body, in a
    /// type conforming to `PreviewProvider` (or nested in one), or in a type that only such
    /// preview code makes (a wrapper view written for a preview), or that only such a type makes
    /// (the model a preview wrapper view owns as its `@StateObject`), a few types deep.
    public static func contains(_ token: Int, inTree treeIndex: Int, index: ProjectIndex, memo: ProjectMemo) -> Bool {
        contains(token, inTree: treeIndex, index: index, memo: memo, depth: 2)
    }

    private static func contains(_ token: Int, inTree treeIndex: Int, index: ProjectIndex, memo: ProjectMemo, depth: Int) -> Bool {
        if isDirectlyInPreview(token, in: index.trees[treeIndex]) { return true }
        // `static func preview() -> AppEnvironment { AppEnvironment(session: SessionService(…)) }` (or a
        // `static var preview` getter), called only from previews: what it makes is the canvas's.
        if depth > 0, let f = index.trees[treeIndex].enclosingFunction(of: token), calledName(of: f, in: index.trees[treeIndex]) != nil,
           memo.value(for: "preview-only-function \(treeIndex):\(f) \(depth)", {
               isCalledOnlyByPreviews(DeclarationReference(tree: treeIndex, item: f), index: index, memo: memo, depth: depth - 1)
           }) { return true }
        guard let t = index.trees[treeIndex].enclosingType(of: token), index.trees[treeIndex].types[t].kind != .extension else { return false }
        return memo.value(for: "preview-only \(treeIndex):\(t) \(depth)") {
            isMadeOnlyByPreviews(DeclarationReference(tree: treeIndex, item: t), index: index, memo: memo, depth: depth)
        }
    }

    /// Any type of a file in a folder of preview support (`Preview Content/`, Xcode's development
    /// assets, which the shipped app leaves out), or `final class PreviewLibrary: LibraryProviding` in a
    /// file of preview support by its name (`PreviewSupport.swift`), in a file that declares previews,
    /// or under `#if DEBUG`: the canvas's stand-in for the app's service (its `Just` is no answer of
    /// the real one), a double as a test's is.
    public static func isStandIn(named name: String, in tree: SyntaxTree) -> Bool {
        if FolderNames.contains(in: tree.file.path, namedOneOf: Catalogue.previewFolderNames) { return true }
        guard namesStandIn(name) else { return false }
        // `PreviewSupport.swift`, `PreviewData.swift`; not the type's own file (`PreviewRenderer.swift`
        // declaring the app's `PreviewRenderer`, which renders previews of documents).
        if isPreviewSupportFile(tree.file.path), FolderNames.fileName(of: tree.file.path) != name + ".swift" { return true }
        if tree.tokens.indices.contains(where: { tree.tokens[$0].kind == .poundKeyword && Catalogue.previewMacros.contains(tree.text($0)) })
            || tree.types.contains(where: { $0.inheritance.contains(where: { Catalogue.previewProtocols.contains($0.lastNameComponent) }) }) {
            return true
        }
        // Declared under `#if DEBUG` (`final class PreviewRunnerFeed` beside the app delegate): not in the shipped app.
        let debugOnly = ConditionalCompilation.debugOnlyRanges(in: tree.file)
        guard !debugOnly.isEmpty else { return false }
        return tree.types.contains { type in
            type.name.lastNameComponent == name && debugOnly.contains { $0.contains(tree.tokens[type.keywordToken].startOffset) }
        }
    }

    /// `isStandIn(named:in:)`, or a `Preview…` type made only right in previews wherever it is
    /// declared (`PreviewCatalogService` beside the app's environment, made in a `#Preview` only).
    /// Also a `Preview…` type in its own file of the name (`Support/PreviewAPIClient.swift`) that stands
    /// in for another type of the project: it shares a protocol or a superclass of the project with a
    /// type not named as a stand-in (`PreviewAPIClient` and `APIClient`, both `APIClientProtocol`),
    /// unlike the app's own `PreviewRenderer`, which renders previews of documents.
    public static func isStandIn(named name: String, in tree: SyntaxTree, index: ProjectIndex) -> Bool {
        if isStandIn(named: name, in: tree) { return true }
        guard namesStandIn(name) else { return false }
        if isPreviewSupportFile(tree.file.path), FolderNames.fileName(of: tree.file.path) == name + ".swift",
           standsInForAnotherType(name, index: index) { return true }
        return isMadeOnlyDirectlyInPreviews(named: name, index: index)
    }

    /// Whether a project protocol or class that `name` inherits is inherited by a type not named as a
    /// stand-in or a test double.
    private static func standsInForAnotherType(_ name: String, index: ProjectIndex) -> Bool {
        guard let type = index.type(named: name) else { return false }
        return type.inheritance.contains { parent in
            let parentName = parent.lastNameComponent
            guard index.type(named: parentName) != nil else { return false }
            return index.directSubtypes(of: parentName).contains { other in
                let otherName = other.lastNameComponent
                return otherName != name && !namesStandIn(otherName) && !TestCaseCode.namesTestDouble(otherName)
            }
        }
    }

    /// Whether the type named `name` is made somewhere, and only right in `#Preview` bodies and
    /// preview providers (`RecordingViewModel(capture: PreviewCaptureService())` in a `#Preview`), or
    /// in static members that make the canvas's values (`static let preview = AppEnvironment(api:
    /// PreviewAPIClient())`).
    public static func isMadeOnlyDirectlyInPreviews(named name: String, index: ProjectIndex) -> Bool {
        var made = false
        for reference in index.chainElements[name] where reference.element == 0 {
            let tree = index.trees[reference.tree]
            let element = tree.chains[reference.chain].elements[0]
            guard element.isCall else { continue }
            guard isDirectlyInPreview(element.nameToken, in: tree) || isInPreviewFactory(element.nameToken, in: tree) else { return false }
            made = true
        }
        return made
    }

    /// Token `token` lies in a static member named for previews (`Catalogue.previewFactoryPrefix`):
    /// a `static let preview = …` initial value, a `static var preview: T { … }` getter or a
    /// `static func preview()` body.
    static func isInPreviewFactory(_ token: Int, in tree: SyntaxTree) -> Bool {
        let namesFactory = { (name: String) in name.hasPrefix(Catalogue.previewFactoryPrefix) }
        if let f = tree.enclosingFunction(of: token) {
            let function = tree.functions[f]
            if let v = function.variable { return tree.variables[v].isStatic && namesFactory(tree.variables[v].name) }
            return function.isStatic && namesFactory(function.name)
        }
        guard let t = tree.enclosingType(of: token) else { return false }
        return tree.types[t].variables.contains { v in
            let variable = tree.variables[v]
            return variable.isStatic && namesFactory(variable.name) && variable.initializer?.contains(token) == true
        }
    }

    /// Whether the file's name says it holds what previews use (`PreviewSupport.swift`, `PreviewData.swift`).
    public static func isPreviewSupportFile(_ path: String) -> Bool {
        let name = FolderNames.fileName(of: path)
        return namesStandIn(name) || name.hasPrefix(Catalogue.previewDoublePrefix + "s.")
    }

    /// Whether the type name reads as a preview's stand-in (`PreviewTelemetryFeed`: the prefix, then
    /// a word), wherever it is declared.
    public static func namesStandIn(_ name: String) -> Bool {
        let prefix = Catalogue.previewDoublePrefix
        return name.count > prefix.count && name.hasPrefix(prefix)
            && name[name.index(name.startIndex, offsetBy: prefix.count)].isUppercase
    }

    /// Token `token` lies in a `#Preview` body or a `PreviewProvider`.
    static func isDirectlyInPreview(_ token: Int, in tree: SyntaxTree) -> Bool {
        if tree.enclosingClosures(of: token).contains(where: { isPreviewMacroBody($0, in: tree) }) { return true }
        return tree.enclosingTypes(of: token).contains { t in
            tree.types[t].inheritance.contains(where: { Catalogue.previewProtocols.contains($0.lastNameComponent) })
        }
    }

    /// The type is made somewhere, and only in `#Preview` bodies and preview providers, or (with
    /// `depth` left) in types that are themselves made only there. The depth also ends a cycle of
    /// types that make each other.
    private static func isMadeOnlyByPreviews(_ declaration: DeclarationReference, index: ProjectIndex, memo: ProjectMemo, depth: Int) -> Bool {
        // A subclass made by the app runs this type's code too (`class PCSupportModel: SupportModel`).
        let name = index.trees[declaration.tree].types[declaration.item].name.lastNameComponent
        guard index.directSubtypes(of: name).isEmpty else { return false }
        var made = false
        for site in TypeConstructions.sites(of: declaration, index: index, memo: memo) {
            guard site.resolvesUniquely else { return false }
            let inPreview = depth > 0
                ? contains(site.token, inTree: site.tree, index: index, memo: memo, depth: depth - 1)
                : isDirectlyInPreview(site.token, in: index.trees[site.tree])
            guard inPreview else { return false }
            made = true
        }
        return made
    }

    /// Every call or member use of the function's name in the project (at least one) is preview code
    /// (with `depth` left for the types and functions on the way), or test code: a factory such as
    /// `AppEnvironment.preview()` that only `#Preview` bodies call. Any other call of the name, a
    /// same-named function's included, makes it no preview code.
    private static func isCalledOnlyByPreviews(_ function: DeclarationReference, index: ProjectIndex, memo: ProjectMemo, depth: Int) -> Bool {
        guard let (name, nameToken) = calledName(of: function.item, in: index.trees[function.tree]) else { return false }
        var called = false
        for reference in index.identifiers[name] {
            if reference.tree == function.tree && reference.item == nameToken { continue }
            let tree = index.trees[reference.tree]
            // A call (`preview()`) or a member access (`AppEnvironment.preview`) may be this function; a
            // local of the name (`let preview = UIViewController()`, `preview.title`) is not.
            let k = reference.item
            guard (k + 1 < tree.tokens.count && tree.tokens[k + 1].kind == .leftParen)
                    || (k > 0 && tree.tokens[k - 1].kind == .period) else { continue }
            // A recursive call inside the function itself says nothing.
            if reference.tree == function.tree, tree.enclosingFunction(of: reference.item) == function.item { continue }
            if TestCaseCode.isTestOrDouble(reference.item, of: tree, index: index) { continue }
            guard contains(reference.item, inTree: reference.tree, index: index, memo: memo, depth: depth) else { return false }
            called = true
        }
        return called
    }

    /// The name callers use for function `f` and its token: a function's own, or for a property's
    /// getter the property's (`ExhibitModel.preview`); nil for other accessors and initializers.
    private static func calledName(of f: Int, in tree: SyntaxTree) -> (name: String, token: Int)? {
        let function = tree.functions[f]
        switch function.kind {
        case .function: return (function.name, function.nameToken)
        case .accessor:
            guard let v = function.variable, !["set", "willSet", "didSet"].contains(function.name) else { return nil }
            return (tree.variables[v].name, tree.variables[v].nameToken)
        default: return nil
        }
    }

    /// Closure `c` is the trailing closure of a preview macro (`#Preview("Dark") { … }`).
    private static func isPreviewMacroBody(_ c: Int, in tree: SyntaxTree) -> Bool {
        var k = tree.closures[c].open - 1
        if k >= 0, tree.tokenIs(k, ")") { k = Int(tree.matching[k]) - 1 }
        return k >= 0 && Catalogue.previewMacros.contains(tree.text(k))
    }
}
