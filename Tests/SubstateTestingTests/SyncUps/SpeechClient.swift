import Foundation
import Substate

/// Whether the app may recognise speech: TCA's `SFSpeechRecognizerAuthorizationStatus`.
enum SpeechAuthorizationStatus: String, Equatable, Codable, Sendable {
    case notDetermined, denied, restricted, authorized
}

struct SpeechRecognitionResult: Equatable, Codable, Sendable {
    var bestTranscription: Transcription
    var isFinal: Bool
}

struct Transcription: Equatable, Codable, Sendable {
    var formattedString: String
}

extension SpeechRecognitionResult {
    /// The final transcription TCA's recording tests hear.
    static let completedProject = Self(
        bestTranscription: Transcription(formattedString: "I completed the project"), isFinal: true)
}

/// TCA's `SpeechClient`, a dependency: its endpoints are read by the record screen's effect
/// and by the action that starts a meeting.
struct SpeechClient: DependencyKey, Sendable {
    var authorizationStatus: @Sendable () -> SpeechAuthorizationStatus = { .denied }
    var requestAuthorization: @Sendable () async -> SpeechAuthorizationStatus = { .denied }
    // TCA passes `UncheckedSendable(SFSpeechAudioBufferRecognitionRequest())`; the request is
    // the live client's business, so this one takes none.
    var startTask: @Sendable () async -> AsyncThrowingStream<SpeechRecognitionResult, any Error> = {
        AsyncThrowingStream { $0.finish() }
    }

    /// There is no speech recogniser on Linux: the live client says the device does not support
    /// one, and meetings go on without a transcript.
    static let liveValue = SpeechClient(
        authorizationStatus: { .restricted }, requestAuthorization: { .restricted },
        startTask: { AsyncThrowingStream { $0.finish() } })

    /// TCA's `static let testValue = SpeechClient()` of a `@DependencyClient`: an endpoint a
    /// test calls without setting it fails the test, and gives the default above.
    static let testValue = SpeechClient(
        authorizationStatus: unimplemented("SpeechClient.authorizationStatus", placeholder: .denied),
        requestAuthorization: unimplemented("SpeechClient.requestAuthorization", placeholder: .denied),
        startTask: unimplemented(
            "SpeechClient.startTask", placeholder: AsyncThrowingStream { $0.finish() }))
}

/// Opens the app's settings: TCA's `openSettings` dependency. It has no test value, as TCA's
/// has none: a test that opens the settings sets it.
struct OpenSettings: DependencyKey, Sendable {
    var open: @Sendable () async -> Void
    static let liveValue = OpenSettings {}
}
