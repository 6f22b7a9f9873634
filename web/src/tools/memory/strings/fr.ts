import type { KeyPath } from "../../../i18n/families";
import type { Strings } from "./en";

/** The memory family's strings in French. */
const fr: Strings = {
  titles: {
    search: "Recherche en mémoire",
    searchFor: "Recherche en mémoire : {{query}}",
    save: "Enregistrer un souvenir",
    delete: "Supprimer un souvenir",
  },
  running: {
    search: "Recherche dans les souvenirs…",
    save: "Enregistrement du souvenir…",
    delete: "Suppression du souvenir…",
  },
  results: {
    search_one: "{{count}} souvenir trouvé",
    search_other: "{{count}} souvenirs trouvés",
    searchNone: "Aucun souvenir trouvé",
    save: "Souvenir enregistré",
    delete: "Souvenir supprimé",
  },
  failed: {
    search: "Échec de la recherche dans les souvenirs : {{error}}",
    save: "Échec de l'ajout du souvenir : {{error}}",
    delete: "Échec de la suppression du souvenir : {{error}}",
  },
  query: "Requête",
  label: "Souvenirs trouvés",
  none: "Aucun souvenir trouvé",
  showAll: "Tout afficher",
  showLess: "Afficher moins",
  score: "Score {{score}}",
  scoreHint: "Sa correspondance avec la recherche, de 0 à 1",
  created: "Enregistré le {{date}}",
  saved: "Souvenir enregistré",
  deleted: "Souvenir supprimé",
  approval: {
    savePersonal: "Retient ceci pour vous :",
    saveSystem: "Retient ceci pour toute votre entreprise :",
    delete: "Oublie ce souvenir :",
  },
  parameters: {
    content: "Souvenir",
    importance: "Importance",
    type: "Type",
    memoryId: "ID du souvenir",
  },
  type: {
    personal: "Personnel",
    system: "Entreprise",
  },
  importance: {
    low: "Faible",
    medium: "Moyenne",
    high: "Élevée",
  },
  importanceBadge: {
    low: "Importance faible",
    medium: "Importance moyenne",
    high: "Importance élevée",
  },
  source: {
    chat: "Depuis le chat",
    manual: "Ajouté à la main",
  },
};

export default fr;

/** Words that are the same in French (catalogues.test.ts checks the rest are translated). */
export const sameAsEnglish: readonly KeyPath<Strings>[] = ["score", "parameters.importance", "parameters.type"];
