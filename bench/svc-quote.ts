/**
 * Client overhead of one `quote` against the in-process sandbox with 50 ms injected latency.
 *
 * Each round sends the same quotation twice, once through the client and once as a bare fetch
 * with the same token and body (the baseline: network, sandbox work and injected latency), in
 * alternating order so drift hits both alike. Overhead = client − baseline, per round.
 * Run: tsx bench/svc-quote.ts [rounds]   (budget: median overhead < 60 ms)
 */
import { performance } from "node:perf_hooks";
import { startServiceSandbox } from "../sandbox/service/server";
import { SvcTokenCache, createSvcClient } from "../app/svc";

const ROUNDS = Number(process.argv[2] ?? 300);
const WARMUP = 30;
const LATENCY_MS = 50;
const BUDGET_MS = 60;
const API_KEY = "sk_bench_quote";

const destination = {
  calle: "Avenida Insurgentes Sur",
  no_exterior: "1602",
  no_interior: "Piso 4",
  colonia: "Crédito Constructor",
  codigo_postal: "03940",
  estado: "Ciudad de México",
  ciudad: "Benito Juárez",
  nombre: "Cliente de prueba",
  telefono: "+525512345678",
  pais: "Mexico",
};
const productos = [
  { identificador: "BENCH-TAZA", cantidad: 2 },
  { identificador: "BENCH-PLAYERA", cantidad: 1 },
  { identificador: "BENCH-LIBRETA", cantidad: 3 },
];
/** The same quotation as the client takes it (its mapping to the wire is part of the overhead). */
const shipment = {
  lines: productos.map(({ identificador, cantidad }) => ({ identifier: identificador, quantity: cantidad })),
  destination: {
    street: destination.calle,
    exteriorNumber: destination.no_exterior,
    interiorNumber: destination.no_interior,
    neighborhood: destination.colonia,
    postalCode: destination.codigo_postal,
    state: destination.estado,
    city: destination.ciudad,
    recipient: destination.nombre,
    phone: destination.telefono,
    country: destination.pais,
  },
};

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

function summary(values: number[]): { median: number; p99: number } {
  const sorted = [...values].sort((a, b) => a - b);
  return { median: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

async function main(): Promise<void> {
  const sandbox = await startServiceSandbox({
    port: 0,
    apiKeys: [API_KEY],
    latencyMs: LATENCY_MS,
    initialStock: 1_000_000,
  });
  try {
    const client = createSvcClient({ baseUrl: sandbox.url, apiKey: API_KEY, tokenCache: new SvcTokenCache() });
    await client.createProducts({
      productos: productos.map(({ identificador }) => ({
        sku: identificador,
        nombre: identificador,
        dimension: { data: { peso: "400", ancho: "10", largo: "15", altura: "12", volumen: "1800" } },
      })),
    });
    const { accessToken } = await client.auth();
    const body = JSON.stringify({ productos, consumidor_destino: destination });

    const viaClient = async () => {
      const started = performance.now();
      await client.quote(shipment);
      return performance.now() - started;
    };
    const viaFetch = async () => {
      const started = performance.now();
      const response = await fetch(`${sandbox.url}/api/rest/services`, {
        method: "POST",
        headers: {
          accept: "application/json",
          "content-type": "application/json",
          authorization: `Bearer ${accessToken}`,
        },
        body,
      });
      if (!response.ok) throw new Error(`baseline quote answered ${response.status}`);
      await response.json();
      return performance.now() - started;
    };

    for (let i = 0; i < WARMUP; i++) {
      await viaClient();
      await viaFetch();
    }
    const clientMs: number[] = [];
    const fetchMs: number[] = [];
    const overheadMs: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      let viaClientMs: number;
      let viaFetchMs: number;
      if (i % 2 === 0) {
        viaClientMs = await viaClient();
        viaFetchMs = await viaFetch();
      } else {
        viaFetchMs = await viaFetch();
        viaClientMs = await viaClient();
      }
      clientMs.push(viaClientMs);
      fetchMs.push(viaFetchMs);
      overheadMs.push(viaClientMs - viaFetchMs);
    }

    const rows: [string, { median: number; p99: number }][] = [
      ["client quote, total", summary(clientMs)],
      ["bare fetch, total", summary(fetchMs)],
      [`client total − ${LATENCY_MS} ms injected`, summary(clientMs.map((ms) => ms - LATENCY_MS))],
      ["client overhead (client − fetch)", summary(overheadMs)],
    ];
    const fmt = (ms: number) => ms.toFixed(2).padStart(8);
    console.log(
      `svc quote benchmark: ${ROUNDS} sequential rounds after ${WARMUP} warm-up, sandbox latency ${LATENCY_MS} ms, node ${process.version}`,
    );
    console.log(`${"measure".padEnd(36)}${"median ms".padStart(10)}${"p99 ms".padStart(10)}`);
    for (const [name, { median, p99 }] of rows) console.log(`${name.padEnd(36)}  ${fmt(median)}  ${fmt(p99)}`);
    const medianOverhead = summary(overheadMs).median;
    console.log(
      `budget: median client overhead ${medianOverhead.toFixed(2)} ms ${medianOverhead < BUDGET_MS ? "<" : "≥"} ${BUDGET_MS} ms`,
    );
  } finally {
    await sandbox.close();
  }
}

await main();
