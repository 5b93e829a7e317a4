import Foundation
import Substate

// TCA's SyncUps models (Models.swift), as plain values: the sync-ups are shared state, held by
// `Shared` fields of the screens that show them, not models of their own.

struct SyncUp: Equatable, Identifiable, Codable, Sendable {
    let id: UUID  // TCA: Tagged<Self, UUID>
    var attendees: [Attendee] = []  // TCA: IdentifiedArrayOf<Attendee>
    var duration: Duration = .seconds(60 * 5)
    var meetings: [Meeting] = []  // TCA: IdentifiedArrayOf<Meeting>
    var theme: Theme = .bubblegum
    var title = ""

    var durationPerAttendee: Duration {
        duration / attendees.count
    }
}

struct Attendee: Equatable, Identifiable, Codable, Sendable {
    let id: UUID  // TCA: Tagged<Self, UUID>
    var name = ""
}

struct Meeting: Equatable, Identifiable, Codable, Sendable {
    let id: UUID  // TCA: Tagged<Self, UUID>
    let date: Date
    var transcript: String
}

enum Theme: String, CaseIterable, Equatable, Identifiable, Codable, Sendable {
    case bubblegum
    case buttercup
    case indigo
    case lavender
    case magenta
    case navy
    case orange
    case oxblood
    case periwinkle
    case poppy
    case purple
    case seafoam
    case sky
    case tan
    case teal
    case yellow

    var id: Self { self }

    var name: String { rawValue.capitalized }
}

extension SharedKey where Value == [SyncUp] {
    /// The sync-ups every screen shows: TCA's `.syncUps`, a file-storage key.
    static var syncUps: Self { SharedKey("syncUps") }
}

extension SharedKey where Value == SyncUp {
    /// One sync-up shared by screens shown alone, outside the list: TCA's `Shared(value:)`.
    static var syncUp: Self { SharedKey("syncUp") }
}

extension SyncUp {
    static let mock = Self(
        id: UUID(),
        attendees: [
            Attendee(id: UUID(), name: "Blob"),
            Attendee(id: UUID(), name: "Blob Jr"),
            Attendee(id: UUID(), name: "Blob Sr"),
            Attendee(id: UUID(), name: "Blob Esq"),
            Attendee(id: UUID(), name: "Blob III"),
            Attendee(id: UUID(), name: "Blob I"),
        ],
        duration: .seconds(60),
        meetings: [
            Meeting(
                id: UUID(),
                date: Date().addingTimeInterval(-60 * 60 * 24 * 7),
                transcript: """
                    Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor \
                    incididunt ut labore et dolore magna aliqua. Ut enim ad minim veniam, quis nostrud \
                    exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat. Duis aute irure \
                    dolor in reprehenderit in voluptate velit esse cillum dolore eu fugiat nulla pariatur. \
                    Excepteur sint occaecat cupidatat non proident, sunt in culpa qui officia deserunt \
                    mollit anim id est laborum.
                    """
            )
        ],
        theme: .orange,
        title: "Design"
    )

    static let engineeringMock = Self(
        id: UUID(),
        attendees: [
            Attendee(id: UUID(), name: "Blob"),
            Attendee(id: UUID(), name: "Blob Jr"),
        ],
        duration: .seconds(60 * 10),
        theme: .periwinkle,
        title: "Engineering"
    )

    static let productMock = Self(
        id: UUID(),
        attendees: [
            Attendee(id: UUID(), name: "Blob Sr"),
            Attendee(id: UUID(), name: "Blob Jr"),
        ],
        duration: .seconds(60 * 30),
        theme: .poppy,
        title: "Product"
    )

    /// TCA's three-attendee, six-second sync-up of the recording tests, its ids each a new UUID
    /// (`SyncUp.ID()`, `Attendee.ID()`).
    static func threeAttendees() -> Self {
        Self(id: UUID(), attendees: (0..<3).map { _ in Attendee(id: UUID()) }, duration: .seconds(6))
    }
}
