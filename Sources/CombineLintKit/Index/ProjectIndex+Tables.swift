/// The storage of `ProjectIndex`: one object that every copy of an index shares until one of them
/// changes (`ProjectIndex.replaceTree`), which then takes a copy of its own. Read-only while rules run.
extension ProjectIndex {
    final class Tables: @unchecked Sendable {
        var types: [String: IndexedType] = [:]
        var trees: [SyntaxTree] = []
        var memberUses: [String: [MemberUse]] = [:]
        var identifiers: NamePostings<TokenReference> = NamePostings<TokenReference>()
        var chainElements: NamePostings<ElementReference> = NamePostings<ElementReference>()
        var functions: NamePostings<DeclarationReference> = NamePostings<DeclarationReference>()
        var typeDeclarations: NamePostings<DeclarationReference> = NamePostings<DeclarationReference>()
        var typealiasDeclarations: NamePostings<TokenReference> = NamePostings<TokenReference>()
        var typesDeclaringProperty: NamePostings<String> = NamePostings<String>()
        var vocabularies: [FileVocabulary] = []
        var directSubtypes: [String: [String]] = [:]
        var ancestry: AncestryCache = AncestryCache()
        var subjectPropertyNames: NameFlagCache = NameFlagCache()
        var computedPropertyNames: NameFlagCache = NameFlagCache()
        var neverFinishingPropertyNames: NameFlagCache = NameFlagCache()
        var testCaseTypeNames: NameFlagCache = NameFlagCache()
        var treeIndexByPath: [String: Int] = [:]

        init() {}

        /// A copy whose tables change apart from this one's (the caches are shared: a change resets them).
        func copy() -> Tables {
            let copy = Tables()
            copy.types = types
            copy.trees = trees
            copy.memberUses = memberUses
            copy.identifiers = identifiers
            copy.chainElements = chainElements
            copy.functions = functions
            copy.typeDeclarations = typeDeclarations
            copy.typealiasDeclarations = typealiasDeclarations
            copy.typesDeclaringProperty = typesDeclaringProperty
            copy.vocabularies = vocabularies
            copy.directSubtypes = directSubtypes
            copy.ancestry = ancestry
            copy.subjectPropertyNames = subjectPropertyNames
            copy.computedPropertyNames = computedPropertyNames
            copy.neverFinishingPropertyNames = neverFinishingPropertyNames
            copy.testCaseTypeNames = testCaseTypeNames
            copy.treeIndexByPath = treeIndexByPath
            return copy
        }
    }

}
