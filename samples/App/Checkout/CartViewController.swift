import Combine
import UIKit

/// The cart screen: its title shows the number of items, its badge the total.
final class CartViewController: UIViewController {
    private let cart: CartStore
    @Published private var itemCount = 0
    @Published private var total = ""
    @Published private var shippingNote = ""

    init(cart: CartStore) {
        self.cart = cart
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("not used") }

    // Correct: bound once.
    override func viewDidLoad() {
        super.viewDidLoad()
        cart.$items.map(\.count).assign(to: &$itemCount)
    }

    // published_assign_cycle: one more live subscription each time the screen appears.
    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        cart.$items
            .map { items in items.reduce(0) { $0 + $1.price } }
            .map { "\($0) €" }
            .assign(to: &$total)
        refreshShipping()
    }

    // published_assign_cycle: called from viewWillAppear, so also run on every appearance.
    private func refreshShipping() {
        cart.$items.map { $0.isEmpty ? "" : "Ships in 2 days" }.assign(to: &$shippingNote)
    }
}

final class CartStore: ObservableObject {
    @Published var items: [CartItem] = []
}

struct CartItem {
    var price: Int
}
