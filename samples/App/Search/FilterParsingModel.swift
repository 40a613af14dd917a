import Combine
import Foundation

/// The advanced-search field: the user types a filter expression (`price < 20 and color = red`)
/// that is parsed into a `SearchFilter` as they type.
final class FilterParsingModel: ObservableObject {
    @Published var expression = ""
    @Published var pastedJSON = ""
    @Published private(set) var filter: SearchFilter?
    @Published private(set) var importedFilter: SearchFilter?
    @Published private(set) var sharedFilter: SearchFilter?

    init() {
        bindExpression()
        bindImport()
        bindSharedFilters()
    }

    // throwing_operator_on_endless_source: the first expression that does not parse ends the
    // subscription to `$expression`; `replaceError` sends one `nil` and the field is dead after that.
    private func bindExpression() {
        $expression
            .debounce(for: .milliseconds(200), scheduler: DispatchQueue.main)
            .tryMap { try SearchFilter(parsing: $0) }
            .map(Optional.some)
            .replaceError(with: nil)
            .assign(to: &$filter)
    }

    // Correct: each pasted text is decoded on its own inner publisher, so a bad paste loses only itself.
    private func bindImport() {
        $pastedJSON
            .flatMap { text in
                Just(Data(text.utf8))
                    .decode(type: SearchFilter.self, decoder: JSONDecoder())
                    .map(Optional.some)
                    .replaceError(with: nil)
            }
            .assign(to: &$importedFilter)
    }

    // throwing_operator_on_endless_source: one malformed payload ends the subscription to the
    // notification, and filters shared later are never shown.
    private func bindSharedFilters() {
        NotificationCenter.default.publisher(for: .sharedFilterReceived)
            .compactMap { $0.object as? Data }
            .decode(type: SearchFilter.self, decoder: JSONDecoder())
            .map(Optional.some)
            .replaceError(with: nil)
            .assign(to: &$sharedFilter)
    }
}

extension Notification.Name {
    static let sharedFilterReceived = Notification.Name("sharedFilterReceived")
}

struct SearchFilter: Decodable {
    var terms: [String]

    init(parsing text: String) throws {
        let terms = text.split(separator: " ").map(String.init)
        guard !terms.isEmpty else { throw FilterError.empty }
        self.terms = terms
    }
}

enum FilterError: Error {
    case empty
}
