import HTMLTemplates

/// The comments a page shows: its pins over the phone's screen and their threads beside it (part
/// of the page, so they show with scripts off), and on a server the Comment control beside Share
/// (an export's pages are read-only: no control). Plain text throughout: the page escapes every
/// field.
public struct PageComments: Sendable, Equatable {
    /// A comment pinned to the screen on show.
    public struct Pin: Sendable, Equatable {
        /// Its number on the page, from 1.
        public var number: Int
        /// The point as fractions of the screen (nil: the whole screen).
        public var x: Double?
        /// See ``x``.
        public var y: Double?
        /// Who wrote it.
        public var author: String
        /// What they wrote.
        public var text: String
        /// The label of the action under its point, if any.
        public var actionLabel: String?
        /// How many replies its thread has.
        public var replies: Int
        /// It was written in another state of this screen (other steps led here).
        public var isOtherState: Bool
        /// Where its thread is read and answered.
        public var threadURL: String

        /// A pin as listed.
        public init(
            number: Int, x: Double?, y: Double?, author: String, text: String, actionLabel: String?, replies: Int,
            isOtherState: Bool, threadURL: String
        ) {
            self.number = number
            self.x = x
            self.y = y
            self.author = author
            self.text = text
            self.actionLabel = actionLabel
            self.replies = replies
            self.isOtherState = isOtherState
            self.threadURL = threadURL
        }
    }

    /// The open comments on this screen, in the order written.
    public var pins: [Pin]
    /// Where the Comment control leads: the form for this screen; nil for no control (read-only).
    public var formURL: String?
    /// Where every thread is listed.
    public var listURL: String

    /// These comments and links.
    public init(pins: [Pin], formURL: String?, listURL: String) {
        self.pins = pins
        self.formURL = formURL
        self.listURL = listURL
    }

    /// A position as the stylesheet places it without script: the nearest 5 % step, 0 to 100.
    static func step(_ fraction: Double) -> Int {
        Int((min(max(fraction, 0), 1) * 20).rounded()) * 5
    }

    var templateValue: TemplateValue {
        var value: [TemplateKey: TemplateValue] = [
            "listURL": .string(listURL), "hasPins": .bool(!pins.isEmpty),
            // The pins drawn on the phone, a landmark of links: those with a point.
            "hasPoints": .bool(pins.contains { $0.x != nil && $0.y != nil }),
            "pins": .list(
                pins.map { pin in
                    var value: [TemplateKey: TemplateValue] = [
                        "number": .int(pin.number), "author": .string(pin.author), "text": .string(pin.text),
                        "replies": .int(pin.replies), "oneReply": .bool(pin.replies == 1),
                        "isOtherState": .bool(pin.isOtherState),
                        "threadURL": .string(pin.threadURL),
                    ]
                    if let x = pin.x, let y = pin.y {
                        value["point"] = [
                            "x": .string("\(x)"), "y": .string("\(y)"), "stepX": .int(Self.step(x)),
                            "stepY": .int(Self.step(y)),
                        ]
                    }
                    if let label = pin.actionLabel { value["actionLabel"] = .string(label) }
                    return .object(value)
                }),
        ]
        if let formURL { value["formURL"] = .string(formURL) }
        return .object(value)
    }
}
