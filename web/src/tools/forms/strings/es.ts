import type { Strings } from "./en";

/** The forms family's strings in Spanish. */
const es: Strings = {
  title: "Datos del usuario",
  preparing: "Preparando el formulario de datos del usuario...",
  waiting: "Esperando su respuesta",
  submitted: "Enviado",
  canceled: "Cancelado",
  canceledDetail: "El usuario canceló esta solicitud de datos",
  submitFailed: "Se produjo un error al procesar sus datos. Inténtelo de nuevo.",
  cancelFailed: "Se produjo un error al cancelar la solicitud de datos.",
};

export default es;
