import Foundation
import Substate
import SubstateMiddleware
import SubstateTesting
import XCTest

// TCA's reusable offline-download component, ported with its scenarios and expected values: a
// download per component, an alert to stop or delete it whose buttons close it by themselves,
// and the download cancelled by its own component's id, with no middleware of the app's own.

struct DownloadComponent: Model, Equatable, Identifiable {
    enum Mode: Equatable {
        case downloaded
        case downloading(progress: Double)
        case notDownloaded
        case startingToDownload
    }

    /// The alert's buttons, naming the component they belong to.
    enum AlertAction: TargetedAction, Equatable {
        typealias Target = DownloadComponent
        case deleteButtonTapped(Int)
        case stopButtonTapped(Int)
        var targetID: Int {
            switch self {
            case .deleteButtonTapped(let id), .stopButtonTapped(let id): id
            }
        }
    }

    let id: Int
    var alert = Presented<AlertState<AlertAction>>()
    var mode: Mode
    var url: URL

    struct ButtonTapped: TargetedAction, Equatable {
        typealias Target = DownloadComponent
        let targetID: Int
    }

    struct DownloadEvent: Action, Equatable {
        let id: Int
        let event: DownloadClient.Event
    }

    struct DownloadFailed: Action, Equatable { let id: Int }

    mutating func update(action: Action) {
        switch action {
        case let tap as ButtonTapped where tap.targetID == id:
            switch mode {
            case .downloaded:
                alert.screen = AlertState(
                    title: "Do you want to delete this map from your offline storage?",
                    buttons: [
                        .init("Delete", role: .destructive, action: .deleteButtonTapped(id)), .cancel("Nevermind"),
                    ])
            case .downloading, .startingToDownload:
                alert.screen = AlertState(
                    title: "Do you want to stop downloading this map?",
                    buttons: [.init("Stop", role: .destructive, action: .stopButtonTapped(id)), .cancel("Nevermind")])
            case .notDownloaded:
                mode = .startingToDownload
            }
        case let button as AlertAction where button.targetID == id:
            mode = .notDownloaded
        case let download as DownloadEvent where download.id == id:
            switch download.event {
            case .response:
                mode = .downloaded
                alert.screen = nil
            case .updateProgress(let progress):
                mode = .downloading(progress: progress)
            }
        case let failure as DownloadFailed where failure.id == id:
            mode = .notDownloaded
            alert.screen = nil
        default:
            break
        }
    }
}

/// The download client, as the case study's `DownloadClient`.
struct DownloadClient: DependencyKey, Sendable {
    enum Event: Equatable, Sendable {
        case response(Data)
        case updateProgress(Double)
    }

    var download: @Sendable (URL) -> AsyncThrowingStream<Event, any Error>
    static var liveValue: DownloadClient { DownloadClient { _ in AsyncThrowingStream { $0.finish() } } }
}

@MainActor
let downloadEffects = EffectHandler(effects: [
    Effect(
        model: DownloadComponent.self, action: DownloadComponent.ButtonTapped.self, id: "download",
        when: { before, _ in before?.mode == .notDownloaded }
    ) { component, _, send in
        do {
            for try await event in send.dependencies[DownloadClient.self].download(component.url) {
                await send(DownloadComponent.DownloadEvent(id: component.id, event: event))
            }
        } catch {
            await send(DownloadComponent.DownloadFailed(id: component.id))
        }
    },
    Effect.cancel(id: "download", on: DownloadComponent.AlertAction.self),
])

@MainActor
final class DownloadComponentPortTests: XCTestCase {
    private let url = URL(string: "https://www.pointfree.co")!

    private func store(
        _ mode: DownloadComponent.Mode, _ download: AsyncThrowingStream<DownloadClient.Event, any Error>
    ) -> TestStore<DownloadComponent> {
        TestStore(model: DownloadComponent(id: 1, mode: mode, url: url), middleware: [downloadEffects]) {
            $0[DownloadClient.self] = DownloadClient { _ in download }
        }
    }

    func testDownloadFlow() async {
        let download = AsyncThrowingStream.makeStream(of: DownloadClient.Event.self)
        let store = store(.notDownloaded, download.stream)

        await store.send(DownloadComponent.ButtonTapped(targetID: 1)) { $0.mode = .startingToDownload }

        download.continuation.yield(.updateProgress(0.2))
        await store.receive(DownloadComponent.DownloadEvent(id: 1, event: .updateProgress(0.2))) {
            $0.mode = .downloading(progress: 0.2)
        }

        download.continuation.yield(.response(Data()))
        download.continuation.finish()
        await store.receive(DownloadComponent.DownloadEvent(id: 1, event: .response(Data()))) {
            $0.mode = .downloaded
        }
    }

    func testCancelDownloadFlow() async {
        let download = AsyncThrowingStream.makeStream(of: DownloadClient.Event.self)
        let store = store(.notDownloaded, download.stream)

        await store.send(DownloadComponent.ButtonTapped(targetID: 1)) { $0.mode = .startingToDownload }

        download.continuation.yield(.updateProgress(0.2))
        await store.receive(DownloadComponent.DownloadEvent(id: 1, event: .updateProgress(0.2))) {
            $0.mode = .downloading(progress: 0.2)
        }

        await store.send(DownloadComponent.ButtonTapped(targetID: 1)) {
            $0.alert.screen = AlertState(
                title: "Do you want to stop downloading this map?",
                buttons: [.init("Stop", role: .destructive, action: .stopButtonTapped(1)), .cancel("Nevermind")])
        }

        await store.send(DownloadComponent.AlertAction.stopButtonTapped(1)) {
            $0.alert.screen = nil
            $0.mode = .notDownloaded
        }
    }

    func testDownloadFinishesWhileTryingToCancel() async {
        let download = AsyncThrowingStream.makeStream(of: DownloadClient.Event.self)
        let store = store(.notDownloaded, download.stream)

        await store.send(DownloadComponent.ButtonTapped(targetID: 1)) { $0.mode = .startingToDownload }

        await store.send(DownloadComponent.ButtonTapped(targetID: 1)) {
            $0.alert.screen = AlertState(
                title: "Do you want to stop downloading this map?",
                buttons: [.init("Stop", role: .destructive, action: .stopButtonTapped(1)), .cancel("Nevermind")])
        }

        download.continuation.yield(.response(Data()))
        download.continuation.finish()
        await store.receive(DownloadComponent.DownloadEvent(id: 1, event: .response(Data()))) {
            $0.alert.screen = nil
            $0.mode = .downloaded
        }

        await store.finish()
    }

    func testDeleteDownloadFlow() async {
        let download = AsyncThrowingStream.makeStream(of: DownloadClient.Event.self)
        let store = store(.downloaded, download.stream)

        await store.send(DownloadComponent.ButtonTapped(targetID: 1)) {
            $0.alert.screen = AlertState(
                title: "Do you want to delete this map from your offline storage?",
                buttons: [.init("Delete", role: .destructive, action: .deleteButtonTapped(1)), .cancel("Nevermind")])
        }

        await store.send(DownloadComponent.AlertAction.deleteButtonTapped(1)) {
            $0.alert.screen = nil
            $0.mode = .notDownloaded
        }
    }
}
