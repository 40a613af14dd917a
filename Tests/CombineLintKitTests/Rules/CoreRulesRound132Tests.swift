import XCTest
@testable import CombineLintKit

/// Core-rule cases found in whole probe apps written for rounds 132 and after (see the rule documents).
final class CoreRulesRound132Tests: XCTestCase {
    private func places(_ files: [SourceFile], _ rule: any Rule) -> [String] {
        Analyzer.analyze(files, rules: [ConfiguredRule(rule: rule)]).map { "\($0.file):\($0.line):\($0.column) \($0.ruleID)" }
    }

    private func scan(consumer: String) -> [SourceFile] {
        [SourceFile(path: "ScanModel.swift", text: """
            final class ScanModel {
                @Published private(set) var matchedPatient: Patient?
                private let store = PatientStore()
                private var lookup: AnyCancellable?
                func handle(code: String) {
                    lookup = store.patient(code)
                        .sink { [weak self] patient in self?.matchedPatient = patient }
                }
            }
            final class PatientStore {
                func patient(_ code: String) -> AnyPublisher<Patient?, Never> {
                    URLSession.shared.dataTaskPublisher(for: URL(string: code)!)
                        .map { Patient(data: $0.data) }
                        .replaceError(with: nil)
                        .eraseToAnyPublisher()
                }
            }
            """),
         SourceFile(path: "ScanViewController.swift", text: """
            final class ScanViewController: UIViewController {
                var onPatientMatched: ((Patient) -> Void)?
                private let nameLabel = UILabel()
                private var cancellables = Set<AnyCancellable>()
                func bind(_ model: ScanModel) {
                    model.$matchedPatient
            \(consumer)
                        .store(in: &cancellables)
                }
            }
            """)]
    }

    /// (Round 132.) A value loaded from a lookup that finishes is state to a screen that shows it,
    /// but a consumer that skips nil to move the user to another screen acts on it once: a new
    /// subscriber would be moved again, so the property is an event.
    func testALoadedValueWhoseConsumerSkipsNilToNavigate() {
        let handler = """
                    .sink { [weak self] patient in
                        guard let patient else { return }
                        self?.onPatientMatched?(patient)
                    }
            """
        XCTAssertEqual(places(scan(consumer: handler), SubjectFakeInitialValueRule()), ["ScanModel.swift:2:33 subject_fake_initial_value"])
        let push = """
                    .compactMap { $0 }
                    .sink { [weak self] in self?.navigationController?.pushViewController(PatientViewController($0), animated: true) }
            """
        XCTAssertEqual(places(scan(consumer: push), SubjectFakeInitialValueRule()), ["ScanModel.swift:2:33 subject_fake_initial_value"])
        // Shown as it loads: the loaded value is state, and a late subscriber rightly gets it.
        let shown = """
                    .sink { [weak self] patient in
                        guard let patient else { return }
                        self?.nameLabel.text = patient.name
                    }
            """
        XCTAssertEqual(places(scan(consumer: shown), SubjectFakeInitialValueRule()), [])
        // A handler named for what happened, but only inside a string: no call.
        let logged = """
                    .sink { [weak self] patient in
                        guard let patient else { return }
                        self?.nameLabel.text = "onPatientMatched(\\\\(patient.name))"
                    }
            """
        XCTAssertEqual(places(scan(consumer: logged), SubjectFakeInitialValueRule()), [])
    }

    private func retrying(_ retried: String) -> [SourceFile] {
        [SourceFile(path: "Retry.swift", text: """
            extension Publisher {
                func retryWithBackoff(_ retries: Int) -> AnyPublisher<Output, Failure> {
                    self.catch { error -> AnyPublisher<Output, Failure> in
                        guard retries > 0 else { return Fail(error: error).eraseToAnyPublisher() }
                        return Just(()).setFailureType(to: Failure.self)
                            .delay(for: .seconds(1), scheduler: DispatchQueue.global())
                            .flatMap { _ in \(retried) }
                            .eraseToAnyPublisher()
                    }
                    .eraseToAnyPublisher()
                }
            }
            """),
         SourceFile(path: "ProofModel.swift", text: """
            final class ProofModel {
                var isSubmitting = false
                private var cancellables = Set<AnyCancellable>()
                func submit(_ url: URL) {
                    URLSession.shared.dataTaskPublisher(for: url)
                        .retryWithBackoff(2)
                        .sink(receiveCompletion: { _ in self.isSubmitting = false }, receiveValue: { _ in })
                        .store(in: &cancellables)
                }
            }
            """)]
    }

    /// (Round 133.) A project operator whose `catch` closure calls it again retries after a
    /// failure: the pipeline finishes when an attempt does, so a strong `self` held until then
    /// is no lasting cycle. A `catch` that hands over to a subject instead never finishes.
    func testAProjectRetryOperatorThatCallsItselfAfterAFailure() {
        XCTAssertEqual(places(retrying("self.retryWithBackoff(retries - 1)"), StrongSelfCaptureRule()), [])
        XCTAssertEqual(places(retrying("NotificationCenter.default.publisher(for: .retry).setFailureType(to: Failure.self).map { _ in 0 }"),
                              StrongSelfCaptureRule()),
                       ["ProofModel.swift:7:45 strong_self_capture"])
    }
}
