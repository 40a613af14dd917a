import Combine
import UIKit

/// Base cell whose `prepareForReuse` drops the subscriptions of the previous row.
class ReusableCombineCell: UITableViewCell {
    var reuseBag = Set<AnyCancellable>()

    override func prepareForReuse() {
        super.prepareForReuse()
        reuseBag.removeAll()
    }
}

/// One post in the feed.
final class FeedCell: UITableViewCell {
    static let reuseIdentifier = "FeedCell"

    private let titleLabel = UILabel()
    private let likeButton = UIButton(type: .system)
    private let avatarView = UIImageView()
    var cancellables = Set<AnyCancellable>()
    private var avatarLoad: AnyCancellable?

    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: style, reuseIdentifier: reuseIdentifier)
        contentView.addSubview(titleLabel)
        contentView.addSubview(likeButton)
        contentView.addSubview(avatarView)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func prepareForReuse() {
        super.prepareForReuse()
        titleLabel.text = nil
        avatarView.image = nil
        // `cancellables` is not emptied here: every reuse keeps the old row's subscriptions alive.
    }

    func configure(with post: PostViewModel) {
        post.$title
            .receive(on: DispatchQueue.main)
            .sink { [weak self] title in self?.titleLabel.text = title }
            .store(in: &cancellables)

        post.$isLiked
            .map { $0 ? UIImage(systemName: "heart.fill") : UIImage(systemName: "heart") }
            .sink { [weak likeButton] image in likeButton?.setImage(image, for: .normal) }
            .store(in: &cancellables)

        // Assigning replaces (and cancels) the previous row's image load.
        avatarLoad = post.avatar
            .receive(on: DispatchQueue.main)
            .sink { [weak self] image in self?.avatarView.image = image }
    }
}

/// A promoted post: its base class empties `reuseBag` on reuse.
final class PromotedPostCell: ReusableCombineCell {
    private let badgeLabel = UILabel()

    func bind(to promotion: PromotionViewModel) {
        promotion.$badgeText
            .sink { [weak self] text in self?.badgeLabel.text = text }
            .store(in: &reuseBag)
    }
}

/// The "load more" footer: empties its bag at the start of `configure`.
final class LoadMoreCell: UITableViewCell {
    private let spinner = UIActivityIndicatorView(style: .medium)
    private var bag = Set<AnyCancellable>()

    func configure(isLoading: AnyPublisher<Bool, Never>) {
        bag.removeAll()
        isLoading
            .sink { [weak spinner] loading in loading ? spinner?.startAnimating() : spinner?.stopAnimating() }
            .store(in: &bag)
    }
}
