import Combine
import UIKit

final class ProfileViewController: UIViewController {
    private let viewModel: ProfileViewModel
    private let nameLabel = UILabel()
    private let bioTextView = UITextView()
    private let avatarView = UIImageView()
    private let saveButton = UIButton(type: .system)
    private let imageLoader = ImageLoader.shared
    private var cancellables = Set<AnyCancellable>()

    init(viewModel: ProfileViewModel) {
        self.viewModel = viewModel
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Profile"

        // Fine: [weak self], and `\.text` is a key path, not a capture.
        viewModel.$displayName
            .receive(on: DispatchQueue.main)
            .sink { [weak self] name in
                self?.nameLabel.text = name
                self?.navigationItem.title = name
            }
            .store(in: &cancellables)

        // Leaks: the method reference `showError` binds `self` strongly.
        viewModel.$errorMessage
            .compactMap { $0 }
            .receive(on: DispatchQueue.main)
            .sink(receiveValue: showError)
            .store(in: &cancellables)

        // Leaks: the outer closure must hold `self` to hand it to the inner `[weak self]`.
        viewModel.$avatarURL
            .compactMap { $0 }
            // No `self` held (loader copied); flatmap_without_switch: old loads win late.
            .flatMap { [imageLoader = self.imageLoader] url in imageLoader.image(for: url) }
            .sink { image in
                DispatchQueue.main.async { [weak self] in
                    self?.avatarView.image = image
                }
            }
            .store(in: &cancellables)

        // Fine: unowned is enough here, the view controller owns the subscription.
        viewModel.$canSave
            .sink { [unowned self] enabled in
                self.saveButton.isEnabled = enabled
            }
            .store(in: &cancellables)

        // Fine: the button's handler is kept by the button, not by a subscription.
        saveButton.addAction(UIAction { [weak self] _ in self?.viewModel.save() }, for: .touchUpInside)
    }

    private func showError(_ message: String) {
        let alert = UIAlertController(title: "Couldn't save", message: message, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default))
        present(alert, animated: true)
    }
}
