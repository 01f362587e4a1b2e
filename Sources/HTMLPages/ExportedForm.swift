import HTMLTemplates

/// A form of a page in a static export, and where each way the crawl sent it led. A static page
/// cannot send what is typed, so the form's own button goes where the first sending went; the page
/// lists every sending beside the phone (what it sent, a link to the page it led to), so that a
/// reviewer reaches the form's error state from the form too.
///
/// ```swift
/// var links = PageLinks(stylesheet: "flowhost/flowhost.css", publicFiles: "public/", actions: actions)
/// links.forms = [
///     ExportedForm(
///         title: "Sign Up",
///         sendings: [
///             .init(label: "Send the sample", values: ["name: Ada"], url: "state-2.html", outcome: "Home"),
///             .init(
///                 label: "Send empty", values: [], url: "state-3.html",
///                 outcome: "Sign Up, saying “Enter your name.”"),
///         ])
/// ]
/// ```
public struct ExportedForm: Sendable, Equatable {
    /// One way the crawl sent the form.
    public struct Sending: Sendable, Equatable {
        /// What it sends, as its link says: `Send the sample`, `Send empty`.
        public var label: String
        /// The values it sends, `name: value` each, secret ones without their value.
        public var values: [String]
        /// The page it led to; nil when the crawl did not follow it.
        public var url: String?
        /// What it led to, in words: the page's title and its field errors, or why it was not followed.
        public var outcome: String

        /// A sending labelled `label`, of `values`, that led to `url` (nil: not followed), which
        /// showed `outcome`.
        public init(label: String, values: [String], url: String?, outcome: String) {
            self.label = label
            self.values = values
            self.url = url
            self.outcome = outcome
        }
    }

    /// The form's label: the text of the button that sends it.
    public var title: String
    /// Each way it was sent, the one its own button takes first.
    public var sendings: [Sending]

    /// The form labelled `title`, sent each of `sendings`' ways.
    public init(title: String, sendings: [Sending]) {
        self.title = title
        self.sendings = sendings
    }

    /// The form as the page's chrome template reads it.
    var templateValue: TemplateValue {
        [
            "title": .string(title),
            "sendings": .list(
                sendings.map { sending in
                    var value: [TemplateKey: TemplateValue] = [
                        "label": .string(sending.label), "outcome": .string(sending.outcome),
                    ]
                    // An empty string would still show its section.
                    if !sending.values.isEmpty { value["values"] = .string(sending.values.joined(separator: ", ")) }
                    if let url = sending.url { value["url"] = .string(url) }
                    return .object(value)
                }),
        ]
    }
}
