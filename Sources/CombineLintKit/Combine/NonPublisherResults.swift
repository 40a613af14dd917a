/// Declared types that cannot be a publisher, so that a name written in a pipeline is not one of
/// theirs: another type's function of the same name and labels (`database.messages(in:)` returning
/// `[Message]` beside a store's `messages(in:)` returning a subject's publisher, an API's `static func
/// devices(in:) -> Endpoint<[Device]>` beside the client's request), or a same-named property that
/// holds a service (`let appointments: AppointmentScheduling`).
enum NonPublisherResults {
    /// Whether function `function` returns a collection, a plain value, or a type the project
    /// declares (not only extends) that is no publisher. A name that is also a typealias somewhere
    /// (`typealias Response<T> = Client.Publisher<T>`) may mean that alias, and gives no answer.
    static func returnsNoPublisher(_ function: FunctionDecl, index: ProjectIndex) -> Bool {
        var text = function.returnType.filter { !$0.isWhitespace }
        while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        if text.hasPrefix("["), text.hasSuffix("]") { return true }
        if Catalogue.plainValueTypes.contains(text) { return true }
        if let open = text.firstIndex(of: "<"), Catalogue.collectionTypeNames.contains(String(text[..<open])) { return true }
        return namesProjectNonPublisher(function.returnType, index: index, includingProtocols: false)
    }

    /// Whether `property` is declared as a collection or a plain value (`let samples: [Sample]`,
    /// `var count: Int?`, or with no type written `@Published var goals = true`, `var title = ""`), so a
    /// pipeline written from its name is another type's.
    static func holdsPlainValue(_ property: IndexedProperty) -> Bool {
        if property.typeText.isEmpty, !property.isComputed, let first = property.initializerText.first {
            let initializer = property.initializerText.trimmingSpaces
            return initializer == "true" || initializer == "false" || first == "\"" || first == "[" || first.isNumber || first == "-"
        }
        var text = property.typeText.filter { !$0.isWhitespace }
        while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        if text.hasPrefix("["), text.hasSuffix("]") { return true }
        if Catalogue.plainValueTypes.contains(text) { return true }
        if let open = text.firstIndex(of: "<"), Catalogue.collectionTypeNames.contains(String(text[..<open])) { return true }
        return false
    }

    /// Whether `typeText` names a type the project declares (not only extends; a protocol only
    /// with `includingProtocols`) that is no publisher or subject: a view model's `let appointments:
    /// AppointmentScheduling`, the service whose `appointments` publisher it reads.
    static func namesProjectNonPublisher(_ typeText: String, index: ProjectIndex, includingProtocols: Bool) -> Bool {
        guard let written = TypeResolver.simpleTypeName(typeText), let type = index.type(named: written),
              type.kind != .extension, includingProtocols || type.kind != .protocol,
              index.typealiasDeclarations[written].isEmpty,
              !ProjectIndex.namesSubject(typeText), !typeText.containsBytes("Publisher") else { return false }
        return !index.inherits(written, from: "Publisher") && !index.inherits(written, from: "Subject")
    }
}
