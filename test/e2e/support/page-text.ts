// What a merchant reads on a page, as the page walk reads it and the e2e files that feed pages to
// its detector (test/helpers/merchant-text.ts): the visible text, the shadow roots' own text and
// the attributes a merchant meets (title, aria-label, placeholder, alt).
import type { Page } from "playwright-core";

/** Everything a merchant reads on the page: visible text, shadow roots' text, and the attributes they meet. */
export function merchantText(page: Page, opts: { title: boolean } = { title: true }): Promise<string> {
  return page.evaluate(({ title }) => {
    const out: string[] = [title ? document.title : "", document.body.innerText];
    const visit = (root: Document | ShadowRoot) => {
      for (const el of Array.from(root.querySelectorAll("*"))) {
        const visible = el.checkVisibility();
        if (visible) {
          for (const name of ["title", "aria-label", "placeholder", "alt"]) {
            const value = el.getAttribute(name);
            if (value) out.push(value);
          }
        }
        if (!el.shadowRoot) continue;
        // The shadow root's own text (the heading an s-admin-block draws, the admin's bar):
        // the light DOM slotted into it is already in innerText.
        const walker = document.createTreeWalker(el.shadowRoot, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const parent = node.parentElement;
          if (!parent || parent.closest("style, script") || !parent.checkVisibility()) continue;
          if (node.textContent?.trim()) out.push(node.textContent.trim());
        }
        visit(el.shadowRoot);
      }
    };
    visit(document);
    return out.join("\n");
  }, opts);
}
