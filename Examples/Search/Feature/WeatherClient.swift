import Foundation
import Substate

/// Places a search found, as TCA's Search example's geocoding API answers.
public struct GeocodingSearch: Equatable, Sendable, Codable {
    public var results: [Result]

    public init(results: [Result]) {
        self.results = results
    }

    /// One place.
    public struct Result: Equatable, Identifiable, Sendable, Codable {
        public var country: String
        public var latitude: Double
        public var longitude: Double
        public var id: Int
        public var name: String
        public var admin1: String?

        public init(
            country: String, latitude: Double, longitude: Double, id: Int, name: String, admin1: String? = nil
        ) {
            self.country = country
            self.latitude = latitude
            self.longitude = longitude
            self.id = id
            self.name = name
            self.admin1 = admin1
        }
    }

    /// Three places, as TCA's example's `GeocodingSearch.mock`.
    public static let mock = GeocodingSearch(results: [
        Result(country: "United States", latitude: 40.6782, longitude: -73.9442, id: 1, name: "Brooklyn"),
        Result(country: "United States", latitude: 34.0522, longitude: -118.2437, id: 2, name: "Los Angeles"),
        Result(country: "United States", latitude: 37.7749, longitude: -122.4194, id: 3, name: "San Francisco"),
    ])
}

/// A place's forecast, day by day, as TCA's Search example's forecast API answers.
public struct Forecast: Equatable, Sendable, Codable {
    public var daily: Daily
    public var dailyUnits: DailyUnits

    public init(daily: Daily, dailyUnits: DailyUnits) {
        self.daily = daily
        self.dailyUnits = dailyUnits
    }

    /// The days' highest and lowest temperatures.
    public struct Daily: Equatable, Sendable, Codable {
        public var temperatureMax: [Double]
        public var temperatureMin: [Double]
        public var time: [Date]

        public init(temperatureMax: [Double], temperatureMin: [Double], time: [Date]) {
            self.temperatureMax = temperatureMax
            self.temperatureMin = temperatureMin
            self.time = time
        }
    }

    /// The units of the temperatures.
    public struct DailyUnits: Equatable, Sendable, Codable {
        public var temperatureMax: String
        public var temperatureMin: String

        public init(temperatureMax: String, temperatureMin: String) {
            self.temperatureMax = temperatureMax
            self.temperatureMin = temperatureMin
        }
    }

    /// Three days, as TCA's example's `Forecast.mock`.
    public static let mock = Forecast(
        daily: Daily(
            temperatureMax: [90, 70, 100], temperatureMin: [70, 50, 80],
            time: [0, 86_400, 172_800].map(Date.init(timeIntervalSince1970:))),
        dailyUnits: DailyUnits(temperatureMax: "°F", temperatureMin: "°F"))
}

/// Loads a place's forecast: TCA's example's `WeatherClient`, read from the store's dependencies.
///
/// The example ships no network client: its live value answers with ``Forecast/mock``. The test
/// value leaves the endpoint unimplemented, as TCA's `@DependencyClient` does, so a test sets
/// what it needs: `$0[WeatherClient.self].forecast = { _ in .mock }`.
public struct WeatherClient: DependencyKey, Sendable {
    public var forecast: @Sendable (_ location: GeocodingSearch.Result) async throws -> Forecast

    public init(forecast: @escaping @Sendable (_ location: GeocodingSearch.Result) async throws -> Forecast) {
        self.forecast = forecast
    }

    public static let liveValue = WeatherClient { _ in .mock }
    public static let testValue = WeatherClient(forecast: unimplemented("WeatherClient.forecast", throwing: ()))
}
