import type { ClientState, ProductRecord } from "../state/types";

/** A product as GET /api/rest/product/{id} shows it; dimension numbers come back as numbers. */
export function viewProduct(product: ProductRecord, clientId: string) {
  const d = product.dimension;
  return {
    id: product.id,
    sku: product.sku,
    upc: product.upc,
    nombre: product.nombre,
    imagen_url: product.imagen_url,
    id_cliente: clientId,
    dimension: d
      ? {
          peso: Number(d.peso),
          ancho: Number(d.ancho),
          largo: Number(d.largo),
          altura: Number(d.altura),
          volumen: Number(d.volumen),
          unidad_peso: "GRAMOS",
          unidad_dimension: "CENTIMETROS",
          id_dimension: d.id_dimension,
        }
      : null,
  };
}

/** SKU match first, then UPC, each product once: an identifier may be one's SKU and another's UPC. */
export function findByIdentifier(client: ClientState, identifier: string): ProductRecord[] {
  const bySku = client.bySku.get(identifier);
  const byUpc = client.byUpc.get(identifier);
  const found: ProductRecord[] = [];
  if (bySku) found.push(bySku);
  if (byUpc && byUpc !== bySku) found.push(byUpc);
  return found;
}
