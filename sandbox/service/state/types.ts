import type { ServiceCode } from "../shipping/service-table";

/** Dimension texts are kept exactly as received; the service stores numeric text. */
export interface DimensionRecord {
  id_dimension: string;
  peso: string;
  ancho: string;
  largo: string;
  altura: string;
  volumen: string;
}

export interface ProductRecord {
  id: string;
  sku: string;
  upc: string | null;
  nombre: string;
  imagen_url: string | null;
  dimension: DimensionRecord | null;
  /** `disponibles`: units not yet promised to an order. */
  available: number;
  createdAt: number;
}

interface OrderLine {
  productId: string;
  identifier: string;
  sku: string;
  nombre: string;
  cantidad: number;
}

interface Consumer {
  calle: string;
  no_exterior: string;
  no_interior: string | null;
  colonia: string | null;
  codigo_postal: string;
  ciudad: string;
  estado: string;
  pais: string | null;
  nombre: string;
  telefono: string;
  email: string | null;
}

export interface OrderRecord {
  id: string;
  createdAt: number;
  /** The request body exactly as received, for the inspection route. */
  request: unknown;
  requestedService: string;
  service: ServiceCode;
  priceCentavos: number;
  days: number;
  provider: string;
  billableKg: number;
  lines: OrderLine[];
  consumer: Consumer;
  tiendaOrdenRef: string | null;
  notificaciones: unknown;
  fechaProgramacion: string | null;
}

interface StockMovementLine {
  sku: string;
  nombre: string;
  units: number;
}

export interface ReceptionRecord {
  id: string;
  createdAt: number;
  origin: "ALTA_PRODUCTO" | "AJUSTE_SANDBOX" | "RECEPCION";
  lines: StockMovementLine[];
}

export interface PickupRecord {
  id: string;
  createdAt: number;
  lines: StockMovementLine[];
  razon: string | null;
  comentarios: string | null;
  recolector: string | null;
}

/** One client's world: each API key sees only its own catalogue, stock and orders. */
export interface ClientState {
  id: string;
  products: Map<string, ProductRecord>;
  bySku: Map<string, ProductRecord>;
  byUpc: Map<string, ProductRecord>;
  orders: Map<string, OrderRecord>;
  receptions: ReceptionRecord[];
  pickups: PickupRecord[];
  /**
   * Set by POST /__sandbox/reception-answer: what GET /api/rest/reception answers instead of the
   * receptions (the endpoint is undocumented, so tests try shapes the app cannot read). In memory only.
   */
  receptionAnswer?: { body: unknown };
}
