import Combine
import Foundation

final class Upload {
    let progress = PassthroughSubject<Double, Never>()
    private var bag = Set<AnyCancellable>()

    func finish() {
        progress.send(completion: .finished)
        progress.send(1.0)
    }

    func watch(_ ticks: AnyPublisher<Int, Never>) {
        ticks.receive(on: RunLoop.main).sink { print($0) }.store(in: &bag)
    }
}
