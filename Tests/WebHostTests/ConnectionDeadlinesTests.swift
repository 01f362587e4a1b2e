import NIOCore
import Testing

@testable import WebHost

@Suite("A connection's deadlines, as a value: a request must arrive in time, an idle connection goes")
struct ConnectionDeadlinesTests {
    let opened = NIODeadline.uptimeNanoseconds(1_000_000_000)

    func at(_ seconds: Int64) -> NIODeadline { opened + .seconds(seconds) }

    func fresh() -> ConnectionDeadlines {
        ConnectionDeadlines(requestTimeout: .seconds(30), idleTimeout: .seconds(60), openedAt: opened)
    }

    @Test("a new connection must send a whole request within the request timeout of opening")
    func firstRequest() {
        var deadlines = fresh()
        #expect(deadlines.deadline == at(30))
        // Bytes of the head do not move the deadline: trickling is no way to stay
        deadlines.bytesArrived(at: at(10))
        deadlines.bytesArrived(at: at(20))
        #expect(deadlines.deadline == at(30))
    }

    @Test("while an answer is in progress there is no deadline, however long it lasts")
    func answering() {
        var deadlines = fresh()
        deadlines.headRead(at: at(1))
        #expect(deadlines.deadline == at(30), "the body is still to come")
        deadlines.requestEnded(at: at(1))
        #expect(deadlines.deadline == nil)
    }

    @Test("after the answer, the idle timeout; the next request's first byte starts a request timeout")
    func keepAlive() {
        var deadlines = fresh()
        deadlines.headRead(at: at(1))
        deadlines.requestEnded(at: at(1))
        deadlines.answered(at: at(2))
        #expect(deadlines.deadline == at(62))
        deadlines.bytesArrived(at: at(50))
        #expect(deadlines.deadline == at(80))
        deadlines.bytesArrived(at: at(70))
        #expect(deadlines.deadline == at(80))
        deadlines.headRead(at: at(71))
        deadlines.requestEnded(at: at(71))
        #expect(deadlines.deadline == nil)
    }

    @Test("an answer that ends before its request's body was read leaves the body under the request timeout")
    func earlyAnswer() {
        var deadlines = fresh()
        deadlines.bytesArrived(at: at(0))
        deadlines.headRead(at: at(0))
        deadlines.answered(at: at(1))
        #expect(deadlines.deadline == at(30))
        deadlines.requestEnded(at: at(5))
        #expect(deadlines.deadline == at(65))
    }

    @Test("pipelined requests: no deadline until the last answer ends")
    func pipelined() {
        var deadlines = fresh()
        deadlines.bytesArrived(at: at(0))
        for _ in 1...2 {
            deadlines.headRead(at: at(0))
            deadlines.requestEnded(at: at(0))
        }
        deadlines.answered(at: at(3))
        #expect(deadlines.deadline == nil)
        deadlines.answered(at: at(4))
        #expect(deadlines.deadline == at(64))
    }
}
