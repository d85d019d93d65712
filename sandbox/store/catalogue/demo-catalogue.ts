import type { MetafieldInput } from "../state/metafield-store";
import type { Weight } from "../state/records";
import type { ProductInput, VariantInput } from "./product-input";

/**
 * A Mexican crafts-and-pantry shop with the untidy data real merchants have: weights in four
 * units, dimensions kept three different ways (variant or product `custom.length/width/height`
 * as number_decimal in centimetres, or the `dimension` metafield type with its own unit), and
 * variants that cannot be synced. Each variant names the problems it carries, so tests can
 * assert outcomes without hard-coding ids (see demo-catalogue-facts.ts).
 */
export type DemoIssue = "missing-sku" | "missing-weight" | "missing-dimensions" | "duplicate-sku" | "not-shippable";

export interface DemoVariantInput extends VariantInput {
  issues?: DemoIssue[];
}

export interface DemoProductInput extends Omit<ProductInput, "variants"> {
  variants: DemoVariantInput[];
}

const g = (value: number): Weight => ({ unit: "GRAMS", value });
const kg = (value: number): Weight => ({ unit: "KILOGRAMS", value });
const oz = (value: number): Weight => ({ unit: "OUNCES", value });
const lb = (value: number): Weight => ({ unit: "POUNDS", value });

function decimalCm(length: number, width?: number, height?: number): MetafieldInput[] {
  const sides: Array<[string, number | undefined]> = [
    ["length", length],
    ["width", width],
    ["height", height],
  ];
  return sides
    .filter((side): side is [string, number] => side[1] !== undefined)
    .map(([key, value]) => ({ namespace: "custom", key, type: "number_decimal", value: value.toFixed(1) }));
}

function dimension(unit: string, length: number, width: number, height: number): MetafieldInput[] {
  return (
    [
      ["length", length],
      ["width", width],
      ["height", height],
    ] as const
  ).map(([key, value]) => ({
    namespace: "custom",
    key,
    type: "dimension",
    value: JSON.stringify({ value, unit }),
  }));
}

const image = (name: string) => `https://cdn.shopify.com/s/files/1/0612/3456/7890/files/${name}.jpg`;

export const DEMO_CATALOGUE: DemoProductInput[] = [
  {
    // First so that its first variant gets the ids used by the orders/paid fixture.
    title: "Taza de barro",
    vendor: "Tienda Demo",
    productType: "Cocina",
    options: ["Color"],
    imageUrls: [image("taza-de-barro")],
    tags: ["barro", "cocina"],
    metafields: decimalCm(12, 9, 10),
    variants: [
      { options: ["Azul"], sku: "TAZA-AZ", price: "249.00", weight: g(450), inventory: 40 },
      { options: ["Verde"], sku: "TAZA-VE", price: "249.00", weight: g(450), inventory: 25 },
      { options: ["Natural"], sku: "TAZA-NA", price: "229.00", weight: g(430), inventory: 18 },
      { options: ["Rojo"], sku: "TAZA-RO", price: "249.00", weight: g(450), inventory: 0 },
    ],
  },
  {
    title: "Plato de talavera",
    vendor: "Talavera de Puebla",
    productType: "Cocina",
    options: ["Tamaño"],
    imageUrls: [image("plato-de-talavera")],
    variants: [
      {
        options: ["Chico"],
        sku: "TAL-PL-CH",
        barcode: "7501234560011",
        price: "289.00",
        weight: g(350),
        inventory: 30,
        metafields: decimalCm(18, 18, 3),
      },
      {
        options: ["Mediano"],
        sku: "TAL-PL-MD",
        barcode: "7501234560028",
        price: "389.00",
        weight: g(620),
        inventory: 22,
        metafields: decimalCm(24, 24, 3.5),
      },
      {
        options: ["Grande"],
        sku: "TAL-PL-GR",
        barcode: "7501234560035",
        price: "529.00",
        weight: kg(1.1),
        inventory: 12,
        metafields: decimalCm(30, 30, 4),
      },
    ],
  },
  {
    title: "Rebozo de Tenancingo",
    vendor: "Tienda Demo",
    productType: "Textiles",
    options: ["Color"],
    imageUrls: [image("rebozo")],
    variants: [
      {
        options: ["Índigo"],
        sku: "REB-IND",
        price: "1450.00",
        weight: oz(14),
        inventory: 6,
        metafields: dimension("cm", 35, 25, 4),
      },
      {
        options: ["Rosa mexicano"],
        sku: "REB-ROS",
        price: "1450.00",
        weight: oz(14),
        inventory: 4,
        metafields: dimension("cm", 35, 25, 4),
      },
      {
        options: ["Negro"],
        sku: "REB-NEG",
        price: "1590.00",
        weight: oz(15),
        inventory: 3,
        metafields: dimension("in", 14, 10, 2),
      },
    ],
  },
  {
    title: "Copas para mezcal (juego de 4)",
    handle: "copas-mezcal",
    vendor: "Vidrio Soplado Tonalá",
    productType: "Bar",
    options: ["Vidrio"],
    imageUrls: [image("copas-mezcal")],
    variants: [
      {
        options: ["Transparente"],
        sku: "MEZ-COP-TR",
        price: "420.00",
        weight: oz(18),
        inventory: 15,
        metafields: dimension("mm", 210, 110, 80),
      },
      {
        options: ["Azul cobalto"],
        sku: "MEZ-COP-AZ",
        price: "460.00",
        weight: oz(19),
        inventory: 9,
        metafields: dimension("mm", 210, 110, 80),
      },
    ],
  },
  {
    title: "Huaraches de piel",
    vendor: "Huaraches Sahuayo",
    productType: "Calzado",
    options: ["Talla"],
    imageUrls: [image("huaraches")],
    metafields: decimalCm(32, 14, 11),
    variants: [
      { options: ["23"], sku: "HUA-23", price: "890.00", weight: lb(1.2), inventory: 5 },
      { options: ["24"], sku: "HUA-24", price: "890.00", weight: lb(1.3), inventory: 8 },
      { options: ["25"], sku: "HUA-25", price: "890.00", weight: lb(1.4), inventory: 11 },
      { options: ["26"], sku: "HUA-26", price: "890.00", weight: lb(1.5), inventory: 7 },
      { options: ["27"], sku: null, price: "890.00", weight: lb(1.6), inventory: 2, issues: ["missing-sku"] },
    ],
  },
  {
    title: "Café de Chiapas",
    vendor: "Finca Triunfo Verde",
    productType: "Despensa",
    options: ["Presentación"],
    imageUrls: [image("cafe-chiapas")],
    tags: ["café", "orgánico"],
    variants: [
      {
        options: ["250 g"],
        sku: "CAFE-CH-250",
        barcode: "7501234561001",
        price: "185.00",
        weight: g(260),
        inventory: 60,
        metafields: decimalCm(15, 8, 20),
      },
      {
        options: ["500 g"],
        sku: "CAFE-CH-500",
        barcode: "7501234561002",
        price: "340.00",
        weight: g(520),
        inventory: 45,
        metafields: decimalCm(18, 10, 24),
      },
      {
        options: ["1 kg"],
        sku: "CAFE-CH-1K",
        barcode: "7501234561003",
        price: "620.00",
        weight: kg(1.05),
        inventory: 20,
        metafields: decimalCm(22, 12, 30),
      },
    ],
  },
  {
    title: "Molinillo de madera",
    vendor: "Tienda Demo",
    productType: "Cocina",
    variants: [{ sku: "MOL-01", price: "159.00", weight: g(180), inventory: 14, issues: ["missing-dimensions"] }],
  },
  {
    title: "Alebrije de Oaxaca",
    vendor: "Taller San Martín Tilcajete",
    productType: "Decoración",
    options: ["Tamaño"],
    imageUrls: [image("alebrije")],
    variants: [
      {
        options: ["Pequeño"],
        sku: "ALE-P",
        price: "650.00",
        weight: g(300),
        inventory: 6,
        metafields: dimension("cm", 15, 10, 12),
      },
      {
        options: ["Grande"],
        sku: "ALE-G",
        price: "1800.00",
        inventory: 2,
        metafields: dimension("cm", 30, 20, 25),
        issues: ["missing-weight"],
      },
    ],
  },
  {
    title: "Jabón artesanal de Tepoztlán",
    vendor: "Tienda Demo",
    productType: "Cuidado personal",
    options: ["Aroma"],
    metafields: decimalCm(8, 6, 3),
    variants: [
      {
        options: ["Lavanda"],
        sku: "JAB-LAV",
        price: "89.00",
        weight: g(120),
        inventory: 50,
        issues: ["duplicate-sku"],
      },
      // A copy-paste slip merchants make: the new scent kept the old SKU.
      {
        options: ["Cempasúchil"],
        sku: "JAB-LAV",
        price: "89.00",
        weight: g(120),
        inventory: 35,
        issues: ["duplicate-sku"],
      },
      { options: ["Café"], sku: "JAB-CAF", price: "89.00", weight: g(120), inventory: 28 },
    ],
  },
  {
    title: "Tarjeta de regalo",
    vendor: "Tienda Demo",
    productType: "Tarjeta de regalo",
    options: ["Monto"],
    variants: [
      {
        options: ["$500"],
        sku: "GIFT-500",
        price: "500.00",
        requiresShipping: false,
        taxable: false,
        inventory: 999,
        issues: ["not-shippable"],
      },
      {
        options: ["$1,000"],
        sku: "GIFT-1000",
        price: "1000.00",
        requiresShipping: false,
        taxable: false,
        inventory: 999,
        issues: ["not-shippable"],
      },
    ],
  },
  {
    title: "Sombrero de palma",
    vendor: "Tienda Demo",
    productType: "Accesorios",
    options: ["Talla"],
    variants: [
      {
        options: ["M"],
        sku: "SOM-M",
        price: "380.00",
        weight: lb(0.6),
        inventory: 10,
        metafields: decimalCm(40, 40, 15),
      },
      // Only two sides recorded: incomplete dimensions are as useless as none.
      {
        options: ["G"],
        sku: "SOM-G",
        price: "420.00",
        weight: lb(0.7),
        inventory: 7,
        metafields: decimalCm(44, 44),
        issues: ["missing-dimensions"],
      },
    ],
  },
  {
    title: "Salsa macha",
    vendor: "Cocina de Veracruz",
    productType: "Despensa",
    options: ["Chile"],
    variants: [
      {
        options: ["Chile de árbol"],
        sku: "SAL-ARB",
        price: "135.00",
        weight: g(310),
        inventory: 36,
        metafields: dimension("in", 3, 3, 4.5),
      },
      {
        options: ["Morita"],
        sku: "SAL-MOR",
        price: "135.00",
        weight: g(310),
        inventory: 31,
        metafields: dimension("in", 3, 3, 4.5),
      },
    ],
  },
  {
    title: "Canasta de palma",
    vendor: "Tienda Demo",
    productType: "Decoración",
    metafields: decimalCm(35, 25, 20),
    variants: [{ sku: "", price: "310.00", inventory: 9, issues: ["missing-sku", "missing-weight"] }],
  },
  {
    title: "Chocolate de mesa oaxaqueño",
    vendor: "Mayordomo Oaxaca",
    productType: "Despensa",
    options: ["Paquete"],
    metafields: dimension("cm", 20, 10, 6),
    variants: [
      { options: ["6 tablillas"], sku: "CHOC-6", price: "160.00", weight: kg(0.5), inventory: 40 },
      { options: ["12 tablillas"], sku: "CHOC-12", price: "300.00", weight: kg(1), inventory: 25 },
    ],
  },
  {
    title: "Vainas de vainilla de Papantla",
    vendor: "Totonacapan",
    productType: "Despensa",
    options: ["Paquete"],
    variants: [
      {
        options: ["5 vainas"],
        sku: "VAI-5",
        price: "260.00",
        weight: oz(1.2),
        inventory: 20,
        metafields: decimalCm(20, 4, 2),
      },
      {
        options: ["10 vainas"],
        sku: "VAI-10",
        price: "480.00",
        weight: oz(2.3),
        inventory: 12,
        metafields: decimalCm(20, 6, 3),
      },
    ],
  },
];
