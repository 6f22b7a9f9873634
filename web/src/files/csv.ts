/**
 * CSV (RFC 4180, read leniently) for the table preview. A file of several megabytes is
 * parsed in slices that yield to the browser between them, so the page keeps painting
 * and answering clicks while a big table is read.
 */

export type Delimiter = "," | ";" | "\t";
const DELIMITERS: readonly Delimiter[] = [",", ";", "\t"];

/**
 * The delimiter of the first line: a comma, or the semicolon spreadsheets write where
 * the comma is the decimal mark, or a tab. Quoted text is not counted.
 */
export function detectDelimiter(text: string): Delimiter {
  const counts = new Map<Delimiter, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (let i = 0; i < text.length && i < 64 * 1024; i += 1) {
    const c = text[i]!;
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === "\n" || c === "\r")) break;
    else if (!quoted && counts.has(c as Delimiter)) counts.set(c as Delimiter, counts.get(c as Delimiter)! + 1);
  }
  return DELIMITERS.reduce((best, d) => (counts.get(d)! > counts.get(best)! ? d : best), ",");
}

/** A CSV parser over one text, run a slice at a time. */
export class CsvParser {
  readonly rows: string[][] = [];
  private row: string[] = [];
  private field = "";
  /** The current field began with a quote and its closing quote has not come yet. */
  private inQuotes = false;
  /** Something (even an empty quoted string) was read into the current field. */
  private started = false;
  private at = 0;
  private readonly special: RegExp;
  private readonly text: string;
  private readonly delimiter: Delimiter;

  constructor(text: string, delimiter: Delimiter = detectDelimiter(text)) {
    this.text = text;
    this.delimiter = delimiter;
    this.special = new RegExp(`[${delimiter === "\t" ? "\\t" : delimiter}"\\r\\n]`, "g");
  }

  get done(): boolean {
    return this.at > this.text.length;
  }

  /** Reads about `chars` more characters; after the last, the final row is added. */
  run(chars: number): void {
    const { text } = this;
    const end = Math.min(text.length, this.at + chars);
    let i = this.at;
    while (i < end) {
      if (this.inQuotes) {
        const quote = text.indexOf('"', i);
        if (quote === -1 || quote >= end) {
          this.field += text.slice(i, end);
          i = end;
        } else if (text[quote + 1] === '"') {
          this.field += text.slice(i, quote + 1);
          i = quote + 2;
        } else {
          this.field += text.slice(i, quote);
          this.inQuotes = false;
          i = quote + 1;
        }
        continue;
      }
      this.special.lastIndex = i;
      const next = this.special.exec(text);
      const stop = next && next.index < end ? next.index : end;
      if (stop > i) {
        this.field += text.slice(i, stop);
        this.started = true;
        i = stop;
        continue;
      }
      const c = text[i];
      if (c === '"') {
        if (this.started) this.field += '"';
        else this.inQuotes = true;
        this.started = true;
        i += 1;
      } else if (c === this.delimiter) {
        this.endField();
        i += 1;
      } else {
        this.endRow();
        i += c === "\r" && text[i + 1] === "\n" ? 2 : 1;
      }
    }
    this.at = i;
    if (i >= text.length && !this.done) {
      if (this.started || this.row.length > 0) this.endRow();
      this.at = text.length + 1;
    }
  }

  private endField() {
    this.row.push(this.field);
    this.field = "";
    this.started = false;
  }

  private endRow() {
    const blank = this.row.length === 0 && !this.started;
    this.endField();
    if (!blank) this.rows.push(this.row);
    this.row = [];
  }
}

/** Parses a whole CSV text at once. */
export function parseCsvSync(text: string): string[][] {
  const parser = new CsvParser(text);
  parser.run(Number.POSITIVE_INFINITY);
  return parser.rows;
}

const SLICE_CHARS = 128 * 1024;

/** Lets the browser paint and handle input before the next slice. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Parses a CSV text a slice at a time, yielding between slices; rejects with an
 * `AbortError` once `signal` aborts.
 */
export async function parseCsv(text: string, signal?: AbortSignal): Promise<string[][]> {
  const parser = new CsvParser(text);
  for (;;) {
    signal?.throwIfAborted();
    parser.run(SLICE_CHARS);
    if (parser.done) return parser.rows;
    await nextTask();
  }
}
