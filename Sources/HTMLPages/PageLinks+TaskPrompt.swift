import HTMLTemplates

extension PageLinks {
    /// A study's task under way, shown above the phone (never inside the screen, which is the
    /// prototype's): what the tester is asked, and the two forms that end the task without a
    /// goal screen. Plain forms: they work without JavaScript.
    public struct TaskPrompt: Sendable, Equatable {
        /// What the tester is asked to do.
        public var prompt: String
        /// Where the task stands in its study (`Task 1 of 3`).
        public var progress: String
        /// Where "I'm done" posts.
        public var doneURL: String
        /// Where "Give up" posts.
        public var giveUpURL: String
        /// The storyboard screen the page shows, and where `flowhost.js` posts the clicks on it
        /// that hit no action and that it ran (nil: the page sends neither).
        public var scriptNotes: ScriptNotes?

        /// Where `flowhost.js` tells what a tester did that no form says: the screen it names
        /// (its storyboard id, which the server compares with the one it shows) and the two
        /// same-origin URLs it posts to.
        public struct ScriptNotes: Sendable, Equatable {
            /// The storyboard screen the page shows.
            public var screen: String
            /// Where a click that hit no action posts (`screen`, `x`, `y`).
            public var misclickURL: String
            /// Where the script says it ran (`screen`).
            public var scriptRanURL: String

            /// Notes of `screen` to these URLs.
            public init(screen: String, misclickURL: String, scriptRanURL: String) {
                self.screen = screen
                self.misclickURL = misclickURL
                self.scriptRanURL = scriptRanURL
            }
        }

        /// A prompt with its forms.
        public init(prompt: String, progress: String, doneURL: String, giveUpURL: String) {
            self.prompt = prompt
            self.progress = progress
            self.doneURL = doneURL
            self.giveUpURL = giveUpURL
        }

        var templateValue: TemplateValue {
            var value: TemplateValue = [
                "prompt": .string(prompt), "progress": .string(progress), "doneURL": .string(doneURL),
                "giveUpURL": .string(giveUpURL),
            ]
            if let scriptNotes {
                value["scriptNotes"] = [
                    "screen": .string(scriptNotes.screen), "misclickURL": .string(scriptNotes.misclickURL),
                    "scriptRanURL": .string(scriptNotes.scriptRanURL),
                ]
            }
            return value
        }
    }
}
