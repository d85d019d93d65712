/**
 * The browser side of the admin stand-in: what App Bridge's script does for an embedded app
 * (https://shopify.dev/docs/api/app-bridge-library), enough for the app's pages. `storeOrigin` is
 * where the ID tokens come from (the simulated store).
 */
export function appBridgeStandIn(storeOrigin: string): string {
  return `(() => {
  "use strict";
  const STORE = ${JSON.stringify(storeOrigin)};
  const script = document.currentScript;
  const apiKey = script && script.getAttribute("data-api-key");
  const params = new URLSearchParams(location.search);
  const shop = params.get("shop") || "";
  const host = params.get("host") || "";
  const locale = params.get("locale") || "es";
  const realFetch = window.fetch.bind(window);

  async function idToken() {
    const url = STORE + "/admin/app-bridge/id-token?shop=" + encodeURIComponent(shop) + "&api_key=" + encodeURIComponent(apiKey || "");
    const response = await realFetch(url, { cache: "no-store" });
    if (!response.ok) throw new Error("the admin refused an ID token: " + (await response.text()));
    return (await response.json()).token;
  }

  // The session-token bounce page: reload the given URL with a fresh ID token.
  const reload = params.get("shopify-reload");
  if (reload) {
    idToken().then((token) => {
      const target = new URL(reload);
      target.searchParams.set("id_token", token);
      location.replace(target.toString());
    });
    return;
  }

  // Requests to the app's own origin carry the ID token, as App Bridge does.
  window.fetch = async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).origin !== location.origin) return realFetch(request);
    const headers = new Headers(request.headers);
    headers.set("Authorization", "Bearer " + (await idToken()));
    return realFetch(new Request(request, { headers }));
  };

  // The admin's chrome lives in a shadow root on <body>: the app's own markup stays the light DOM
  // React hydrates (anything added there would not match the server's HTML), slotted below it.
  const root = document.body.attachShadow({ mode: "open" });
  root.innerHTML = [
    "<style>",
    ":host{display:block}",
    "#sim-admin-bar{position:sticky;top:0;height:56px;z-index:1000;display:flex;align-items:center;gap:16px;padding:0 16px;background:#1a1a1a;color:#fff;font:14px/1.2 -apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,sans-serif;box-sizing:border-box}",
    "nav{display:flex;gap:4px;flex:1}",
    "a{color:#e3e3e3;text-decoration:none;padding:8px 12px;border-radius:8px}",
    "a[aria-current=page]{background:#404040;color:#fff;font-weight:600}",
    "a:focus-visible,select:focus-visible{outline:2px solid #fff}",
    ".sim-shop{font-weight:600;color:#fff}",
    ".sim-store-page{color:#fff}",
    "label{display:flex;gap:6px;align-items:center;color:#e3e3e3}",
    "select{background:#303030;color:#fff;border:1px solid #8a8a8a;border-radius:6px;padding:4px}",
    "#sim-toast{position:fixed;bottom:24px;left:50%;transform:translateX(-50%);z-index:1001;background:#1a1a1a;color:#fff;padding:12px 16px;border-radius:10px;font:14px -apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,sans-serif}",
    "#sim-toast[data-error]{background:#8e1f0b}",
    "#sim-loading{position:fixed;top:56px;left:0;height:3px;width:100%;z-index:1001;background:#4a4a4a}",
    "#sim-title-bar{margin:0 auto;padding:16px 0 0;max-width:950px;font:600 20px/1.3 -apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,sans-serif;color:#303030;min-height:26px}",
    "#sim-save-bar{position:sticky;top:56px;z-index:1000;display:flex;align-items:center;gap:12px;padding:10px 16px;background:#303030;color:#fff;font:14px -apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,sans-serif}",
    "#sim-save-bar span{flex:1;font-weight:600}",
    "#sim-save-bar button{border-radius:8px;padding:6px 12px;border:1px solid #8a8a8a;background:#404040;color:#fff;font:inherit;cursor:pointer}",
    "#sim-save-bar button[data-primary]{background:#fff;color:#1a1a1a}",
    "#sim-admin-page{margin:0 auto;max-width:950px;padding:12px 16px;background:#fff4d6;color:#303030;font:14px -apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,sans-serif;border-radius:8px}",
    "::slotted(ui-nav-menu),::slotted(ui-title-bar),::slotted(ui-modal:not([open])){display:none}",
    "</style>",
    '<header id="sim-admin-bar"></header><h1 id="sim-title-bar"></h1><slot></slot>',
  ].join("");

  let toastTimer;
  const shopifyGlobal = {
    config: { apiKey, shop, host, locale },
    environment: { embedded: true, mobile: false, pos: false },
    origin: location.origin,
    idToken,
    toast: {
      show(message, options) {
        let el = root.getElementById("sim-toast");
        if (!el) {
          el = document.createElement("div");
          el.id = "sim-toast";
          el.setAttribute("role", "status");
          root.appendChild(el);
        }
        el.textContent = message;
        if (options && options.isError) el.setAttribute("data-error", ""); else el.removeAttribute("data-error");
        clearTimeout(toastTimer);
        toastTimer = setTimeout(() => el.remove(), (options && options.duration) || 5000);
        return "toast";
      },
      hide() {
        const el = root.getElementById("sim-toast");
        if (el) el.remove();
      },
    },
    loading(on) {
      const el = root.getElementById("sim-loading");
      if (on && !el) {
        const bar = document.createElement("div");
        bar.id = "sim-loading";
        bar.setAttribute("role", "progressbar");
        bar.setAttribute("aria-label", "Loading");
        root.appendChild(bar);
      } else if (!on && el) el.remove();
    },
    modal: {
      show(id) { const m = document.getElementById(id); if (m) m.setAttribute("open", ""); },
      hide(id) { const m = document.getElementById(id); if (m) m.removeAttribute("open"); },
      toggle(id) { const m = document.getElementById(id); if (m) m.toggleAttribute("open"); },
    },
    saveBar: {
      show(id) { const bar = document.getElementById(id); return bar && bar.show ? bar.show() : Promise.resolve(); },
      hide(id) { const bar = document.getElementById(id); return bar && bar.hide ? bar.hide() : Promise.resolve(); },
      toggle(id) { const bar = document.getElementById(id); return bar && bar.toggle ? bar.toggle() : Promise.resolve(); },
    },
  };
  window.shopify = shopifyGlobal;

  // <ui-save-bar>: its <button>s are not drawn in the page; while shown, the admin draws its own
  // Save (the button with variant="primary") and Discard (the other) at the top, and a click on
  // either is passed to the app's button, as App Bridge does.
  const shownBars = new Set();
  function drawSaveBar() {
    let el = root.getElementById("sim-save-bar");
    const bar = Array.from(shownBars).pop();
    if (!bar) { if (el) el.remove(); return; }
    if (!el) {
      el = document.createElement("div");
      el.id = "sim-save-bar";
      el.setAttribute("role", "region");
      root.insertBefore(el, root.getElementById("sim-title-bar"));
    }
    el.setAttribute("aria-label", locale === "en" ? "Unsaved changes" : "Cambios sin guardar");
    el.textContent = "";
    const text = document.createElement("span");
    text.textContent = locale === "en" ? "Unsaved changes" : "Cambios sin guardar";
    el.appendChild(text);
    const buttons = Array.from(bar.querySelectorAll("button"));
    const ordered = buttons.filter((b) => b.getAttribute("variant") !== "primary").concat(buttons.filter((b) => b.getAttribute("variant") === "primary"));
    for (const button of ordered) {
      const mirror = document.createElement("button");
      mirror.type = "button";
      mirror.textContent = button.textContent;
      if (button.getAttribute("variant") === "primary") mirror.setAttribute("data-primary", "");
      mirror.disabled = button.hasAttribute("disabled") || button.hasAttribute("loading");
      mirror.addEventListener("click", () => button.click());
      el.appendChild(mirror);
    }
  }
  class UISaveBar extends HTMLElement {
    constructor() {
      super();
      this.attachShadow({ mode: "open" });
      new MutationObserver(() => { if (shownBars.has(this)) drawSaveBar(); }).observe(this, { childList: true, subtree: true, characterData: true, attributes: true });
    }
    get showing() { return shownBars.has(this); }
    async show() { if (!shownBars.has(this)) { shownBars.add(this); drawSaveBar(); this.dispatchEvent(new Event("show")); } }
    async hide() { if (shownBars.delete(this)) { drawSaveBar(); this.dispatchEvent(new Event("hide")); } }
    async toggle() { return this.showing ? this.hide() : this.show(); }
    disconnectedCallback() { void this.hide(); }
  }
  if (!customElements.get("ui-save-bar")) customElements.define("ui-save-bar", UISaveBar);

  // Links into the admin (\`shopify://admin/<path>\`, or \`shopify:admin/<path>\`): App Bridge opens the
  // admin's page in place of the app. The stand-in has no admin pages, so it draws which page would
  // open (a region named "Shopify admin") and records each path in window.__simAdminVisits.
  const visits = [];
  window.__simAdminVisits = visits;
  function adminPath(href) {
    const match = /^shopify:(?:\\/\\/)?admin(\\/[^?#]*)?([?#].*)?$/.exec(href || "");
    return match ? (match[1] || "/") + (match[2] || "") : null;
  }
  function openAdmin(path) {
    visits.push(path);
    let el = root.getElementById("sim-admin-page");
    if (!el) {
      el = document.createElement("section");
      el.id = "sim-admin-page";
      el.setAttribute("role", "region");
      el.setAttribute("aria-label", "Shopify admin");
      root.insertBefore(el, root.getElementById("sim-title-bar"));
    }
    el.setAttribute("data-path", path);
    el.textContent = (locale === "en" ? "Shopify admin: " : "Admin de Shopify: ") + "admin" + path;
  }
  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
    const path = anchor && adminPath(anchor.getAttribute("href"));
    if (path === null || path === undefined) return;
    event.preventDefault();
    openAdmin(path);
  }, true);
  const realOpen = window.open.bind(window);
  window.open = (url, ...rest) => {
    const path = adminPath(String(url));
    if (path === null) return realOpen(url, ...rest);
    openAdmin(path);
    return null;
  };

  // The admin's chrome: the shop, the app's navigation (from <ui-nav-menu>), the page title (from
  // <ui-title-bar>) and the merchant's language.
  const LANGUAGES = { es: "Español", en: "English" };
  function drawBar() {
    const bar = root.getElementById("sim-admin-bar");
    bar.textContent = "";
    const name = document.createElement("span");
    name.className = "sim-shop";
    name.textContent = shop.replace(/\\.myshopify\\.com$/, "");
    bar.appendChild(name);
    const nav = document.createElement("nav");
    nav.setAttribute("aria-label", locale === "en" ? "App navigation" : "Navegación de la app");
    const menu = document.querySelector("ui-nav-menu");
    const links = menu ? Array.from(menu.querySelectorAll("a[href]")) : [];
    for (const link of links) {
      const href = link.getAttribute("href");
      const item = document.createElement("a");
      item.href = href;
      item.textContent = link.textContent;
      if (new URL(href, location.href).pathname === location.pathname) item.setAttribute("aria-current", "page");
      item.addEventListener("click", (event) => {
        event.preventDefault();
        // The admin asks the app to navigate; the app's provider listens for this event.
        link.dispatchEvent(new Event("shopify:navigate", { bubbles: true }));
      });
      nav.appendChild(item);
    }
    bar.appendChild(nav);
    // The store's own page, where a person plays buyer, merchant and warehouse (simulated-shop-page.ts).
    const simulated = document.createElement("a");
    simulated.className = "sim-store-page";
    simulated.href = STORE + "/admin/simulated-shop?shop=" + encodeURIComponent(shop) + "&locale=" + encodeURIComponent(locale);
    simulated.target = "_blank";
    simulated.textContent = locale === "en" ? "Simulated store" : "Tienda simulada";
    bar.appendChild(simulated);
    const label = document.createElement("label");
    label.textContent = locale === "en" ? "Language" : "Idioma";
    const select = document.createElement("select");
    for (const [code, text] of Object.entries(LANGUAGES)) {
      const option = document.createElement("option");
      option.value = code;
      option.textContent = text;
      option.selected = code === locale;
      select.appendChild(option);
    }
    select.addEventListener("change", () => {
      // As the admin does: reopen the app's current page with the admin's parameters.
      const target = new URL(location.pathname, location.origin);
      target.searchParams.set("embedded", "1");
      target.searchParams.set("shop", shop);
      target.searchParams.set("host", host);
      target.searchParams.set("locale", select.value);
      location.assign(target.toString());
    });
    label.appendChild(select);
    bar.appendChild(label);
    // The page's title, as the admin's title bar shows it above the app.
    const title = document.querySelector("ui-title-bar[title]");
    const text = title ? title.getAttribute("title") : "";
    root.getElementById("sim-title-bar").textContent = text;
    if (text) document.title = text + " · " + name.textContent;
  }
  let scheduled = false;
  const redraw = () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => { scheduled = false; drawBar(); });
  };
  const start = () => {
    drawBar();
    new MutationObserver(redraw).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["title", "href"] });
    const push = history.pushState.bind(history);
    history.pushState = (...args) => { push(...args); redraw(); };
    const replace = history.replaceState.bind(history);
    history.replaceState = (...args) => { replace(...args); redraw(); };
    addEventListener("popstate", redraw);
  };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start); else start();
})();
`;
}
