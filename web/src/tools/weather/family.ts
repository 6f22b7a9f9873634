import type { ToolFamily } from "../types";
import strings from "./strings/en";
import { WeatherCard } from "./WeatherCard";

/** The weather family's web half: weatherTool's card. */
const weather: ToolFamily<typeof strings> = {
  strings,
  cards: { weatherTool: WeatherCard },
};

export default weather;
