/** How the merchant's pages name each state (Spanish, as the rest of the admin UI). */
import type { FulfillmentStatus } from "./status";

type Tone = "info" | "success" | "warning" | "critical" | "attention" | undefined;

export const STATUS_LABELS: Record<FulfillmentStatus, { label: string; tone: Tone }> = {
  waiting: { label: "En espera", tone: "attention" },
  pending: { label: "Por enviar", tone: "info" },
  submitting: { label: "Enviando", tone: "info" },
  submitted: { label: "En el almacén", tone: "info" },
  in_progress: { label: "Preparándose", tone: "info" },
  shipped: { label: "Enviado", tone: "success" },
  delivered: { label: "Entregado", tone: "success" },
  needs_attention: { label: "Requiere atención", tone: "critical" },
  unknown_outcome: { label: "Sin confirmar", tone: "warning" },
  skipped: { label: "Omitido", tone: undefined },
};
