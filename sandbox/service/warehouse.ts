/** The one sandbox warehouse, in Tlalnepantla, Estado de México (zone 1 of the pricing table). */
export const WAREHOUSE = {
  nombre_almacen: "Almacén Tlalnepantla (sandbox)",
  telefono: "+52 55 5000 0000",
} as const;
