import type { Strings } from "./en";

/** The proving family's strings in French. */
const fr: Strings = {
  mark: {
    title: "Marque d’essai",
    will: "Poser une marque d’essai intitulée « {{label}} »",
    done: "« {{label}} » marqué — {{marks}} au total",
    label: "Intitulé",
    marks: "Marques au total",
    id: "Marque",
  },
  ask: {
    title: "Une question pour vous",
    waiting: "En attente de votre réponse",
    answer: "Votre réponse",
    send: "Envoyer",
    answered: "Vous avez répondu « {{answer}} »",
  },
  count: {
    title: "Compter jusqu’à {{to}}",
    titlePlain: "Comptage",
    starting: "Comptage…",
    counting: "Comptage… {{at}} sur {{to}}",
    counted: "Compté jusqu’à {{counted}}",
  },
  delegate: {
    title: "Tâche déléguée",
    task: "Tâche",
    starting: "Démarrage du sous-agent…",
    working: "Sous-agent au travail — étape {{steps}}",
    done: "Le sous-agent a dit : {{text}}",
  },
};

export default fr;
