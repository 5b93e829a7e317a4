import Foundation
import SearchFeature
import Substate
import SubstateTesting
import Testing

/// TCA's Search example's tests of tapping a location, ported with their scenarios and expected
/// values.
@MainActor
struct LocationsTests {
    /// TCA's `SearchTests.tapOnLocationCancelsInFlightRequest`: the forecast request sleeps
    /// `.zero` on a test clock, so the first tap's request is still in flight when the second
    /// tap cancels it, and only the second answers once the clock is advanced.
    @Test
    func tapOnLocationCancelsInFlightRequest() async {
        let specialResult = GeocodingSearch.Result(
            country: "Special Country",
            latitude: 0,
            longitude: 0,
            id: 42,
            name: "Special Place"
        )

        var results = GeocodingSearch.mock.results
        results.append(specialResult)

        let clock = TestClock()

        let store = TestStore(model: Locations(results: results), middleware: [locationsEffects]) {
            $0[WeatherClient.self].forecast = { @Sendable _ in
                try await clock.sleep(for: .seconds(0))
                return .mock
            }
        }

        await store.send(Locations.SearchResultTapped(results.first!)) {
            $0.resultForecastRequestInFlight = results.first!
        }
        await store.send(Locations.SearchResultTapped(specialResult)) {
            $0.resultForecastRequestInFlight = specialResult
        }
        await clock.advance()
        await store.receive(Locations.ForecastResponse.self) {
            $0.resultForecastRequestInFlight = nil
            $0.weather = Locations.Weather(
                id: 42,
                days: [
                    Locations.Weather.Day(
                        date: Date(timeIntervalSince1970: 0),
                        temperatureMax: 90,
                        temperatureMaxUnit: "°F",
                        temperatureMin: 70,
                        temperatureMinUnit: "°F"
                    ),
                    Locations.Weather.Day(
                        date: Date(timeIntervalSince1970: 86_400),
                        temperatureMax: 70,
                        temperatureMaxUnit: "°F",
                        temperatureMin: 50,
                        temperatureMinUnit: "°F"
                    ),
                    Locations.Weather.Day(
                        date: Date(timeIntervalSince1970: 172_800),
                        temperatureMax: 100,
                        temperatureMaxUnit: "°F",
                        temperatureMin: 80,
                        temperatureMinUnit: "°F"
                    ),
                ]
            )
        }
    }
}
