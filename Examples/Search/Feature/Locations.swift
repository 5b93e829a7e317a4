import Foundation
import Substate
import SubstateMiddleware

/// The places a search found: tapping one loads its forecast, and a newer tap cancels the
/// request still in flight, as in TCA's Search example.
public struct Locations: Model, Equatable {
    /// Takes the actions declared inside it (see `ActionRouting`).
    public static let routing = ActionRouting.nestedActions
    public var results: [GeocodingSearch.Result]
    /// The place whose forecast is being loaded.
    public var resultForecastRequestInFlight: GeocodingSearch.Result?
    /// The forecast of the place tapped last, once loaded.
    public var weather: Weather?

    public init(
        results: [GeocodingSearch.Result] = [], resultForecastRequestInFlight: GeocodingSearch.Result? = nil,
        weather: Weather? = nil
    ) {
        self.results = results
        self.resultForecastRequestInFlight = resultForecastRequestInFlight
        self.weather = weather
    }

    /// A place's forecast, as shown.
    public struct Weather: Equatable, Sendable {
        public var id: GeocodingSearch.Result.ID
        public var days: [Day]

        public init(id: GeocodingSearch.Result.ID, days: [Day]) {
            self.id = id
            self.days = days
        }

        /// One day of it.
        public struct Day: Equatable, Sendable {
            public var date: Date
            public var temperatureMax: Double
            public var temperatureMaxUnit: String
            public var temperatureMin: Double
            public var temperatureMinUnit: String

            public init(
                date: Date, temperatureMax: Double, temperatureMaxUnit: String, temperatureMin: Double,
                temperatureMinUnit: String
            ) {
                self.date = date
                self.temperatureMax = temperatureMax
                self.temperatureMaxUnit = temperatureMaxUnit
                self.temperatureMin = temperatureMin
                self.temperatureMinUnit = temperatureMinUnit
            }
        }
    }

    /// A place was tapped: its forecast is requested.
    public struct SearchResultTapped: Action, Equatable {
        public let location: GeocodingSearch.Result
        public init(_ location: GeocodingSearch.Result) { self.location = location }
    }

    /// The forecast of the place with the id arrived, or failed.
    public struct ForecastResponse: Action {
        public let id: GeocodingSearch.Result.ID
        public let result: Result<Forecast, any Error>
        public init(id: GeocodingSearch.Result.ID, _ result: Result<Forecast, any Error>) {
            self.id = id
            self.result = result
        }
    }

    public mutating func update(action: Action) {
        switch action {
        case let tapped as SearchResultTapped:
            resultForecastRequestInFlight = tapped.location
        case let response as ForecastResponse:
            switch response.result {
            case .success(let forecast):
                weather = Weather(
                    id: response.id,
                    days: forecast.daily.time.indices.map {
                        Weather.Day(
                            date: forecast.daily.time[$0], temperatureMax: forecast.daily.temperatureMax[$0],
                            temperatureMaxUnit: forecast.dailyUnits.temperatureMax,
                            temperatureMin: forecast.daily.temperatureMin[$0],
                            temperatureMinUnit: forecast.dailyUnits.temperatureMin)
                    })
            case .failure:
                weather = nil
            }
            resultForecastRequestInFlight = nil
        default: break
        }
    }
}

/// The forecast request: one at a time, a newer tap cancelling the one in flight (TCA's
/// `.cancellable(id: CancelID.weather, cancelInFlight: true)`).
@MainActor
public let locationsEffects = EffectHandler(effects: [
    Effect(for: Locations.SearchResultTapped.self, id: "weather", cancelInFlight: true) { tapped in
        let client = Dependencies.current[WeatherClient.self]
        return Locations.ForecastResponse(
            id: tapped.location.id, await Result { try await client.forecast(tapped.location) })
    }
])
