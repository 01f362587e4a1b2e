import FlowHostApp
import Foundation
import HTMLPresenter

extension SessionHost {
    /// Keeps the session's click path under a new random share id, for
    /// ``WebHostConfiguration/shareLifetime``, and returns the id. Call it inside the session's queue.
    /// - Throws: ``ShareRefusal`` when the path is full or the store refuses it.
    func share(_ session: Session) async throws(ShareRefusal) -> String {
        let path = await MainActor.run { () -> ClickPath? in
            guard let scene = session.scene else { return ClickPath() }
            return scene.isPathFull ? nil : scene.clickPath
        }
        guard let path else { throw .pathFull(configuration.maxClickPathEntries) }
        let id = OpaqueToken.random().text
        let lifetime = configuration.shareLifetime.components
        let expires = Date.now.addingTimeInterval(Double(lifetime.seconds) + Double(lifetime.attoseconds) / 1e18)
        do {
            try await paths.share(path, id: id, bySession: session.id.description, expires: expires)
        } catch ClickPathStoreError.tooManyShares(let limit) {
            sharesFull.hit(logger)
            throw .storeFull(limit)
        } catch {
            logger.warning("click path store: \(error)", metadata: ["session": "\(session.id.short)"])
            throw .storeFailed
        }
        logger.info("shared \(path.entries.count) clicks", metadata: ["session": "\(session.id.short)"])
        return id
    }
}
