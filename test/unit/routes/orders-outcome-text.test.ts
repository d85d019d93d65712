import { describe, expect, it } from "vitest";
import { translator } from "~/i18n/locale";
import { outcomeText } from "../../../app/routes/app.orders/text";

describe("an action's outcome on Pedidos", () => {
  it("words a service failure from its code, never the service's or the client's own text", () => {
    const result = {
      ok: false as const,
      code: "serviceUnreachable" as const,
      params: { svcOrderId: "9f1c", problem: "unauthorized" },
    };
    expect(outcomeText(translator("es"), result)).toBe(
      "No se pudo consultar al servicio por la orden 9f1c. El servicio rechazó la clave de API de la tienda. Escribe una clave vigente en Configuración y vuelve a intentar.",
    );
    expect(outcomeText(translator("en"), result)).toBe(
      "The service could not be asked about order 9f1c. The service refused the shop's API key. Enter a current key in Settings, then try again.",
    );
  });
});
