import Combine
import Foundation

/// Address form: the city field suggests cities for the postcode being typed.
final class CityLookupModel: ObservableObject {
    @Published var postcode = ""
    @Published private(set) var cities: [String] = []
    @Published private(set) var checkedCities: [String] = []

    private let geocoder: Geocoder

    init(geocoder: Geocoder) {
        self.geocoder = geocoder
        bindCities()
        bindCitiesFixed()
    }

    // flatmap_without_switch: straight on $postcode, every keystroke's lookup stays alive and a slow
    // answer for "75" can replace the one for "75011".
    private func bindCities() {
        $postcode
            .filter { $0.count >= 2 }
            .flatMap { [geocoder] code in geocoder.cities(for: code) }
            .receive(on: DispatchQueue.main)
            .assign(to: &$cities)
    }

    // Correct: each new postcode cancels the previous lookup.
    private func bindCitiesFixed() {
        $postcode
            .filter { $0.count >= 2 }
            .map { [geocoder] code in geocoder.cities(for: code) }
            .switchToLatest()
            .receive(on: DispatchQueue.main)
            .assign(to: &$checkedCities)
    }
}

protocol Geocoder {
    func cities(for postcode: String) -> AnyPublisher<[String], Never>
}
