import Foundation
import Substate

/// A model that ``ModelSaver`` keeps on disk across launches.
///
/// It is `Codable`, with a key that names its file (by default derived from its type, so
/// `Tracker<NewsScreen>` and `Tracker<ProductsScreen>` save apart) and a schema version. When
/// a file of an older version is loaded, ``migrate(from:data:)`` upgrades it.
///
/// ```swift
/// struct Settings: SavedModel, Equatable {
///     var theme = "light"
///     var fontSize = 12
///     static var schemaVersion: Int { 2 }
///
///     static func migrate(from version: Int, data: Data) throws -> Settings {
///         struct V1: Decodable { var theme: String }   // version 1 had no font size
///         return Settings(theme: try JSONDecoder().decode(V1.self, from: data).theme)
///     }
/// }
/// ```
public protocol SavedModel: Model, Codable {
    /// The name of the model's file, without extension; stable across launches.
    static var saveKey: String { get }
    /// The version of the model's encoded shape; raise it when the shape changes.
    static var schemaVersion: Int { get }
    /// Upgrades the JSON of the model as an older schema version wrote it. By default there is
    /// no migration, and loading such a file fails (the file is kept aside).
    static func migrate(from version: Int, data: Data) throws -> Self
    /// The type name written beside the model and checked when it is loaded, so that an entry
    /// another model type wrote under the same key fails to load (``SaveError/wrongType(found:expected:)``)
    /// rather than loading as this type. By default the type's name; a type renamed while
    /// keeping its `saveKey` keeps its old name here.
    static var savedTypeName: String { get }
}

extension SavedModel {
    public static var saveKey: String { fileName(for: typeName(Self.self)) }

    public static var schemaVersion: Int { 1 }

    public static var savedTypeName: String { typeName(Self.self) }

    public static func migrate(from version: Int, data: Data) throws -> Self {
        throw SaveError.noMigration(from: version, to: schemaVersion)
    }
}

/// Why a saved model could not be loaded or saved.
public enum SaveError: Error, Equatable, CustomStringConvertible {
    /// The file is not valid JSON of the model (it was moved aside).
    case corrupt(String)
    /// The file was written by a newer schema version; it is left as it is and not overwritten.
    case newerVersion(found: Int, supported: Int)
    /// The file is of an older version and the model has no migration from it.
    case noMigration(from: Int, to: Int)
    /// The model's migration from the file's older version failed.
    case migrationFailed(from: Int, cause: String)
    /// The storage could not carry out an operation on a path, for the reason given.
    case failed(_ operation: String, _ path: String, _ reason: String)
    /// The entry was saved for another model type; it is left as it is and not overwritten.
    case wrongType(found: String, expected: String)

    /// Whether the file is unreadable as a saved model, rather than of a version this app
    /// cannot read.
    var isCorrupt: Bool {
        if case .corrupt = self { return true }
        return false
    }

    public var description: String {
        switch self {
        case .corrupt(let cause): "not a valid saved model: \(cause)"
        case .newerVersion(let found, let supported):
            "written by schema version \(found), newer than \(supported); left as it is and not overwritten"
        case .noMigration(let from, let to): "schema version \(from) has no migration to \(to)"
        case .migrationFailed(let from, let cause): "migration from schema version \(from) failed: \(cause)"
        case .failed(let operation, let path, let reason): "could not \(operation) \(path): \(reason)"
        case .wrongType(let found, let expected):
            "wrong model type: saved for \(found), not \(expected); left as it is and not overwritten"
        }
    }
}

/// A file name for a key: readable, without path separators or characters some systems refuse.
func fileName(for key: String) -> String {
    String(
        key.map { character -> Character in
            switch character {
            case "<": "("
            case ">": ")"
            case "/", "\\", ":", "*", "?", "\"", "|", " ", ",": "_"
            default: character
            }
        })
}
