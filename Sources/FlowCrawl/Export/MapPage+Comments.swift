import HTMLPages
import HTMLPresenter

extension MapPage {
    /// The anchor of a screen's list of open comments on this page (under its states).
    static func commentsAnchor(ofScreen index: Int) -> String {
        "screen-\(index)-comments"
    }

    /// `svg` with a badge at the top right corner of each phone whose screen has open comments:
    /// their count, linking to that screen's list of them on this page (each leads to its thread).
    /// The badges go at the end of the picture's top group, in its coordinates, and so outside the
    /// phones' own links (a link holds no link) and over the thumbnails.
    func withComments(_ comments: MapComments, _ svg: String) -> String {
        var badges = ""
        for (index, screen) in map.storyboard.screens.enumerated() {
            guard let open = comments.byScreen[screen.id], !open.isEmpty,
                let group = svg.range(of: #"<g id="phone_\#(index)" class="node">"#),
                let shape = Self.firstShape(in: svg, after: group.upperBound)
            else { continue }
            let (x, y) = (shape.box.maxX - 6, shape.box.minY + 6)
            let label = HTMLEscaping.escaped(
                "\(open.count) open comment\(open.count == 1 ? "" : "s") on \(screen.title)", for: .attribute)
            badges +=
                ##"<a class="comment-badge" href="#\##(Self.commentsAnchor(ofScreen: index))" aria-label="\##(label)">"##
                + #"<circle cx="\#(x)" cy="\#(y)" r="12"/>"#
                + #"<text text-anchor="middle" x="\#(x)" y="\#(y + 4)">\#(open.count)</text></a>"#
        }
        guard !badges.isEmpty, let end = svg.range(of: "</svg>", options: .backwards),
            let close = svg[..<end.lowerBound].range(of: "</g>", options: .backwards)
        else { return svg }
        var result = svg
        result.insert(contentsOf: badges, at: close.lowerBound)
        return result
    }
}
