import type { ClientState, OrderRecord, PickupRecord, ProductRecord, ReceptionRecord } from "./types";

export interface ClientSnapshot {
  products: ProductRecord[];
  orders: OrderRecord[];
  receptions: ReceptionRecord[];
  pickups: PickupRecord[];
}

export interface SandboxStore {
  /** The client's state, created empty on first use. */
  client(clientId: string): ClientState;
  addProduct(client: ClientState, product: ProductRecord): void;
  reset(clientId: string): void;
  resetAll(): void;
  snapshot(): Record<string, ClientSnapshot>;
  restore(snapshot: Record<string, ClientSnapshot>): void;
}

function emptyClient(id: string): ClientState {
  return {
    id,
    products: new Map(),
    bySku: new Map(),
    byUpc: new Map(),
    orders: new Map(),
    receptions: [],
    pickups: [],
  };
}

/** In-memory state keyed by client, with SKU and UPC indexes so lookups stay O(1). */
export function createStore(): SandboxStore {
  const clients = new Map<string, ClientState>();

  const addProduct = (client: ClientState, product: ProductRecord) => {
    client.products.set(product.id, product);
    client.bySku.set(product.sku, product);
    if (product.upc) client.byUpc.set(product.upc, product);
  };

  const client = (clientId: string) => {
    let state = clients.get(clientId);
    if (!state) {
      state = emptyClient(clientId);
      clients.set(clientId, state);
    }
    return state;
  };

  return {
    client,
    addProduct,
    reset: (clientId) => void clients.delete(clientId),
    resetAll: () => clients.clear(),
    snapshot() {
      const out: Record<string, ClientSnapshot> = {};
      for (const [id, state] of clients) {
        out[id] = {
          products: [...state.products.values()],
          orders: [...state.orders.values()],
          receptions: state.receptions,
          pickups: state.pickups,
        };
      }
      return out;
    },
    restore(snapshot) {
      clients.clear();
      for (const [id, saved] of Object.entries(snapshot)) {
        const state = client(id);
        for (const product of saved.products) addProduct(state, product);
        for (const order of saved.orders) state.orders.set(order.id, order);
        state.receptions.push(...saved.receptions);
        state.pickups.push(...saved.pickups);
      }
    },
  };
}
