import FlowHostApp
import Foundation

/// A tester's event as a store at rest reads it for a study's results: the fields of its stored
/// JSON (`JSONEncoder`'s form of ``FlowHostApp/StudyEvent``) taken apart by the database's own
/// JSON functions, one column each, so that no event is decoded by `JSONDecoder` (most of the time
/// of a study's results over 10,000 testers, `Benchmarks/study-results.sh`). The stored text is
/// what `record` writes, unchanged: stores written by earlier builds read alike.
///
/// The event's kind is the one key of its `kind` object (the case's name, as Swift's synthesized
/// `Codable` writes an enum) and its values that object's fields (the case's labels). Numbers come
/// as their JSON text and are parsed here as `JSONDecoder` parses them: a database's own parse of
/// a double may differ in its last digit.
package struct StudyEventColumns: Sendable {
    /// `task`.
    package var task: Int
    /// `at`: seconds since the reference date (`Date`'s own encoding), as JSON text.
    package var at: String
    /// The key of `kind`: the case's name.
    package var kind: String
    /// `kind.<case>.entry`: the path entry of `started`, `succeeded`, `done` and `gaveUp`.
    package var entry: Int?
    /// `kind.<case>.screen`: the screen of `screenTime` and `misclick`.
    package var screen: String?
    /// `kind.<case>.seconds`, as JSON text.
    package var seconds: String?
    /// `kind.<case>.x`, as JSON text.
    package var x: String?
    /// `kind.<case>.y`, as JSON text.
    package var y: String?

    /// The columns of one stored event.
    package init(
        task: Int, at: String, kind: String, entry: Int?, screen: String?, seconds: String?, x: String?, y: String?
    ) {
        self.task = task
        self.at = at
        self.kind = kind
        self.entry = entry
        self.screen = screen
        self.seconds = seconds
        self.x = x
        self.y = y
    }

    /// The event these columns hold.
    /// - Throws: ``FlowHostApp/ClickPathStoreError/undecodable(file:reason:)`` naming `source`
    ///   for a kind this build does not know or a value missing.
    package func event(source: String) throws -> StudyEvent {
        func refusal(_ reason: String) -> ClickPathStoreError {
            .undecodable(file: source, reason: "a tester's event: \(reason)")
        }
        guard let at = Double(at) else { throw refusal("its time \(at) is no number") }
        let kind: StudyEvent.Kind
        switch (self.kind, entry, screen) {
        case ("started", let entry?, _): kind = .started(entry: entry)
        case ("succeeded", let entry?, _): kind = .succeeded(entry: entry)
        case ("done", let entry?, _): kind = .done(entry: entry)
        case ("gaveUp", let entry?, _): kind = .gaveUp(entry: entry)
        case ("screenTime", _, let screen?):
            guard let seconds = seconds.flatMap(Double.init) else { throw refusal("a screen time without seconds") }
            kind = .screenTime(screen: screen, seconds: seconds)
        case ("misclick", _, let screen?):
            guard let x = x.flatMap(Double.init), let y = y.flatMap(Double.init) else {
                throw refusal("a misclick without its point")
            }
            kind = .misclick(screen: screen, x: x, y: y)
        case ("scriptRan", _, _): kind = .scriptRan
        default:
            throw refusal("an event of kind \(self.kind) without its values, or of a kind this build does not know")
        }
        return StudyEvent(task: task, at: Date(timeIntervalSinceReferenceDate: at), kind: kind)
    }
}
