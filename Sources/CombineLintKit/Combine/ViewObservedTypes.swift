/// The types that SwiftUI views observe: the simple names of the types of the project's
/// `@ObservedObject`, `@StateObject` and `@EnvironmentObject` properties. Worked out once per run.
public struct ViewObservedTypes: Sendable {
    public let names: Set<String>

    public init(index: ProjectIndex) {
        var names = Set<String>()
        for type in index.types.values {
            for property in type.properties.values
            where property.attributes.contains(where: { attribute in Catalogue.viewObservingAttributes.contains { attribute == "@" + $0 || attribute.hasPrefix("@" + $0 + "(") } }) {
                // `@StateObject var model = Feature.ViewModel()`: the simple name of the qualified type
                // (`typeName` would stop at the first dot).
                if let written = TypeResolver.writtenTypeName(annotation: property.typeText, initializer: property.initializerText) {
                    names.insert(written.lastNameComponent)
                }
            }
        }
        self.names = names
    }

    /// Whether views observe `typeName` or one of its ancestors (`@ObservedObject var model: FeedModelType`).
    public func observe(_ typeName: String, index: ProjectIndex) -> Bool {
        names.contains(typeName) || index.allAncestors(of: typeName).contains(where: names.contains)
    }
}
