import Substate
import SubstateMiddleware

/// The app's effects, each declared once and run per instance: a download per episode row,
/// cancelled by its row's second tap (or by removing the row), and a timer per player screen,
/// which ends when that screen is popped.
@MainActor
public func podcastsEffects() -> EffectHandler {
    EffectHandler(effects: [
        Effect(
            model: Episode.self, action: Episode.DownloadTapped.self, id: "download", cancelInFlight: true,
            when: { _, after in after.download != .notStarted }
        ) { episode, _, send in
            for step in 1...Episode.steps {
                try await send.dependencies.clock.sleep(for: .seconds(1))
                await send(Episode.DownloadProgressed(targetID: episode.id, progress: step))
            }
        },
        Effect.cancel(id: "download", on: Episode.DownloadTapped.self, model: Episode.self) { _, after in
            after.download == .notStarted
        },
        Effect(for: Player.PlayTapped.self, id: "playing") { _, send in
            for await _ in send.dependencies.clock.timer(interval: .seconds(1)) { await send(Player.Tick()) }
        },
        Effect(for: Player.CloseTapped.self) { _, send in await send.dismiss() },
    ])
}
