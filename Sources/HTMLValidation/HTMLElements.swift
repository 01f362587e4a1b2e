/// Element names the validator needs to know about.
enum HTMLElements {
    /// Elements that never have an end tag.
    static let void: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr",
    ]

    /// Elements whose content is text, not markup.
    static let rawText: Set<String> = ["script", "style", "textarea", "title"]

    /// HTML5 and SVG elements that libxml2 2.9's HTML 4 parser reports as "Tag X invalid".
    static let html5: Set<String> = [
        "article", "aside", "audio", "bdi", "canvas", "data", "datalist", "details", "dialog", "embed",
        "figcaption", "figure", "footer", "header", "hgroup", "main", "mark", "menu", "meter", "nav", "output",
        "picture", "progress", "rp", "rt", "ruby", "search", "section", "slot", "source", "summary", "template",
        "time", "track", "video", "wbr",
        "svg", "g", "path", "circle", "ellipse", "line", "polyline", "polygon", "rect", "text", "tspan", "defs",
        "use", "symbol", "lineargradient", "radialgradient", "stop", "clippath", "mask", "title", "desc",
        "foreignobject",
        "math",
    ]

    /// Elements in which `<x/>` closes `x` (foreign content).
    static let foreignRoots: Set<String> = ["svg", "math"]
}
