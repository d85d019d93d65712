/**
 * The shipping services the service quotes and ships with: the one definition of ServiceCode for
 * the whole app (the shop's settings, the rates, the settings page in the browser). Dependency-free
 * so browser code may import it.
 */
export const SERVICE_CODES = ["NACIONAL", "EXPRESS", "PROGRAMADO"] as const;
export type ServiceCode = (typeof SERVICE_CODES)[number];
