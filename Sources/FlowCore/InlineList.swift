/// A short list that keeps a single element inline and allocates an array only for two or more:
/// a live session holds dozens of lists (a stepper's listeners, a presentation's dismissal
/// observers) that almost always have one element, and an array of one is an allocation each.
struct InlineList<Element>: Sequence {
    fileprivate enum Storage {
        case none
        case one(Element)
        case many([Element])
    }

    private var storage = Storage.none

    /// An empty list.
    init() {}

    /// Whether the list has no element.
    var isEmpty: Bool {
        if case .none = storage { return true }
        return false
    }

    /// Appends `element` after the others.
    mutating func append(_ element: Element) {
        switch storage {
        case .none:
            storage = .one(element)
        case .one(let only):
            storage = .many([only, element])
        case .many(var all):
            storage = .none  // `all` is then the array's only reference: appended in place
            all.append(element)
            storage = .many(all)
        }
    }

    /// Removes the elements that satisfy `shouldBeRemoved`, keeping the others in order.
    mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
        switch storage {
        case .none:
            break
        case .one(let only):
            if try shouldBeRemoved(only) { storage = .none }
        case .many(var all):
            storage = .none
            try all.removeAll(where: shouldBeRemoved)
            storage = all.count > 1 ? .many(all) : all.first.map(Storage.one) ?? .none
        }
    }

    /// Iterates the elements in order.
    func makeIterator() -> Iterator {
        Iterator(storage: storage)
    }

    /// Iterates an ``InlineList``'s elements in order.
    struct Iterator: IteratorProtocol {
        fileprivate let storage: Storage
        private var index = 0

        fileprivate init(storage: Storage) {
            self.storage = storage
        }

        mutating func next() -> Element? {
            defer { index += 1 }
            switch storage {
            case .none: return nil
            case .one(let only): return index == 0 ? only : nil
            case .many(let all): return index < all.count ? all[index] : nil
            }
        }
    }
}

extension InlineList: Sendable where Element: Sendable {}
extension InlineList.Storage: Sendable where Element: Sendable {}
