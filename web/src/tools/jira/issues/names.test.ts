import { describe, expect, it } from "vitest";
import i18n, { chooseLanguage } from "../../../i18n";
import { trackerName } from "./names";

describe("the tracker's names", () => {
  it("are said in the interface's language when they are the built-in tracker's, and kept as they are otherwise", async () => {
    await chooseLanguage("es");
    const t = i18n.t.bind(i18n);
    expect(["To Do", "In Progress", "Blocked", "Done"].map((n) => trackerName(n, t))).toEqual(["Por hacer", "En curso", "Bloqueado", "Hecho"]);
    expect(["Highest", "High", "Medium", "Low", "Lowest"].map((n) => trackerName(n, t))).toEqual(["Máxima", "Alta", "Media", "Baja", "Mínima"]);
    expect(["Task", "Bug", "Incident", "Claim", "Story", "Epic"].map((n) => trackerName(n, t))).toEqual(["Tarea", "Error", "Incidente", "Reclamación", "Historia", "Épica"]);
    expect(["Start Progress", "Block", "Unblock", "Stop Progress", "Reopen", "Back to To Do"].map((n) => trackerName(n, t))).toEqual([
      "Iniciar progreso",
      "Bloquear",
      "Desbloquear",
      "Detener progreso",
      "Reabrir",
      "Volver a Por hacer",
    ]);
    // A real Jira site's own names, in its people's words, stay.
    expect(trackerName("Awaiting carrier", t)).toBe("Awaiting carrier");
    expect(trackerName("Start progress", t)).toBe("Start progress");
    expect(trackerName(undefined, t)).toBeUndefined();
    await chooseLanguage("en");
    expect(trackerName("Back to To Do", i18n.t.bind(i18n))).toBe("Back to To Do");
  });
});
