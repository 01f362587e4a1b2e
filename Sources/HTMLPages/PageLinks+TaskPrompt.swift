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

        /// A prompt with its forms.
        public init(prompt: String, progress: String, doneURL: String, giveUpURL: String) {
            self.prompt = prompt
            self.progress = progress
            self.doneURL = doneURL
            self.giveUpURL = giveUpURL
        }

        var templateValue: TemplateValue {
            [
                "prompt": .string(prompt), "progress": .string(progress), "doneURL": .string(doneURL),
                "giveUpURL": .string(giveUpURL),
            ]
        }
    }
}
