// A small stand-in for the Polaris web components Shopify's admin provides to UI extensions
// (s-admin-block, s-button, …), so an extension's real bundle renders in headless Chromium. It
// draws each element plainly; it is not Polaris and does not try to look like it.
const css = `
  :host { display: block; font: 14px/1.4 system-ui, sans-serif; color: #303030; }
  .card { border: 1px solid #d4d4d4; border-radius: 12px; padding: 16px; background: #fff; max-width: 640px; }
  .heading { font-weight: 650; font-size: 15px; margin-bottom: 12px; }
  .footer { display: flex; gap: 8px; justify-content: flex-end; margin-top: 16px; }
`;

class Base extends HTMLElement {
  static props = [];
  constructor() {
    super();
    this.state = {};
    for (const name of this.constructor.props) {
      Object.defineProperty(this, name, {
        get: () => this.state[name],
        set: (value) => {
          this.state[name] = value;
          this.update();
        },
      });
    }
  }
  // Preact sets a few props (href among them) as attributes, never as properties.
  static get observedAttributes() {
    return this.props.map((name) => name.toLowerCase());
  }
  attributeChangedCallback(attribute, _old, value) {
    const name = this.constructor.props.find((p) => p.toLowerCase() === attribute);
    this.state[name] = value;
    if (this.isConnected) this.update();
  }
  connectedCallback() {
    this.update();
  }
  update() {}
}

function shadow(host, html) {
  const root = host.shadowRoot ?? host.attachShadow({ mode: "open" });
  root.innerHTML = `<style>${css}</style>${html}`;
  return root;
}
const escape = (s) =>
  String(s ?? "").replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);

customElements.define(
  "s-admin-block",
  class extends Base {
    static props = ["heading", "collapsedSummary"];
    update() {
      shadow(
        this,
        `<section class="card" aria-label="${escape(this.heading)}"><div class="heading">${escape(this.heading)}</div><slot></slot></section>`,
      );
    }
  },
);

customElements.define(
  "s-admin-action",
  class extends Base {
    static props = ["heading", "loading"];
    update() {
      shadow(
        this,
        `<section class="card" role="dialog" aria-label="${escape(this.heading)}"><div class="heading">${escape(this.heading)}</div>` +
          `${this.loading ? "<p>…</p>" : ""}<slot></slot><div class="footer"><slot name="secondary-actions"></slot><slot name="primary-action"></slot></div></section>`,
      );
    }
  },
);

customElements.define(
  "s-stack",
  class extends Base {
    static props = ["direction", "gap", "alignItems"];
    update() {
      const inline = this.direction === "inline";
      this.style.display = "flex";
      this.style.flexDirection = inline ? "row" : "column";
      this.style.flexWrap = inline ? "wrap" : "nowrap";
      this.style.alignItems = inline ? "center" : "stretch";
      this.style.gap = this.gap === "base" ? "12px" : "6px";
    }
  },
);

const TONES = {
  success: "#cdfed4",
  critical: "#fedad9",
  warning: "#ffeb78",
  caution: "#fff4d0",
  info: "#e0f0ff",
  neutral: "#e3e3e3",
};
customElements.define(
  "s-badge",
  class extends Base {
    static props = ["tone"];
    update() {
      Object.assign(this.style, {
        display: "inline-block",
        padding: "2px 8px",
        borderRadius: "8px",
        fontSize: "12px",
        background: TONES[this.tone] ?? TONES.neutral,
      });
      this.dataset.tone = this.tone ?? "";
    }
  },
);

customElements.define(
  "s-banner",
  class extends Base {
    static props = ["tone", "heading"];
    update() {
      Object.assign(this.style, {
        display: "block",
        padding: "8px 12px",
        borderRadius: "8px",
        background: TONES[this.tone] ?? TONES.info,
      });
      this.setAttribute("role", this.tone === "critical" ? "alert" : "status");
      this.dataset.tone = this.tone ?? "";
    }
  },
);

for (const [name, style] of [
  ["s-text", { display: "block" }],
  ["s-heading", { display: "block", fontWeight: "650" }],
]) {
  customElements.define(
    name,
    class extends Base {
      static props = ["color", "tone", "type"];
      update() {
        Object.assign(this.style, style, {
          color: this.color === "subdued" ? "#616161" : this.tone === "caution" ? "#8a6116" : "",
        });
        if (this.type === "strong") this.style.fontWeight = "650";
      }
    },
  );
}

customElements.define(
  "s-link",
  class extends Base {
    static props = ["href", "target"];
    update() {
      this.style.display = "inline";
      shadow(
        this,
        `<style>:host{display:inline}</style><a href="${escape(this.href)}" target="${escape(this.target ?? "")}" style="color:#005bd3"><slot></slot></a>`,
      );
    }
  },
);

customElements.define(
  "s-button",
  class extends Base {
    static props = ["disabled", "loading", "variant", "tone"];
    constructor() {
      super();
      // A disabled button does not act, as in the admin (this runs before the extension's listener).
      this.addEventListener("click", (event) => this.disabled && event.stopImmediatePropagation(), true);
    }
    update() {
      const primary = this.variant === "primary";
      shadow(
        this,
        `<button ${this.disabled ? "disabled" : ""} style="padding:6px 12px;border-radius:8px;border:1px solid #8a8a8a;` +
          `background:${primary ? "#303030" : "#fff"};color:${primary ? "#fff" : this.tone === "critical" ? "#8e1f0b" : "#303030"}">` +
          `${this.loading ? "…" : ""}<slot></slot></button>`,
      );
      this.toggleAttribute("aria-disabled", Boolean(this.disabled));
    }
  },
);

customElements.define(
  "s-text-field",
  class extends Base {
    static props = ["label"];
    get value() {
      return this.shadowRoot?.querySelector("input")?.value ?? this.state.value ?? "";
    }
    set value(v) {
      this.state.value = v;
      const input = this.shadowRoot?.querySelector("input");
      if (input && input.value !== v) input.value = v;
    }
    update() {
      if (this.shadowRoot) {
        this.shadowRoot.querySelector("span").textContent = this.label ?? "";
        return;
      }
      shadow(
        this,
        `<label style="display:flex;flex-direction:column;gap:4px"><span>${escape(this.label)}</span><input style="padding:6px;border-radius:8px;border:1px solid #8a8a8a"></label>`,
      );
      this.shadowRoot.querySelector("input").value = this.state.value ?? "";
    }
  },
);
