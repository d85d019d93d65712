// How a number field states its range and words a refused value, in Spanish (messages.es.ts `numbers`).
export const numbersEs = {
  range: "Entre {min} y {max}.",
  rangeOptional: "Opcional. Entre {min} y {max}.",
  money: "${value}",
  percent: "{value} %",
  count: "{value} {unit}",
  units: { ms: "ms", seconds: "segundos", minutes: "minutos", hours: "horas", days: "días", units: "unidades" },
  // The unit after exactly 1 («1 unidad», "1 unit"), never «1 unidades».
  unitsOne: { ms: "ms", seconds: "segundo", minutes: "minuto", hours: "hora", days: "día", units: "unidad" },
  errors: {
    required: "Escribe un número entre {min} y {max}.",
    unreadable: "Escribe solo cifras, p. ej. {example}.",
    ambiguousComma:
      "No se puede leer «{text}» sin adivinar: usa punto para los decimales y coma para los miles, p. ej. {example}.",
    tooManyDecimals: "Escribe hasta dos decimales, p. ej. {example}.",
    wholeNumber: "Escribe un número entero, p. ej. {example}.",
    outOfRange: "Escribe un valor entre {min} y {max}.",
  },
};
