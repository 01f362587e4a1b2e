/// Weak references a leak test collects and counts at the end.
struct WeakReferences {
    private var boxes: [() -> AnyObject?] = []

    mutating func track(_ objects: AnyObject?...) {
        for object in objects {
            boxes.append { [weak object] in object }
        }
    }

    var aliveCount: Int { boxes.count { $0() != nil } }
    var trackedCount: Int { boxes.count }
}
