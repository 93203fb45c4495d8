/** Minimal request/response types for the warehouse's internal HTTP API. */

export type Method = "GET" | "POST" | "PUT" | "DELETE";

export class Request {
  constructor(
    readonly method: Method,
    readonly path: string,
    readonly query: Record<string, string> = {},
    readonly body: unknown = undefined,
  ) {}

  param(name: string): string | undefined {
    return this.query[name];
  }

  intParam(name: string, fallback: number): number {
    const raw = this.query[name];
    const parsed = raw === undefined ? NaN : Number.parseInt(raw, 10);
    return Number.isFinite(parsed) ? parsed : fallback;
  }
}

export class Response {
  private headers: Record<string, string> = { "content-type": "application/json" };

  private constructor(
    readonly status: number,
    readonly payload: unknown,
  ) {}

  static json(payload: unknown, status = 200): Response {
    return new Response(status, payload);
  }

  static notFound(what: string): Response {
    return new Response(404, { error: `${what} not found` });
  }

  static badRequest(reason: string): Response {
    return new Response(400, { error: reason });
  }

  header(name: string, value: string): Response {
    this.headers[name.toLowerCase()] = value;
    return this;
  }

  get isError(): boolean {
    return this.status >= 400;
  }
}

export type RouteHandler = (request: Request) => Response;
