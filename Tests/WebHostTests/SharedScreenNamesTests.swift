import Testing

@testable import WebHost

/// Sessions that show the same storyboard screen keep one copy of its name.
@Suite("Sessions share the names of the screens they show")
struct SharedScreenNamesTests {
    /// Where a string's bytes are (a long name's storage of its own).
    static func storage(_ name: String) -> UnsafeRawPointer? {
        var name = name
        return name.withUTF8 { UnsafeRawPointer($0.baseAddress) }
    }

    /// A name as a capture makes it, in storage of its own.
    static func made(_ template: String) -> String {
        template + " in " + ["tab Movies", "navigation"].joined(separator: " › ")
    }

    @Test("a name made again is the copy kept; another name is kept apart")
    func sharing() {
        let names = SharedScreenNames()
        let first = names.shared(Self.made("movies/list"))
        let again = Self.made("movies/list")
        #expect(Self.storage(again) != Self.storage(first), "made anew: storage of its own")
        let shared = names.shared(again)
        #expect(shared == again && Self.storage(shared) == Self.storage(first))
        let other = names.shared(Self.made("movies/detail"))
        #expect(other == Self.made("movies/detail") && Self.storage(other) != Self.storage(first))
    }

    @Test("past its capacity a new name is its own copy, and the names kept are still shared")
    func bounded() {
        let names = SharedScreenNames()
        let first = names.shared(Self.made("alert 0"))
        for index in 1..<SharedScreenNames.capacity { _ = names.shared(Self.made("alert \(index)")) }
        let late = Self.made("alert past the bound")
        #expect(Self.storage(names.shared(late)) == Self.storage(late))
        #expect(Self.storage(names.shared(Self.made("alert 0"))) == Self.storage(first))
    }
}
