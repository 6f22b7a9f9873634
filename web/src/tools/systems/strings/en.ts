import type { Translation } from "../../../i18n/families";

/**
 * The business-systems family's strings (`systems.*` in the catalogue), in English: the
 * source of its keys. The spec's quoted texts (001 §2.4, §8) are kept exactly.
 */
const en = {
  errors: {
    json: "JSON parsing error",
    data: "Data processing error",
  },
  search: {
    title: "API search: {{query}}",
    titlePlain: "API search",
    running: "Searching the APIs…",
    found: "APIs found: {{n}}",
    none: 'No APIs found for "{{query}}"',
    failed: "API search failed: {{error}}",
    similarity: "Similarity",
    pathParameters: "Path",
    queryParameters: "Query",
    required: "required",
    takesBody: "JSON body",
    results: "APIs found",
  },
  call: {
    title: "{{request}} on {{system}}",
    titlePlain: "API call",
    running: "Calling {{system}}…",
    failed: "API call failed: {{error}}",
    noData: "No response data available",
    request: "Request",
    operation: "Operation",
    pathParams: "Path parameters",
    query: "Query parameters",
    body: "Body",
    noParameters: "No parameters",
    response: "Response",
    statusCode: "Status {{status}}",
    truncated: "The assistant was given a shortened answer; the whole answer is shown here.",
    willSend: "This request will be sent to {{system}}:",
    nothingSent: "Nothing was sent to {{system}}.",
    issues: "Validation issues",
    issuePath: "Path",
    expected: "Expected",
    received: "Received",
    message: "Message",
    parameters: "Parameters passed",
    suggestions: "Suggested fixes",
    answer: "What {{system}} answered",
  },
} as const;

/** The shape of every other language's strings: exactly these keys. */
export type Strings = Translation<typeof en>;

export default en;
