/** The issue list's quick filters: each fills the JQL box and runs it. */
export const QUICK_FILTERS = [
  { id: "mine", jql: "assignee = currentUser() AND statusCategory != Done ORDER BY updated DESC" },
  { id: "open", jql: "statusCategory != Done ORDER BY priority DESC, updated DESC" },
  { id: "recent", jql: "updated >= -7d ORDER BY updated DESC" },
  { id: "all", jql: "ORDER BY created DESC" },
] as const;

export type QuickFilterId = (typeof QUICK_FILTERS)[number]["id"];

/** What the list searches when the address names no query: the open issues. */
export const DEFAULT_JQL: string = QUICK_FILTERS[1].jql;

/**
 * Where the query's top-level `ORDER BY` starts (outside quotes and parentheses), or -1.
 * A word such as `"order by"` inside a string value is not a clause.
 */
export function orderByIndex(jql: string): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = 0; i < jql.length; i++) {
    const c = jql[i]!;
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'") quote = c;
    else if (c === "(") depth++;
    else if (c === ")") depth = Math.max(0, depth - 1);
    else if (depth === 0 && (c === "o" || c === "O") && (i === 0 || /[\s)]/.test(jql[i - 1]!)) && /^order\s+by\b/i.test(jql.slice(i))) return i;
  }
  return -1;
}

/** A project key as a JQL value: bare when it is a plain key, quoted otherwise. */
export function jqlValue(text: string): string {
  return /^[A-Za-z][A-Za-z0-9_]*$/.test(text) ? text : jqlString(text);
}

/**
 * The query limited to one project: `project = KEY AND (…)`, with the ordering kept
 * after the parentheses (`ORDER BY` cannot sit inside them). Without a project, the query.
 */
export function withProject(jql: string, project: string | null): string {
  if (!project) return jql;
  const at = orderByIndex(jql);
  const where = (at < 0 ? jql : jql.slice(0, at)).trim();
  const order = at < 0 ? "" : ` ${jql.slice(at).trim()}`;
  const scope = `project = ${jqlValue(project)}`;
  return where ? `${scope} AND (${where})${order}` : `${scope}${order}`;
}

/** What a phrase is when it is no JQL: quoted for `text ~`, quotes and backslashes escaped. */
export function jqlString(text: string): string {
  return `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

/**
 * The text search for what was typed when it is words rather than JQL — no operator,
 * no parentheses, not an ordering: `text ~ "…"` (a phrase typed in quotes searched
 * without them). Null for anything that could be a query, whose refusal is then shown.
 */
export function textSearchOf(typed: string): { jql: string; words: string } | null {
  const text = typed.trim();
  if (!text || /^order\s+by\b/i.test(text) || /[=!~<>()]/.test(text)) return null;
  const quoted = /^"([^"]*)"$|^'([^']*)'$/.exec(text);
  const words = (quoted ? (quoted[1] ?? quoted[2] ?? "") : text).trim();
  return words ? { jql: `text ~ ${jqlString(words)}`, words } : null;
}
