import FlowCore

/// Where the prototype can go: intents, not presentations.
public enum OnboardingStep: Step, Equatable {
    /// The welcome screen, signed out.
    case welcome
    /// The sign-up form, pushed over the welcome screen.
    case signUp
    /// The form was accepted: the tab bar replaces the welcome stack.
    case signedUp(name: String)
    /// Back to the welcome screen, from the Settings tab.
    case signOut
}
