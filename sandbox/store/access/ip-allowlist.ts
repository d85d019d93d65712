/**
 * The app's IP allowlist, as Shopify enforces it since November 2026 (changelog "IP allowlists are
 * now required for public apps", 2026-11-05; docs "Restrict API access with an IP allowlist"). Set
 * in the Dev Dashboard as CIDR ranges. Off by default; with enforcement on, every Admin API request
 * made with the app's tokens from an address outside the list, or one Shopify cannot confirm,
 * answers HTTP 403. Shopify does not document the 403's body; this one says what happened.
 */
import { BlockList, isIP } from "node:net";

export interface IpAllowlistSettings {
  /** Enforcement on: requests from outside `ranges` answer 403. */
  enforced: boolean;
  /** CIDR ranges (`203.0.113.0/24`, `2001:db8::/32`) or single addresses. */
  ranges: string[];
}

export interface IpAllowlist {
  settings(): IpAllowlistSettings;
  /** Replaces the settings; a range that is not an address or CIDR is refused, naming it. */
  set(settings: Partial<IpAllowlistSettings>): void;
  /** Whether a request from `address` (undefined: one that cannot be confirmed) may use the Admin API. */
  allows(address: string | undefined): boolean;
}

/** @internal */
export const IP_NOT_ALLOWED_BODY = {
  errors: "[API] This app's IP allowlist does not include the address of this request",
} as const;

export function createIpAllowlist(): IpAllowlist {
  let current: IpAllowlistSettings = { enforced: false, ranges: [] };
  let list = new BlockList();
  return {
    settings: () => ({ enforced: current.enforced, ranges: [...current.ranges] }),
    set(settings) {
      const next = { ...current, ...settings, ranges: [...(settings.ranges ?? current.ranges)] };
      const built = new BlockList();
      for (const range of next.ranges) addRange(built, range);
      current = next;
      list = built;
    },
    allows(address) {
      if (!current.enforced) return true;
      const plain = address ? unmapped(address) : undefined;
      const family = plain ? isIP(plain) : 0;
      if (!plain || family === 0) return false;
      return list.check(plain, family === 4 ? "ipv4" : "ipv6");
    },
  };
}

function addRange(list: BlockList, range: string): void {
  const [address, prefix] = range.trim().split("/");
  const family = address ? isIP(address) : 0;
  const bits = prefix === undefined ? (family === 4 ? 32 : 128) : Number(prefix);
  const max = family === 4 ? 32 : 128;
  if (family === 0 || !Number.isInteger(bits) || bits < 0 || bits > max) {
    throw new Error(`IP allowlist: "${range}" is not an IPv4 or IPv6 address or CIDR range`);
  }
  list.addSubnet(address!, bits, family === 4 ? "ipv4" : "ipv6");
}

/** `::ffff:127.0.0.1` (an IPv4 client on a dual-stack socket) is 127.0.0.1. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}
