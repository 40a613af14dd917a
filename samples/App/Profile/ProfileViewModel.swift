import Combine
import Foundation

/// Loads the signed-in user's profile and keeps the edit form's state.
final class ProfileViewModel: ObservableObject {
    @Published var displayName = ""
    @Published var bio = ""
    @Published private(set) var avatarURL: URL?
    @Published private(set) var isSaving = false
    @Published private(set) var canSave = false
    @Published private(set) var remainingCharacters = 160
    @Published private(set) var errorMessage: String?

    private let service: ProfileService
    private let maxBioLength = 160
    private var cancellables = Set<AnyCancellable>()
    private var saveRequest: AnyCancellable?

    init(service: ProfileService) {
        self.service = service

        // Fine: a value written into an @Published property needs no cancellable and makes no cycle.
        Publishers.CombineLatest($displayName, $bio)
            .map { name, bio in !name.isEmpty && bio.count <= 160 }
            .removeDuplicates()
            .assign(to: &$canSave)

        // Leaks: the closure reads `self.maxBioLength`, and `cancellables` keeps the subscription.
        $bio
            .map { self.maxBioLength - $0.count }
            .removeDuplicates()
            .sink { [weak self] remaining in
                self?.remainingCharacters = remaining
            }
            .store(in: &cancellables)

        // Fine: weak capture in every closure of the chain.
        service.profileUpdates
            .receive(on: DispatchQueue.main)
            .sink { [weak self] profile in
                self?.displayName = profile.name
                self?.bio = profile.bio
                self?.avatarURL = profile.avatarURL
            }
            .store(in: &cancellables)
    }

    func save() {
        isSaving = true
        let draft = ProfileDraft(name: displayName, bio: bio)
        // Leaks until the request completes: the completion closure holds `self` strongly.
        saveRequest = service.save(draft)
            .receive(on: DispatchQueue.main)
            .sink(receiveCompletion: { completion in
                self.isSaving = false
                if case .failure(let error) = completion {
                    self.errorMessage = error.localizedDescription
                }
            }, receiveValue: { [weak self] profile in
                self?.avatarURL = profile.avatarURL
            })
    }

    func loadPlaceholder() {
        // Fine: `Just` completes at once, so the subscription lets go of `self` right away.
        Just(ProfileDraft.placeholder)
            .sink { self.displayName = $0.name }
            .store(in: &cancellables)
    }
}
