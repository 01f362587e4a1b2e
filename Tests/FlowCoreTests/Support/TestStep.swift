import FlowCore

enum TestStep: Step, Equatable {
    case start
    case list
    case detail(id: Int)
    case startChild
    case childHome
    case childEnded
    case finish
    case slow
    case fast
    case restricted
    case forbidden
}
