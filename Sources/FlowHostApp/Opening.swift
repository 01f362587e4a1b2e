import HTMLPresenter

/// A person's action that opened a screen: what Forward takes again.
struct Opening {
    /// The action, by its position on screen.
    let position: ActionPosition
    /// The form fields it took.
    let fields: FormFields
    /// The screen it was taken on.
    var from: ScreenID
    /// The title of the screen it opened, for the line that says it is gone.
    let title: String

    /// The action just taken, until what it opened is known.
    struct Pending {
        /// The action, by its position on screen.
        let position: ActionPosition
        /// The form fields it took.
        let fields: FormFields
        /// The screen it was taken on.
        let from: ScreenID
        /// The screen this action opens again (Forward), whose followers move to what it opens.
        var redoes: ScreenID?
    }
}
