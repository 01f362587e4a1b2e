import HTMLPresenter

/// Pages side by side, one shown at a time, with a page control under them (Previous, a dot per
/// page, Next), as UIPageViewController and UIPageControl show an onboarding: a container FlowHost
/// does not ship, written as an app would write one. This file and its bar's template
/// (`Templates/pages/control.mustache`) are all it takes: the window, the page renderer, the crawl,
/// the storyboard and the web host ask it what they need.
@MainActor
final class HTMLPageViewController: HTMLViewController, HTMLContainer {
    /// Its own actions.
    enum Action: ContainerAction {
        /// The page before.
        case previous
        /// The page after.
        case next
        /// The page with this number, from 1.
        case page(Int)

        /// Previous is back and Next a push; a dot says nothing: a later page is a push, an earlier
        /// one back, as the place's order reads it.
        var transition: Transition? {
            switch self {
            case .previous: .back
            case .next: .push
            case .page: nil
            }
        }

        var description: String {
            switch self {
            case .previous: "previous page"
            case .next: "next page"
            case .page(let number): "page \(number)"
            }
        }
    }

    /// The page control, drawn under the page by the app's `pages/control` template.
    struct PageControl: ContainerBar {
        /// One dot: the current page's is no button.
        struct Dot: Equatable {
            let number: Int
            let action: ActionReference?
        }

        static let template = "pages/control"
        static let position = BarPosition.bottom

        let dots: [Dot]
        /// Nil on the first page.
        let previous: ActionReference?
        /// Nil on the last page.
        let next: ActionReference?

        var templateValue: TemplateValue {
            [
                "dots": .list(
                    dots.map {
                        [
                            "number": .int($0.number), "isCurrent": .bool($0.action == nil),
                            "action": $0.action?.barValue ?? .null,
                        ]
                    }),
                "previous": previous?.barValue ?? .null, "next": next?.barValue ?? .null,
                "hasPrevious": .bool(previous != nil), "hasNext": .bool(next != nil),
            ]
        }
    }

    /// The pages, in order.
    private(set) var pages: [HTMLViewController] = []
    /// The index of the page shown.
    private(set) var currentIndex = 0

    /// Pages, the first one shown.
    init(pages: [HTMLViewController], title: String = "") {
        super.init(containerTitle: title)
        for page in pages { adopt(page) }
        self.pages = pages
    }

    /// Shows the page at `index`.
    func show(_ index: Int) {
        guard pages.indices.contains(index), index != currentIndex else { return }
        currentIndex = index
        containerDidChange()
    }

    // MARK: HTMLContainer

    var containedViewControllers: [HTMLViewController] { pages }
    var visibleChild: HTMLViewController? { pages.indices.contains(currentIndex) ? pages[currentIndex] : nil }
    /// `pages`: the pages are read in order, like a stack.
    var place: ContainerPlace { ContainerPlace(kind: "pages", order: .stack) }

    func reveal(_ child: HTMLViewController) {
        if let index = pages.firstIndex(where: { $0 === child }) { show(index) }
    }

    func release(_ child: HTMLViewController) {
        pages.removeAll { $0 === child }
        currentIndex = min(currentIndex, max(pages.count - 1, 0))
        containerDidChange()
    }

    func bar(actions: ContainerActions<HTMLPageViewController>) -> PageControl? {
        let current = currentIndex
        return PageControl(
            dots: pages.indices.map { index in
                PageControl.Dot(
                    number: index + 1,
                    action: index == current ? nil : actions.action(.page(index + 1)) { $0.show(index) })
            },
            previous: current > 0 ? actions.action(.previous) { $0.show(current - 1) } : nil,
            next: current < pages.count - 1 ? actions.action(.next) { $0.show(current + 1) } : nil)
    }
}
