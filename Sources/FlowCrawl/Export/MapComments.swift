import FlowHostApp

/// The open comments a storyboard page shows under each screen: plain text, escaped by the page.
package struct MapComments: Sendable {
    /// One comment as the map lists it.
    package struct Note: Sendable, Equatable {
        /// Who wrote it.
        package var author: String
        /// What they wrote.
        package var text: String

        /// A note by `author`.
        package init(author: String, text: String) {
            self.author = author
            self.text = text
        }
    }

    /// The open comments of each screen, by its id (``StoryboardScreen/id``), the oldest first.
    package var byScreen: [String: [Note]]
    /// Where the threads are read (the comments page).
    package var listURL: String

    /// These comments, read at `listURL`.
    package init(byScreen: [String: [Note]], listURL: String) {
        self.byScreen = byScreen
        self.listURL = listURL
    }
    /// The open ones of `comments` (resolved threads left out), by their screen, read at `listURL`.
    package init(open comments: [ScreenComment], listURL: String) {
        let open = comments.filter { !$0.isResolved }
        self.init(
            byScreen: Dictionary(grouping: open, by: \.screen).mapValues {
                $0.map { Note(author: $0.author, text: $0.text) }
            },
            listURL: listURL)
    }
}
