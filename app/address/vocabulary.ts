// Words the street parser recognises, as token keys: folded (lower case, no accents) with dots
// and surrounding punctuation removed, so "Núm.", "NUM" and "num" are all "num".

/** Labels naming the exterior number; dropped from the output ("No. 23" → "23"). */
export const EXTERIOR_LABELS = new Set(["no", "num", "numero", "nro", "#"]);
/** Words that turn an exterior label into "exterior number" ("No. Ext."); dropped too. */
export const EXTERIOR_WORDS = new Set(["ext", "exterior"]);
/** Labels naming the interior number; dropped ("Int. 4" → "4"). */
export const INTERIOR_LABELS = new Set(["int", "interior"]);
/** Labels naming the colonia; dropped ("Col. Roma Norte" → "Roma Norte"). */
export const COLONIA_LABELS = new Set(["col", "colonia"]);
/** Kinds of settlement that are part of the colonia's name, so they stay ("Fracc. Las Américas"). */
export const COLONIA_TYPES = new Set([
  "fracc",
  "frac",
  "fraccionamiento",
  "barrio",
  "residencial",
  "resid",
  "ampliacion",
  "ampl",
  "amp",
  "unidad",
  "uh",
  "conjunto",
  "conj",
  "infonavit",
  "ejido",
]);
/** Kinds of unit that stay in the interior number, because they tell the courier what to look for. */
export const UNIT_WORDS = new Set([
  "depto",
  "dpto",
  "dto",
  "depa",
  "dep",
  "departamento",
  "apto",
  "apartamento",
  "apt",
  "local",
  "loc",
  "oficina",
  "of",
  "ofna",
  "ofic",
  "piso",
  "casa",
  "edificio",
  "edif",
  "ed",
  "torre",
  "bodega",
  "bod",
  "despacho",
  "desp",
  "suite",
  "consultorio",
  "nave",
  "modulo",
  "cuarto",
]);
/**
 * Unit words that can start a building's name rather than a number ("Edificio Frisco", "Torre
 * Esmeralda"). Not "casa": "Casa Blanca" is as likely to be the colonia.
 */
export const BUILDING_WORDS = new Set([...UNIT_WORDS].filter((word) => word !== "casa"));
/** Units that need no number after them ("PB", planta baja). */
export const STANDALONE_UNITS = new Set(["pb"]);
/**
 * Block and lot of unnumbered developments; kept as the exterior number ("Mz 3 Lt 12"), unless
 * the street has its own number ("Cerrada Olivo 8 Lote 4": 8, and the lot goes to the interior).
 */
export const LOT_WORDS = new Set(["mz", "mza", "manz", "manzana", "lt", "lte", "lote", "smz", "sm", "supermanzana"]);
/** Highway addresses: the kilometre is the exterior number ("Km 12.5"). */
export const KILOMETRE_WORDS = new Set(["km", "kilometro"]);
/** "Sin número" written as one token. */
export const NO_NUMBER = new Set(["s/n", "sn", "s/num", "s/no", "s-n"]);
/** Second word of "sin número" written out. */
export const NUMBER_WORDS = new Set(["numero", "num", "no"]);
/** Yucatán's "x" before the cross streets ("Calle 60 x 57 y 59"); kept in the street. */
export const CROSS_X = "x";
/** Cross streets elsewhere: "entre Juárez y Morelos", Mérida's "por 45 y 47"; kept in the street. */
export const CROSS_BETWEEN = new Set(["entre", "por"]);
/** The corner: "esq. Av. Juárez"; kept in the street. */
export const CROSS_CORNER = new Set(["esq", "esquina"]);
/** Single letters that join words, so never a number's letter or an interior ("x 57 y 59"). */
export const CONJUNCTIONS = new Set(["y", "e", "o", "u", "x"]);
/** Labels of a postal code written into an address line; dropped ("C.P. 06500"). */
export const POSTAL_LABELS = new Set(["cp"]);
/** Directions to the door; kept whole and sent as the interior reference. */
export const REFERENCE_LABELS = new Set(["ref", "referencia", "referencias"]);
/** Words that alone do not name a street, so a number after them belongs to the name ("Calle 60"). */
export const STREET_TYPES = new Set([
  "calle",
  "c",
  "cl",
  "av",
  "ave",
  "avda",
  "avenida",
  "blvd",
  "bvd",
  "boulevard",
  "bulevar",
  "blv",
  "calz",
  "calzada",
  "priv",
  "privada",
  "prol",
  "prolongacion",
  "cerrada",
  "cda",
  "cerr",
  "and",
  "andador",
  "callejon",
  "cjon",
  "circuito",
  "cto",
  "circ",
  "retorno",
  "ret",
  "eje",
  "carretera",
  "carr",
  "camino",
  "cam",
  "paseo",
  "pso",
  "periferico",
  "perif",
  "via",
  "diagonal",
  "diag",
  "glorieta",
  "plaza",
  "pza",
  "sendero",
  "vereda",
  "pasaje",
  "norte",
  "sur",
  "oriente",
  "poniente",
  "ote",
  "pte",
  "nte",
]);
/** Compass points that follow a house number but belong to the street ("Padre Mier 1250 Pte."). */
export const DIRECTIONS = new Set(["norte", "nte", "sur", "oriente", "ote", "poniente", "pte"]);
