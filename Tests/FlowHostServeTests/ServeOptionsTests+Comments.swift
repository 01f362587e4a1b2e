import ArgumentParser
import FlowHostApp
import Testing
import WebHost

@testable import FlowHostServe

extension ServeOptionsTests {
    @Test("comments are on by default; --no-comments turns them off; their bounds are options, at least 1")
    func commentOptions() throws {
        let defaults = try ServeOptions.parse([])
        #expect(defaults.configuration.allowsComments)
        #expect(defaults.maxComments == ClickPathStoreLimits().maxComments)
        #expect(defaults.configuration.maxCommentsPerMinute == 10)

        let options = try ServeOptions.parse(["--no-comments", "--comments-per-minute", "3", "--max-comments", "50"])
        #expect(!options.configuration.allowsComments)
        #expect(options.configuration.maxCommentsPerMinute == 3 && options.maxComments == 50)
        for bad in [["--max-comments", "0"], ["--comments-per-minute", "0"]] {
            #expect(throws: (any Error).self, "\(bad)") { try ServeOptions.parse(bad) }
        }
    }
}
