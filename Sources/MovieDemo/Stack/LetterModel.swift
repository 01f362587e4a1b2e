import FlowCore
import HTMLPresenter

/// One screen of the stack lab: Next, Back 1 / 2 / 3, Pop to root, Jump to E, Timer.
final class LetterModel: HTMLViewModel, Stepper {
    let steps = Steps()
    let letter: String
    let title: String

    init(letter: String, title: String) {
        self.letter = letter
        self.title = title
    }

    func templateValues(actions: ScreenActions) -> TemplateValue {
        let next = StackStep.letters.firstIndex(of: letter).flatMap { index in
            StackStep.letters.indices.contains(index + 1) ? StackStep.letters[index + 1] : nil
        }
        var values: TemplateValue = [
            "letter": .string(letter),
            "back": .list(
                (1...3).map { count in
                    ["label": .string("Back \(count)"), "action": actions.step(StackStep.back(count))]
                }),
            "popToRoot": actions.step(StackStep.popToRoot),
            "jumpToE": actions.step(StackStep.jump(to: "E")),
            "timer": actions.step(StackStep.timer),
        ]
        if let next {
            values["next"] = ["label": .string("Next: \(next)"), "action": actions.step(StackStep.screen(next))]
        }
        return values
    }
}
