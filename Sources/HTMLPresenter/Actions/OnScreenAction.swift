import FlowCore

/// An action on screen: its token, where it is and what it does, for the screen tree, logs and the
/// debugger.
///
/// Its position (``screen`` and ``index``) says which button it is in terms that do not change from
/// one capture to the next: the same screen in the same state registers its actions in the same
/// order, so "the second action of the detail screen" names the same button again after a new
/// capture, while its token does not.
public struct OnScreenAction: Sendable, Equatable, CustomStringConvertible {
    /// What an action does, kept as given: a step is described only when someone asks (describing
    /// an enum goes through reflection and would cost more than capturing the whole page).
    enum Purpose: Sendable {
        /// A step the screen's stepper sends.
        case step(any Step)
        /// A form of the screen.
        case form
        /// A handler of the screen.
        case run
        /// An action of a container's own chrome (a tab, the back button, an alert's button).
        case own(any ContainerAction)
    }

    /// The token that names it in this capture, as ``OpaqueToken/compactText`` writes it (the web
    /// host's action URLs hold it).
    public let token: String
    /// The view controller the action belongs to: the screen for its content and bar buttons, the
    /// navigation controller for its back button, the tab bar controller for its tabs, the alert
    /// for its buttons.
    public let screen: ScreenID
    /// Its index among the actions of ``screen``, in the order the capture registered them (bar
    /// buttons first, then the content's in the order its view model asked for them).
    public let index: Int
    /// For a form, the values its screen declared as a sample submission (the demo account of a
    /// sign-in form), which the crawler and the static export use; nil when none were declared.
    public let sampleFields: FormFields?
    /// For a form, the fields it declares (``ScreenActions/form(fields:samples:_:)``): what its
    /// template may show as `form.values.NAME` and `form.errors.NAME`; empty for a button.
    public let fields: [FormField]
    private let purpose: Purpose

    init(
        token: String, purpose: Purpose, screen: ScreenID, index: Int, fields: [FormField] = [],
        sampleFields: FormFields? = nil
    ) {
        self.token = token
        self.purpose = purpose
        self.screen = screen
        self.index = index
        self.fields = fields
        self.sampleFields = sampleFields
    }

    /// Whether it is a form (its fields come from what the person typed).
    public var isForm: Bool {
        if case .form = purpose { return true }
        return false
    }

    /// The segue it makes, as the container whose own action it is declares it (a tab, the back
    /// button); nil for a screen's action (a step, a form), where how the screen tree changed decides.
    public var transition: Transition? {
        if case .own(let action) = purpose { return action.transition }
        return nil
    }

    /// What it does: `step detail(id: 3)`, `back to Movies`, `tab Profile`, `form`.
    public var description: String {
        switch purpose {
        case .step(let step): "step \(step)"
        case .form: "form"
        case .run: "run"
        case .own(let action): action.description
        }
    }

    /// Same token, same position, same purpose.
    public static func == (lhs: OnScreenAction, rhs: OnScreenAction) -> Bool {
        lhs.token == rhs.token && lhs.screen == rhs.screen && lhs.index == rhs.index
            && lhs.description == rhs.description
    }
}
