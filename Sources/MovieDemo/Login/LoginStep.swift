import FlowCore

enum LoginStep: Step, Equatable {
    case login
    case signedIn(email: String)
}
