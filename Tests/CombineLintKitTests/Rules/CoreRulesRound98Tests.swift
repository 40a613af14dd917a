import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for round 98 and after (see the rule documents).
final class CoreRulesRound98Tests: XCTestCase {
    /// A test that sends nil into the subject (`store.bookingConfirmed.send(nil)`) drives the
    /// producer by hand, as a test's consumers do: it says nothing about how the app treats nil, so
    /// the app's consumers, which all skip nil, still make it an event. The app's own nil write
    /// (`reset()`) does make nil a state.
    func testATestsNilWriteDoesNotMakeNilAState() {
        let store = """
        final class BookingsStore {
            let bookingConfirmed = CurrentValueSubject<Booking?, Never>(nil)
            let bookingCancelled = CurrentValueSubject<Booking?, Never>(nil)
            func confirm(_ booking: Booking) { bookingConfirmed.send(booking) }
            func cancel(_ booking: Booking) { bookingCancelled.send(booking) }
            func reset() { bookingCancelled.send(nil) }
        }
        """
        let coordinator = """
        final class AppCoordinator {
            let bookings: BookingsStore
            var cancellables = Set<AnyCancellable>()
            init(bookings: BookingsStore) { self.bookings = bookings }
            func start() {
                bookings.bookingConfirmed
                    .filter { $0 != nil }
                    .map { $0! }
                    .sink { [weak self] booking in self?.show(booking) }
                    .store(in: &cancellables)
                bookings.bookingCancelled
                    .compactMap { $0 }
                    .sink { [weak self] booking in self?.show(booking) }
                    .store(in: &cancellables)
            }
            func show(_ booking: Booking) {}
        }
        """
        let test = """
        final class BookingsStoreTests: XCTestCase {
            func testConfirmedBookingIsPublished() {
                let store = BookingsStore()
                let done = expectation(description: "confirmed")
                let token = store.bookingConfirmed.compactMap { $0 }.sink { _ in done.fulfill() }
                store.bookingConfirmed.send(nil)
                store.bookingCancelled.send(nil)
                wait(for: [done], timeout: 0.1)
                token.cancel()
            }
        }
        """
        let found = findings(of: SubjectFakeInitialValueRule.self, in: [
            (path: "App/BookingsStore.swift", text: store), (path: "App/AppCoordinator.swift", text: coordinator),
            (path: "AppTests/BookingsStoreTests.swift", text: test),
        ])
        XCTAssertEqual(found.map { "\($0.file):\($0.line):\($0.column)" }, ["App/BookingsStore.swift:2:9"])
    }
}
