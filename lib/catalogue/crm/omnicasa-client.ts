import { z } from 'zod';

/*
 * The transport of Omnicasa's OmnicasaService JSON API (/work/shared/omnicasa-api.md §1):
 * GET <base><Endpoint>Json?json=<url-encoded parameters>, the credentials inside the parameters,
 * the { <Endpoint>JsonResult: { Success, Code, Message, Value } } envelope and Limit1/Limit2 paging.
 * The credentials travel in the query string: no URL is ever logged or put in an error, only the
 * endpoint's name.
 */

export type OmnicasaSettings = {
  /** Base URL with the API version, ending in "/": https://newapi.omnicasa.com/1.12/OmnicasaService.svc/ */
  baseUrl: string;
  customerName: string;
  customerPassword: string;
  officeId?: number;
};

type OmnicasaErrorKind = 'timeout' | 'network' | 'http' | 'crm' | 'credentials' | 'too-large' | 'invalid' | 'shifted';

/** A failed call, in words staff can act on; never carries a URL or a credential. */
export class OmnicasaError extends Error {
  constructor(
    readonly kind: OmnicasaErrorKind,
    readonly endpoint: string,
    message: string,
    readonly code?: number,
  ) {
    super(`Omnicasa ${endpoint}: ${message}`);
    this.name = 'OmnicasaError';
  }
}

export type ClientOptions = {
  /** Per call, headers and body together. */
  timeoutMs?: number;
  /** The most bytes one answer may hold; checked while it is read, before it is parsed. */
  maxAnswerBytes?: number;
  /** Rows per page (fw4 pages 50 at a time). */
  pageSize?: number;
};

const defaultCallTimeoutMs = 30_000;
const defaultMaxAnswerBytes = 25 * 1024 * 1024;
/** More rows than an agency has listings many times over: a RowsCount beyond it is a broken answer. */
const maxRows = 200_000;

type Params = Record<string, string | number | boolean | null | undefined>;

const envelopeSchema = z.looseObject({
  Success: z.boolean(),
  Code: z.number().optional(),
  Message: z.string().nullish(),
  Value: z.unknown().optional(),
});

const pageSchema = z.looseObject({
  Items: z.array(z.unknown()),
  RowsCount: z.number().int().nonnegative().max(maxRows),
});

/** A non-paged list's items: a bare array or { Items } (the doc has seen both). */
export const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : typeof value === 'object' && value !== null && 'Items' in value && Array.isArray(value.Items) ? value.Items : []);

const idOf = (item: unknown): unknown => (typeof item === 'object' && item !== null && 'ID' in item ? item.ID : undefined);

/** Reads at most `limit` bytes of a body: a bigger answer is refused before any of it is parsed. */
export async function readBounded(response: Response, limit: number, onTooLarge: () => Error): Promise<Buffer> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) {
    await response.body?.cancel();
    throw onTooLarge();
  }
  const reader = response.body?.getReader();
  if (!reader) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw onTooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Runs `work` with an AbortSignal that fires after `ms`. setTimeout rather than AbortSignal.timeout,
 * so that a test's fake clock decides when a held call times out.
 */
export async function withDeadline<T>(ms: number, work: (signal: AbortSignal) => Promise<T>, onTimeout: () => Error): Promise<T> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, ms);
  try {
    return await work(controller.signal);
  } catch (error) {
    if (timedOut) throw onTimeout();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

export class OmnicasaClient {
  private readonly timeoutMs: number;
  private readonly maxAnswerBytes: number;
  readonly pageSize: number;

  constructor(
    private readonly settings: OmnicasaSettings,
    options: ClientOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? defaultCallTimeoutMs;
    this.maxAnswerBytes = options.maxAnswerBytes ?? defaultMaxAnswerBytes;
    this.pageSize = options.pageSize ?? 50;
  }

  private url(endpoint: string, params: Params): string {
    const json: Params = { CustomerName: this.settings.customerName, CustomerPassword: this.settings.customerPassword, ...params };
    if (this.settings.officeId !== undefined && !('OfficeID' in params)) json.OfficeID = this.settings.officeId;
    const base = this.settings.baseUrl.endsWith('/') ? this.settings.baseUrl : `${this.settings.baseUrl}/`;
    return `${base}${endpoint}Json?json=${encodeURIComponent(JSON.stringify(json))}`;
  }

  /**
   * The answer's JSON body, bounded in time and size. A read whose connection closes with no answer
   * is asked once more at once: it is most often a kept-alive socket the host closed just as it was
   * reused, and one lost answer would fail a whole pull. A write is not: the CRM may have stored it,
   * and the outbox's later retry carries the site's request id for staff to spot a duplicate.
   */
  private async body(endpoint: string, params: Params, kind: 'read' | 'write'): Promise<unknown> {
    const url = this.url(endpoint, params);
    const bytes = await withDeadline(
      this.timeoutMs,
      async (signal) => {
        let response: Response | undefined;
        for (let attempt = 1; !response; attempt += 1) {
          try {
            response = await fetch(url, { signal, headers: { accept: 'application/json' }, redirect: 'error' });
          } catch (error) {
            if (signal.aborted) throw error;
            if (kind === 'read' && attempt < 2) continue;
            // The cause's code (ECONNREFUSED, ENOTFOUND…) says enough; its message could quote the URL.
            const cause = error instanceof Error && error.cause instanceof Error && 'code' in error.cause ? String(error.cause.code) : 'no answer';
            throw new OmnicasaError('network', endpoint, `the CRM could not be reached (${cause})`);
          }
        }
        if (!response.ok) {
          await response.body?.cancel();
          throw new OmnicasaError('http', endpoint, `the CRM answered HTTP ${response.status}`, response.status);
        }
        return readBounded(response, this.maxAnswerBytes, () => new OmnicasaError('too-large', endpoint, `the answer is larger than ${this.maxAnswerBytes} bytes`));
      },
      () => new OmnicasaError('timeout', endpoint, `no answer within ${this.timeoutMs / 1000} s`),
    );
    try {
      return JSON.parse(bytes.toString('utf8'));
    } catch {
      throw new OmnicasaError('invalid', endpoint, 'the answer is not JSON');
    }
  }

  /** The Value of one read; Success:false is an OmnicasaError with the CRM's Code and Message. */
  call(endpoint: string, params: Params = {}): Promise<unknown> {
    return this.valueOf(endpoint, params, 'read');
  }

  /** The Value of one write (a lead, a search profile, an unsubscribe): sent once, never asked again here. */
  write(endpoint: string, params: Params = {}): Promise<unknown> {
    return this.valueOf(endpoint, params, 'write');
  }

  private async valueOf(endpoint: string, params: Params, kind: 'read' | 'write'): Promise<unknown> {
    const body = await this.body(endpoint, params, kind);
    const result = typeof body === 'object' && body !== null && `${endpoint}JsonResult` in body ? Reflect.get(body, `${endpoint}JsonResult`) : body;
    const envelope = envelopeSchema.safeParse(result);
    if (!envelope.success) throw new OmnicasaError('invalid', endpoint, 'the answer has no Success/Value envelope');
    if (!envelope.data.Success) {
      const code = envelope.data.Code ?? 0;
      throw new OmnicasaError('crm', endpoint, `the CRM refused the call (Code ${code}: ${(envelope.data.Message ?? '').slice(0, 200) || 'no message'})`, code);
    }
    return envelope.data.Value ?? null;
  }

  /** Whether the CRM accepts the credentials; a refusal is a 'credentials' error (the API has no distinct code for it). */
  async validate(): Promise<void> {
    let value: unknown;
    try {
      value = await this.call('ValidateCustomer');
    } catch (error) {
      if (error instanceof OmnicasaError && error.kind === 'crm')
        throw new OmnicasaError('credentials', 'ValidateCustomer', `the CRM refused the customer name or password (${error.message})`, error.code);
      throw error;
    }
    if (value !== true) throw new OmnicasaError('credentials', 'ValidateCustomer', 'the CRM refused the customer name or password');
  }

  /**
   * Every row of a paged list. Rows that move while being paged (RowsCount changes between pages,
   * an ID comes twice, or fewer rows than RowsCount arrive) restart the paging once; a second move
   * fails, rather than publish a list with a listing missing or twice.
   */
  async all(endpoint: string, params: Params = {}): Promise<unknown[]> {
    for (let attempt = 1; ; attempt += 1) {
      const rows = await this.pages(endpoint, params);
      if (rows) return rows;
      if (attempt === 2) throw new OmnicasaError('shifted', endpoint, 'rows changed while they were being paged, twice in a row; the next run tries again');
    }
  }

  private async pages(endpoint: string, params: Params): Promise<unknown[] | undefined> {
    const rows: unknown[] = [];
    const seen = new Set<unknown>();
    let total: number | undefined;
    for (let from = 1; total === undefined || from <= total; from += this.pageSize) {
      const value = await this.call(endpoint, { ...params, Limit1: from, Limit2: from + this.pageSize - 1 });
      // Some lists answer a bare array or { Items } without paging (omnicasa-api.md §1).
      if (Array.isArray(value)) return value;
      const page = pageSchema.safeParse(value);
      if (!page.success) throw new OmnicasaError('invalid', endpoint, 'the answer is not a page of Items with RowsCount');
      if (total !== undefined && page.data.RowsCount !== total) return undefined;
      total = page.data.RowsCount;
      for (const item of page.data.Items) {
        const id = idOf(item);
        if (id !== undefined && seen.has(id)) return undefined;
        seen.add(id);
        rows.push(item);
      }
      if (page.data.Items.length < this.pageSize) break;
    }
    return rows.length === total ? rows : undefined;
  }

  /** GetDeletedPropertyIDs / GetDeletedProjectIDs: a bare array, inside Value, or as the whole body (fw4 takes all three). */
  async deletedIds(endpoint: 'GetDeletedPropertyIDs' | 'GetDeletedProjectIDs'): Promise<number[]> {
    const body = await this.body(endpoint, {}, 'read');
    const result = typeof body === 'object' && body !== null && !Array.isArray(body) && `${endpoint}JsonResult` in body ? Reflect.get(body, `${endpoint}JsonResult`) : body;
    let list: unknown = result;
    if (!Array.isArray(result)) {
      const envelope = envelopeSchema.safeParse(result);
      if (!envelope.success) throw new OmnicasaError('invalid', endpoint, 'the answer is neither a list of IDs nor an envelope');
      if (!envelope.data.Success) throw new OmnicasaError('crm', endpoint, `the CRM refused the call (Code ${envelope.data.Code ?? 0})`, envelope.data.Code);
      list = envelope.data.Value ?? [];
    }
    const ids = z.array(z.coerce.number().int().positive()).max(maxRows).safeParse(list);
    if (!ids.success) throw new OmnicasaError('invalid', endpoint, 'the deleted IDs are not a list of numbers');
    return ids.data;
  }
}
