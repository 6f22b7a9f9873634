import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { chooseLanguage } from "../../i18n";
import { toolCall } from "../../test/toolCalls";
import { WeatherCard } from "./WeatherCard";
import { conditionKey } from "./weather";

const savannah = {
  location: "Savannah, Georgia, United States",
  latitude: 32.08,
  longitude: -81.09,
  temperature: 27.36,
  unit: "C",
  condition: "Partly cloudy",
  humidity: 71,
  windSpeed: 12.24,
  lastUpdated: "2025-06-01T14:00",
  timezone: "America/New_York",
};

describe("weather card", () => {
  it("shows location, temperature with unit, condition, humidity, wind in km/h, update time and the note 'Data for reference only'", () => {
    render(<WeatherCard invocation={toolCall("weatherTool", "completed", { input: { location: "Savannah" }, output: savannah })} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("Weather in Savannah, Georgia, United States");
    expect(screen.getByTestId("weather-temperature")).toHaveTextContent("27.4 °C");
    expect(screen.getAllByText("Partly cloudy").length).toBeGreaterThan(0);
    expect(screen.getByText("71 %")).toBeVisible();
    expect(screen.getByText("12.2 km/h")).toBeVisible();
    expect(screen.getByText(/Updated 2025-06-01 14:00/)).toHaveTextContent("America/New_York");
    expect(screen.getByTestId("weather-note")).toHaveTextContent("Data for reference only");
  });

  it("names the place asked for while the weather is fetched", () => {
    render(<WeatherCard invocation={toolCall("weatherTool", "executing", { input: { location: "Savannah" } })} />);
    expect(screen.getByTestId("tool-status")).toHaveTextContent("Getting the weather for Savannah…");
    expect(screen.getByTestId("tool-skeleton")).toBeInTheDocument();
  });

  it("says clearly when the weather service cannot be reached", () => {
    const errorText = "The weather service could not be reached (connection refused)";
    render(<WeatherCard invocation={toolCall("weatherTool", "failed", { input: { location: "Savannah" }, errorText })} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("Weather in Savannah");
    expect(screen.getByTestId("tool-status")).toHaveTextContent(errorText);
    expect(screen.getByRole("alert")).toHaveTextContent(errorText);
  });

  it("treats a result without a temperature as no result", () => {
    render(<WeatherCard invocation={toolCall("weatherTool", "completed", { input: { location: "X" }, output: { location: "X", temperature: "hot" } })} />);
    expect(screen.getByRole("alert")).toHaveTextContent("No result data available");
  });

  it("reads in Chinese, keeping the spec's note", async () => {
    await chooseLanguage("zh-CN");
    render(<WeatherCard invocation={toolCall("weatherTool", "completed", { input: { location: "Savannah" }, output: { ...savannah, unit: "F", temperature: 81 } })} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("Savannah, Georgia, United States的天气");
    expect(screen.getByTestId("weather-temperature")).toHaveTextContent("81 °F");
    expect(screen.getAllByText("局部多云").length).toBeGreaterThan(0);
    expect(screen.getByText("湿度")).toBeVisible();
    expect(screen.getByTestId("weather-note")).toHaveTextContent("数据仅供参考");
  });

  it("reads the tool's condition words and leaves unknown ones as they are", () => {
    expect(conditionKey("Thunderstorm with hail")).toBe("thunderstormHail");
    expect(conditionKey("Sandstorm")).toBeUndefined();
    expect(conditionKey("toString")).toBeUndefined();
  });

  it("names the place asked for when a stored result has none, and shows a missing reading as a dash", () => {
    // The spec's earlier assistant stored weather results without the place (spec 001 §3).
    const older = { temperature: 21, unit: "C", condition: "Sandstorm", humidity: 40, lastUpdated: "2024-04-01T10:00" };
    render(<WeatherCard invocation={toolCall("weatherTool", "completed", { input: { location: "Dubai" }, output: older })} />);
    expect(screen.getByTestId("tool-title")).toHaveTextContent("Weather in Dubai");
    expect(screen.getByTestId("weather-temperature")).toHaveTextContent("21 °C");
    expect(screen.getAllByText("Sandstorm").length).toBeGreaterThan(0);
    expect(screen.getAllByTestId("weather-reading").map((r) => r.textContent)).toEqual(["40 %", "—"]);
  });
});
