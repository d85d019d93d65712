// How the merchant-input e2e files read a form in Chromium: what the page says next to a field,
// a form's submission and its answer, and any answer of the app that was a server error.
import type { Locator, Page } from "playwright-core";

/**
 * What the page says about a field, read as a screen reader reads it next to the field: the texts
 * its aria-describedby names (Polaris puts the field's error and its help text there).
 */
export const fieldDescription = (field: Locator) =>
  field.evaluate((input) =>
    (input.getAttribute("aria-describedby") ?? "")
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? "")
      .join(" "),
  );

/** Runs `click` and waits for the app to answer the POST it sends to `pathname`; the answer's status. */
export async function submitted(page: Page, pathname: string, click: () => Promise<void>): Promise<number> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith(pathname), {
      timeout: 30_000,
    }),
    click(),
  ]);
  return response.status();
}

/** The app's answers with a 5xx status on this page from now on (a merchant's input is never the server's fault). */
export function serverErrors(page: Page): string[] {
  const seen: string[] = [];
  page.on("response", (r) => {
    if (r.status() >= 500) seen.push(`${r.status()} ${r.request().method()} ${r.url()}`);
  });
  return seen;
}

/** The app's POSTs on this page from now on (a cancelled confirmation sends none). */
export function posts(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") seen.push(r.url());
  });
  return seen;
}
