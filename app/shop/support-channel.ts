// The service's support channel (issue 33): where the merchant asks the service to stop or change
// an order the warehouse already has. Saved in Configuración, shown on Pedidos beside the reasons
// that need the service. Validated here, for the settings' schema and the form.
import { z } from "zod";

const EMAIL = /^[^\s@<>()"',;:]+@[^\s@<>()"',;:]+\.[^\s@<>()"',;:]{2,}$/;
/** Digits with the usual separators, an optional leading +: 8 to 15 digits (E.164's longest). */
const PHONE = /^\+?[\d\s().-]+$/;

export const supportChannelSchema = z.object({
  email: z.string().max(254).regex(EMAIL, "must be an e-mail address").nullable().default(null),
  phone: z
    .string()
    .max(40)
    .regex(PHONE, "must be a phone number")
    .refine((v) => {
      const digits = v.replace(/\D/g, "").length;
      return digits >= 8 && digits <= 15;
    }, "must have 8 to 15 digits")
    .nullable()
    .default(null),
  url: z
    .string()
    .max(500)
    .refine((v) => {
      try {
        const u = new URL(v);
        return u.protocol === "https:" || u.protocol === "http:";
      } catch {
        return false;
      }
    }, "must be an http(s) address")
    .nullable()
    .default(null),
});

export type SupportChannel = z.infer<typeof supportChannelSchema>;

/** The channel to show: null while nothing was saved. */
export function supportToShow(channel: SupportChannel): SupportChannel | null {
  return channel.email || channel.phone || channel.url ? channel : null;
}
