import type { Strings } from "./en";

/** The proving family's strings in Spanish. */
const es: Strings = {
  mark: {
    title: "Marca de prueba",
    will: "Poner una marca de prueba con la etiqueta «{{label}}»",
    done: "Marcado «{{label}}» — {{marks}} en total",
    label: "Etiqueta",
    marks: "Marcas en total",
    id: "Marca",
  },
  ask: {
    title: "Una pregunta para ti",
    waiting: "Esperando tu respuesta",
    answer: "Tu respuesta",
    send: "Enviar",
    answered: "Respondiste «{{answer}}»",
  },
  count: {
    title: "Contando hasta {{to}}",
    titlePlain: "Contando",
    starting: "Contando…",
    counting: "Contando… {{at}} de {{to}}",
    counted: "Contado hasta {{counted}}",
  },
  delegate: {
    title: "Tarea delegada",
    task: "Tarea",
    starting: "Iniciando el subagente…",
    working: "Subagente trabajando — paso {{steps}}",
    done: "El subagente dijo: {{text}}",
  },
};

export default es;
