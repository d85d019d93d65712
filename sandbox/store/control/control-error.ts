/** A control request Shopify's admin would refuse or that names nothing: 400, 404 or 409. */
export class ControlError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

export interface AppRegistration {
  /** The app's API secret: signs webhooks and fulfilment-service notifications. */
  secret: string;
  /** Relative webhook uris resolve against it, as `application_url` in shopify.app.toml. */
  appUrl?: string;
  webhooks: { topic: string; uri: string }[];
  /** How deliveries reach the app (in-process tests); defaults to the global fetch. */
  fetch?: typeof fetch;
}
