import FlowCore

/// The stack lab's steps, after AsyncFlow's A -> E example.
enum StackStep: Step, Equatable {
    /// Push the screen with this letter.
    case screen(String)
    /// Pop this many screens.
    case back(Int)
    /// Pop to A.
    case popToRoot
    /// Make the stack A ... letter.
    case jump(to: String)
    /// Push the timer screen.
    case timer
    /// The timer's step, 3 seconds after the timer screen showed.
    case timerFired

    static let letters = ["A", "B", "C", "D", "E"]
}
