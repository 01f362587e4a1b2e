import HTMLTemplates
import HTMLValidation
import Testing

@Suite("HTMLNormalizer")
struct HTMLNormalizerTests {
    @Test("one element or text per line, indented, whitespace collapsed, comments dropped")
    func layout() {
        let html =
            "<ul class=\"list\">\n   <!-- movies -->\n<li>Heat\n  (1995)</li><li><img src=\"a.png\" alt=\"\"></li></ul>"
        #expect(
            HTMLNormalizer.normalize(html) == """
                <ul class="list">
                  <li>
                    Heat (1995)
                  </li>
                  <li>
                    <img src="a.png" alt="">
                  </li>
                </ul>

                """)
    }

    @Test("action tokens become stable names by order of appearance; the same token keeps its name")
    func tokens() {
        let first = "AZaz09-_AZaz09-_AZaz0A"
        let second = "_-9z_-9z_-9z_-9z_-9z_g"
        let html = """
            <form method="post" action="/_action/\(second)"></form>\
            <form method="post" action="/_action/\(first)?answer=page"></form>\
            <form method="post" action="/_action/\(second)"></form>
            """
        let normalized = HTMLNormalizer.normalize(html)
        #expect(normalized.components(separatedBy: "/_action/action-1\"").count == 3)
        #expect(normalized.contains("/_action/action-2?answer=page"))
        #expect(!normalized.contains(first) && !normalized.contains(second))
    }

    @Test("other tokens (32 hex digits standing alone) are named too; words of a token's length are not")
    func otherTokens() {
        let share = "0123456789abcdef0123456789abcdef"
        let html = """
            <a href="/s/\(share)" class="navigation-bar-heading big navigation-bar-heading">Open</a>\
            <a href="/_action/short" id="navigation-bar-heading" data-x="/_action/AZaz09-_AZaz09-_AZaz0A1">Other</a>\
            <form action="#AZaz09-_AZaz09-_AZaz0A"></form><a href="/_action/AZaz09-_AZaz09-_AZaz0B">Odd</a>
            """
        let normalized = HTMLNormalizer.normalize(html)
        #expect(
            normalized.contains(
                #"<a href="/s/action-1" class="navigation-bar-heading big navigation-bar-heading">"#))
        #expect(
            normalized.contains(
                #"<a href="/_action/short" id="navigation-bar-heading" data-x="/_action/AZaz09-_AZaz09-_AZaz0A1">"#))
        #expect(normalized.contains(##"<form action="#action-2">"##), "a crawl's page writes its tokens after #")
        #expect(normalized.contains(#"<a href="/_action/AZaz09-_AZaz09-_AZaz0B">"#), "no token ends in B")
    }

    @Test("normalizing is deterministic and idempotent, for documents and fragments")
    func idempotent() {
        let document = "<!doctype html><html><head><title>A &amp; B</title></head><body><p>x &lt; y</p></body></html>"
        let fragment = "<p>One</p>\n<p>Two <b>bold</b></p>"
        for html in [document, fragment] {
            let once = HTMLNormalizer.normalize(html)
            #expect(HTMLNormalizer.normalize(once) == once)
            #expect(HTMLNormalizer.normalize(html) == once)
        }
        #expect(HTMLNormalizer.normalize(document).hasPrefix("<!doctype html>\n<html>"))
        #expect(HTMLNormalizer.normalize(fragment).hasPrefix("<p>\n  One\n</p>\n<p>"))
    }
}
