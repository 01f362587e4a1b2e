import FlowCore
import HTMLPages
import HTMLPresenter

/// A list screen of 20 movies in a navigation controller inside a tab bar, captured once.
struct ListPage: Sendable {
    static let listTemplate = """
        <ul class="list">{{#movies}}
        <li><form method="post" action="{{open}}" class="action"><button type="submit" class="cell is-link">\
        <span class="thumb {{tint}}">{{initials}}</span><span class="cell-text"><span class="cell-title">{{title}}</span>\
        <span class="cell-subtitle">{{year}} · {{director}}</span></span><span class="cell-detail">{{rating}}</span>\
        </button></form></li>{{/movies}}
        </ul>
        """

    let renderer: PageRenderer
    let tree: ScreenTree

    /// A served page's links, as the web host gives them.
    static let served = PageLinks(
        stylesheet: "/_flowhost/flowhost.css", script: "/_flowhost/flowhost.js", publicFiles: "/public/",
        actions: .post(urlPrefix: "/_action/"))

    /// A static export's links: every action a GET to a state's file (forms turned to GET, labels read).
    static let exported = PageLinks(
        stylesheet: "flowhost/flowhost.css", publicFiles: "public/", actions: .resolve { _ in .link("state-1.html") })

    @MainActor
    static func make() -> ListPage {
        let model = MoviesModel()
        let list = HTMLViewController(template: "movies/list", viewModel: model, title: "Movies")
        let navigation = HTMLNavigationController(rootViewController: list)
        navigation.prefersLargeTitles = true
        navigation.tabBarItem = TabBarItem(title: "Movies", icon: "film")
        let profile = HTMLNavigationController(rootViewController: HTMLViewController(template: "movies/list"))
        profile.tabBarItem = TabBarItem(title: "Profile", icon: "person")
        let tabs = HTMLTabBarController()
        tabs.setViewControllers([navigation, profile])
        let window = HTMLWindow()
        window.rootViewController = tabs
        let renderer = PageRenderer(templates: try! TemplateLibrary(templates: ["movies/list": listTemplate]))
        let page = ListPage(renderer: renderer, tree: window.updatedScreenTree())
        let rendered = HTMLNormalizer.normalize(try! renderer.render(page.tree, links: served))
        precondition(rendered == HTMLNormalizer.normalize(handWritten(page.tree)), "the baseline renders the same page")
        return page
    }

    /// The same page, written by hand with string concatenation and escaping.
    static func handWritten(_ tree: ScreenTree) -> String {
        let layer = tree.layers[0]
        var html = """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
            <meta name="color-scheme" content="light dark">
            <title>\(escape(layer.screen.title))</title>
            <link rel="icon" href="data:,">
            <link rel="stylesheet" href="/_flowhost/flowhost.css">
            <script src="/_flowhost/flowhost.js" defer></script>
            </head>
            <body>
            <div class="device">
            <div class="screen">
            <div class="status-bar" aria-hidden="true">
            <span class="status-time">9:41</span>
            <span class="status-icons"><span class="status-signal"></span><span class="status-wifi"></span>\
            <span class="status-battery"></span></span>
            </div>
            <div class="layer layer-base">
            <header class="nav-bar nav-bar-large">
            <div class="nav-leading">
            </div>
            <div class="nav-title"></div>
            <div class="nav-trailing">
            </div>
            </header>
            <main class="content has-tab-bar">
            <h1 class="large-title">\(escape(layer.bar(NavigationBar.self)!.title))</h1>
            <ul class="list">
            """
        if case .list(let movies)? = layer.screen.values?["movies"] {
            for movie in movies {
                html += "<li><form method=\"post\" action=\"\(escape(url(of: movie["open"]!)))\" class=\"action\">"
                html += "<button type=\"submit\" class=\"cell is-link\"><span class=\"thumb "
                html += escape(movie["tint"]!.description) + "\">" + escape(movie["initials"]!.description)
                html +=
                    "</span><span class=\"cell-text\"><span class=\"cell-title\">" + escape(movie["title"]!.description)
                html += "</span><span class=\"cell-subtitle\">" + escape(movie["year"]!.description) + " · "
                html += escape(movie["director"]!.description) + "</span></span><span class=\"cell-detail\">"
                html += escape(movie["rating"]!.description) + "</span></button></form></li>\n"
            }
        }
        html += "</ul>\n</main>\n<nav class=\"tab-bar\" aria-label=\"Tabs\">\n"
        for item in layer.bar(TabBar.self)!.items {
            html +=
                "<form method=\"post\" action=\"\(escape("/_action/" + (item.action.token ?? "")))\" class=\"action\"><button type=\"submit\" class=\"tab"
            html += item.isSelected ? " is-selected\" aria-current=\"page\">" : "\">"
            html += "<span class=\"tab-icon icon-\(escape(item.icon))\" aria-hidden=\"true\"></span>"
            html += "<span class=\"tab-title\">\(escape(item.title))</span></button></form>"
        }
        html +=
            "\n</nav>\n</div>\n<div class=\"home-indicator\" aria-hidden=\"true\"></div>\n</div>\n</div>\n</body>\n</html>\n"
        return html
    }

    /// The served URL of an action value.
    private static func url(of value: TemplateValue) -> String {
        guard case .action(let action) = value else { return "" }
        return "/_action/" + (action.token ?? "")
    }

    /// Escapes over UTF-8 bytes, returning text without special characters as is.
    private static func escape(_ text: String) -> String {
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else {
            return text
        }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(utf8.count + 16)
        for byte in utf8 {
            switch byte {
            case 0x26: escaped.append(contentsOf: "&amp;".utf8)
            case 0x3C: escaped.append(contentsOf: "&lt;".utf8)
            case 0x3E: escaped.append(contentsOf: "&gt;".utf8)
            case 0x22: escaped.append(contentsOf: "&quot;".utf8)
            case 0x27: escaped.append(contentsOf: "&#39;".utf8)
            default: escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }
}

/// Twenty movies, each row with an action.
final class MoviesModel: HTMLViewModel, Stepper {
    enum MovieStep: Step { case detail(Int) }

    let steps = Steps()
    private let tints = ["tint-red", "tint-orange", "tint-green", "tint-blue", "tint-purple"]

    func templateValues(actions: ScreenActions) -> TemplateValue {
        let movies: [TemplateValue] = (1...20).map { index in
            [
                "title": .string("Movie <\(index)> & co"), "initials": "MV", "year": .int(1980 + index),
                "director": "Michael Mann", "rating": .double(7.5), "tint": .string(tints[index % tints.count]),
                "open": actions.step(MovieStep.detail(index)),
            ]
        }
        return ["movies": .list(movies)]
    }
}
