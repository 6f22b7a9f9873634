import type { Strings } from "./en";

/** The business-systems family's strings in Spanish. */
const es: Strings = {
  errors: {
    json: "Error al analizar el JSON",
    data: "Error al procesar los datos",
  },
  search: {
    title: "Búsqueda de API: {{query}}",
    titlePlain: "Búsqueda de API",
    running: "Buscando las API…",
    found: "API encontradas: {{n}}",
    none: "No se encontraron API para «{{query}}»",
    failed: "La búsqueda de API falló: {{error}}",
    similarity: "Similitud",
    pathParameters: "Ruta",
    queryParameters: "Consulta",
    required: "obligatorio",
    takesBody: "Cuerpo JSON",
    results: "API encontradas",
  },
  call: {
    title: "{{request}} en {{system}}",
    titlePlain: "Llamada a la API",
    running: "Llamando a {{system}}…",
    failed: "La llamada a la API falló: {{error}}",
    noData: "No hay datos de respuesta disponibles",
    request: "Solicitud",
    operation: "Operación",
    pathParams: "Parámetros de ruta",
    query: "Parámetros de consulta",
    body: "Cuerpo",
    noParameters: "Sin parámetros",
    response: "Respuesta",
    statusCode: "Estado {{status}}",
    truncated: "El asistente recibió una respuesta abreviada; aquí se muestra completa.",
    willSend: "Esta solicitud se enviará a {{system}}:",
    nothingSent: "No se envió nada a {{system}}.",
    issues: "Problemas de validación",
    issuePath: "Ruta",
    expected: "Esperado",
    received: "Recibido",
    message: "Mensaje",
    parameters: "Parámetros enviados",
    suggestions: "Correcciones sugeridas",
    answer: "Lo que respondió {{system}}",
  },
};

export default es;
