import FlowCrawl
import FlowHostApp
import HTMLPresenter

/// Comments across builds: each comment's path is replayed in a fresh window of the app as it
/// runs now, when the server starts and when its templates reload, off the path of requests. One
/// that still reaches its screen is current; one that does not is outdated, with where its path
/// stopped, as a code review marks a comment on lines that changed.
extension SessionHost {
    /// Replays every stored comment's path and stores the reaches that changed; returns how many
    /// comments were replayed and how many are outdated. Stops early when its task is cancelled.
    @discardableResult
    func replayComments() async -> (replayed: Int, outdated: Int) {
        let stored: [ScreenComment]
        do {
            stored = try await paths.comments(askedBy: nil)
        } catch {
            logger.warning("click path store: comments not replayed: \(error)")
            return (0, 0)
        }
        var changed: [String: ScreenComment.Reach] = [:]
        var outdated = 0
        for comment in stored {
            guard !Task.isCancelled else { return (0, 0) }
            let reach = await reach(of: comment)
            if reach != comment.reach { changed[comment.id] = reach }
            if reach != .current { outdated += 1 }
        }
        if !changed.isEmpty {
            do {
                try await paths.markComments(changed)
            } catch {
                logger.warning("click path store: comments' reach not stored: \(error)")
            }
        }
        if !stored.isEmpty {
            logger.info("comments replayed: \(stored.count), of which \(outdated) outdated")
        }
        await commentsChanged()
        return (stored.count, outdated)
    }

    /// Where `comment`'s path leads on this build: its screen (current), or not.
    @MainActor
    private func reach(of comment: ScreenComment) async -> ScreenComment.Reach {
        // Yielding between entries: the sessions of the server share the main actor.
        let (scene, replay) = await SessionScene.replaying(
            comment.path, app: app, maxPathEntries: configuration.maxClickPathEntries,
            settleTimeout: configuration.settleTimeout, yielding: true)
        defer { scene.close() }
        if let stopped = replay.stoppedBecause { return .outdated(stoppedAt: stopped) }
        let reached = scene.window.updatedScreenTree().storyboardScreen
        return reached == comment.screen ? .current : .outdated(stoppedAt: "its steps now lead to \(reached)")
    }
}
