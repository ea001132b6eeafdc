/**
 * Canvas's REST API, one request at a time (Canvas's throttling documentation: a client that makes no more than one
 * simultaneous request is unlikely to be throttled). A throttled request (429, or 403 "Rate Limit Exceeded") is
 * tried again after the `Retry-After` the answer gives, else after a wait that doubles each time; a read that meets a
 * server error (5xx) or a broken connection is tried again the same way. A write is never repeated here: whoever
 * asked for it reads Canvas back to learn whether it landed. The token goes only to the Canvas address given (never
 * to a file upload's address), and only over https, or http to this machine itself. Pagination follows the `Link`
 * header's `next`.
 */

export class CanvasError extends Error {
  /** `throttled`: Canvas refused for its rate limit (429, or 403 with "Rate Limit Exceeded" in its answer). */
  constructor(
    message: string,
    readonly status?: number,
    readonly throttled = false,
  ) {
    super(message);
  }
}

export interface CanvasAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  /** The body as JSON, when it is JSON (Canvas may prefix it with `while(1);`). */
  readonly json: unknown;
}

export interface CanvasHttpOptions {
  /** The Canvas address, `https://school.instructure.com`. */
  readonly baseUrl: string;
  readonly token: string;
  /** Waits `ms` (tests give their own, which records the waits and returns at once). */
  readonly sleep?: (ms: number) => Promise<void>;
  /** The first wait without a Retry-After, doubled at each try; and how many tries in all. */
  readonly backoffMs?: number;
  readonly attempts?: number;
  /** How long one request may take before it counts as no answer (default 60 s). */
  readonly timeoutMs?: number;
  /** Said for every wait: the instructor sees why a push pauses. */
  readonly onWait?: (line: string) => void;
}

export interface RequestOptions {
  /** Form fields, sent as application/x-www-form-urlencoded (a key may repeat: `comment[file_ids][]`). */
  readonly form?: readonly (readonly [string, string])[];
  readonly multipart?: FormData;
  /** Send the token (only to Canvas's own address). */
  readonly auth?: boolean;
  /** Follow no redirect: the upload's answer is a redirect to confirm. */
  readonly manualRedirect?: boolean;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** The Canvas address, checked: https, or http to this machine itself; no path beyond `/`. */
export function canvasOrigin(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new CanvasError(`the Canvas address '${baseUrl}' is not an address; give it as https://school.instructure.com`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOOPBACK.has(url.hostname)))
    throw new CanvasError(`the Canvas address ${baseUrl} is not https: the token would travel in the clear`);
  return new URL(url.origin);
}

export class CanvasHttp {
  private readonly origin: URL;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly backoffMs: number;
  private readonly attempts: number;
  private queue: Promise<unknown> = Promise.resolve();
  /** Requests sent, reads and writes apart (a retried request counts each time). */
  reads = 0;
  writes = 0;

  constructor(private readonly options: CanvasHttpOptions) {
    this.origin = canvasOrigin(options.baseUrl);
    this.sleep = options.sleep ?? ((ms) => new Promise((done) => setTimeout(done, ms)));
    this.backoffMs = options.backoffMs ?? 1000;
    this.attempts = options.attempts ?? 8;
  }

  /** An absolute address on Canvas, or another (a file upload's) as given. */
  url(pathOrUrl: string): URL {
    return new URL(pathOrUrl, this.origin);
  }

  isCanvas(url: URL): boolean {
    return url.origin === this.origin.origin;
  }

  /** One request, after every request asked for before it has finished. */
  request(method: string, pathOrUrl: string, options: RequestOptions = {}): Promise<CanvasAnswer> {
    const run = this.queue.then(() => this.send(method, pathOrUrl, options));
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async send(method: string, pathOrUrl: string, options: RequestOptions): Promise<CanvasAnswer> {
    const url = this.url(pathOrUrl);
    const auth = options.auth ?? true;
    if (auth && !this.isCanvas(url))
      throw new CanvasError(`refusing to send the Canvas token to ${url.origin}, which is not ${this.origin.origin}`);
    const read = method === 'GET';
    for (let attempt = 1; ; attempt++) {
      if (read) this.reads++;
      else this.writes++;
      let answer: CanvasAnswer | undefined;
      let broken: Error | undefined;
      try {
        const response = await fetch(url, {
          method,
          headers: {
            ...(auth && { Authorization: `Bearer ${this.options.token}` }),
            Accept: 'application/json',
            ...(options.form && { 'Content-Type': 'application/x-www-form-urlencoded' }),
          },
          ...(options.form && { body: new URLSearchParams(options.form.map(([k, v]): [string, string] => [k, v])).toString() }),
          ...(options.multipart && { body: options.multipart }),
          redirect: options.manualRedirect ? 'manual' : 'follow',
          // A request with no answer is one whose answer was lost: a read is tried again, a write read back.
          signal: AbortSignal.timeout(this.options.timeoutMs ?? 60_000),
        });
        const text = await response.text();
        answer = { status: response.status, headers: response.headers, text, json: parseJson(text) };
      } catch (error) {
        broken = error as Error;
      }
      const throttled =
        answer !== undefined && (answer.status === 429 || (answer.status === 403 && /rate limit exceeded/iu.test(answer.text)));
      const retry = throttled || (read && (broken !== undefined || (answer !== undefined && answer.status >= 500)));
      if (!retry) {
        if (broken) throw new CanvasError(`${method} ${url.pathname}: ${broken.message}`);
        return answer!;
      }
      if (attempt >= this.attempts) {
        throw new CanvasError(
          `${method} ${url.pathname}: ${throttled ? 'Canvas kept refusing for its rate limit' : broken ? broken.message : `Canvas answered ${answer!.status}`} after ${attempt} tries`,
          answer?.status,
          throttled,
        );
      }
      const wait = waitFor(answer, attempt, this.backoffMs);
      this.options.onWait?.(
        `${throttled ? `Canvas's rate limit (${answer!.status})` : broken ? `no answer (${broken.message})` : `Canvas answered ${answer!.status}`} on ${method} ${url.pathname}: trying again in ${(wait / 1000).toFixed(wait < 1000 ? 2 : 0)} s`,
      );
      await this.sleep(wait);
    }
  }

  /** The wait before the `attempt`-th retry of a write whose answer was lost (said, then waited). */
  async backoff(attempt: number, why: string): Promise<void> {
    const wait = Math.min(60_000, this.backoffMs * 2 ** (attempt - 1));
    this.options.onWait?.(`${why}: trying again in ${(wait / 1000).toFixed(wait < 1000 ? 2 : 0)} s`);
    await this.sleep(wait);
  }

  /** Every page of a list, following the `Link` header's `next` (on Canvas's own address only). */
  async list(path: string): Promise<unknown[]> {
    const items: unknown[] = [];
    for (let next: string | undefined = path, pages = 0; next !== undefined; pages++) {
      if (pages > 10_000) throw new CanvasError(`${path}: more than 10,000 pages`);
      const answer = await this.request('GET', next);
      if (answer.status !== 200 || !Array.isArray(answer.json))
        throw new CanvasError(`GET ${this.url(next).pathname}: ${describe(answer)}`, answer.status);
      items.push(...(answer.json as unknown[]));
      const link = nextLink(answer.headers.get('link'));
      if (link !== undefined && !this.isCanvas(this.url(link)))
        throw new CanvasError(`the next page of ${path} is at ${this.url(link).origin}, not on Canvas`);
      next = link;
    }
    return items;
  }
}

function waitFor(answer: CanvasAnswer | undefined, attempt: number, base: number): number {
  const after = answer?.headers.get('retry-after');
  if (after !== null && after !== undefined && /^\d+(\.\d+)?$/u.test(after.trim())) return Math.min(300_000, Number(after) * 1000);
  if (after) {
    const at = Date.parse(after);
    if (!Number.isNaN(at)) return Math.min(300_000, Math.max(0, at - Date.now()));
  }
  return Math.min(60_000, base * 2 ** (attempt - 1));
}

/** The `next` address of a `Link` header (`<…>; rel="next", <…>; rel="last"`), whatever its case. */
export function nextLink(header: string | null): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(',')) {
    const m = /<([^>]*)>\s*;(.*)$/u.exec(part.trim());
    if (m && /rel\s*=\s*"?([^";]*\s)?next(\s[^";]*)?"?/iu.test(m[2]!)) return m[1];
  }
  return undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^while\(1\);/u, ''));
  } catch {
    return undefined;
  }
}

/** A refusal as Canvas words it: its status and its own message, when it gives one. */
export function describe(answer: CanvasAnswer): string {
  const errors = (answer.json as { errors?: unknown } | undefined)?.errors;
  const messages = Array.isArray(errors)
    ? errors.map((e) => (e as { message?: string }).message ?? JSON.stringify(e))
    : typeof errors === 'object' && errors
      ? Object.entries(errors).map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
      : [];
  const said = messages.length > 0 ? messages.join('; ') : answer.text.slice(0, 200);
  return `Canvas answered ${answer.status}${said ? ` (${said.trim()})` : ''}`;
}
