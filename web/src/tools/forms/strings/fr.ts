import type { Strings } from "./en";

/** The forms family's strings in French. */
const fr: Strings = {
  title: "Saisie utilisateur",
  preparing: "Préparation du formulaire de saisie...",
  waiting: "En attente de votre réponse",
  submitted: "Envoyé",
  canceled: "Annulé",
  canceledDetail: "L’utilisateur a annulé cette demande de saisie",
  submitFailed: "Une erreur est survenue lors du traitement de votre saisie. Veuillez réessayer.",
  cancelFailed: "Une erreur est survenue lors de l’annulation de la demande de saisie.",
};

export default fr;
