/** The service's one error body; every failure the sandbox answers has exactly this shape. */
export interface ServiceErrorBody {
  error: string;
  code: string;
  path: string;
}

/** Thrown anywhere in a handler; the server turns it into the error body and status. */
export class SandboxHttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly path: string;
  readonly headers: Record<string, string>;

  constructor(status: number, code: string, message: string, path = "$", headers: Record<string, string> = {}) {
    super(message);
    this.name = "SandboxHttpError";
    this.status = status;
    this.code = code;
    this.path = path;
    this.headers = headers;
  }

  toBody(): ServiceErrorBody {
    return { error: this.message, code: this.code, path: this.path };
  }
}

export const validationError = (message: string, path: string) =>
  new SandboxHttpError(400, "validation-error", message, path);

export const unauthorized = (message: string) => new SandboxHttpError(401, "unauthorized", message);

export const notFound = (message: string) => new SandboxHttpError(404, "not-found", message);

/** The quotation/order 409: the live service always answers these with path `$`. */
export const conflict = (message: string) => new SandboxHttpError(409, "ConflictError", message);
