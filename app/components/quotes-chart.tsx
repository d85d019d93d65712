// Inicio's chart of the last 24 hours of checkout quotes: per clock hour, the median answer time
// (bars, left scale) and the share answered from the cache (dots, right scale). Plain SVG drawn on
// the server with a fixed aspect ratio (no layout shift, no chart library), named and described for
// screen readers, with the same figures in a table beneath.
import { useId } from "react";
import { useI18n } from "~/i18n/react";
import type { QuoteHour } from "~/rates/quote-hours.server";

const W = 720;
const H = 200;
const PLOT = { left: 64, right: 672, top: 12, bottom: 168 };
const BAR = "#2c6ecb";
const DOT = "#0c5132";
const INK = "#4a4a4a";

/**
 * A round top for the time scale: 1, 2 or 5 × 10ⁿ at or above `max`.
 * @internal
 */
export function niceCeiling(max: number): number {
  if (max <= 1) return 1;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((n) => n * magnitude).find((n) => n >= max) ?? 10 * magnitude;
}

export function QuotesChart({ hours }: { hours: QuoteHour[] }) {
  const { messages, locale, number } = useI18n();
  const m = messages.home.chart;
  const id = useId();
  const tag = locale === "en" ? "en-US" : "es-MX";
  // Two-digit 24-hour clock on Mexico City time: the same text on the server and in any browser.
  const hourLabel = new Intl.DateTimeFormat(tag, {
    hour: "2-digit",
    hourCycle: "h23",
    timeZone: "America/Mexico_City",
  });
  const percent = new Intl.NumberFormat(tag, { style: "percent" });
  const top = niceCeiling(Math.max(0, ...hours.map((h) => h.medianMs ?? 0)));
  const step = (PLOT.right - PLOT.left) / hours.length;
  const y = (fraction: number) => PLOT.bottom - fraction * (PLOT.bottom - PLOT.top);
  const label = (iso: string) => `${hourLabel.format(new Date(iso))}:00`;

  return (
    <figure style={{ margin: 0 }}>
      <div style={{ display: "flex", gap: 16, flexWrap: "wrap", marginBottom: 8 }} aria-hidden="true">
        <span>
          <svg width="12" height="12">
            <rect width="12" height="12" fill={BAR} />
          </svg>{" "}
          {m.answerTime} (ms)
        </span>
        <span>
          <svg width="12" height="12">
            <circle cx="6" cy="6" r="5" fill={DOT} />
          </svg>{" "}
          {m.cacheShare} (%)
        </span>
      </div>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        width="100%"
        style={{ display: "block", aspectRatio: `${W} / ${H}`, height: "auto" }}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
      >
        <title id={`${id}-title`}>{m.title}</title>
        <desc id={`${id}-desc`}>{m.description}</desc>
        <g fontSize="12" fill={INK}>
          <line x1={PLOT.left} x2={PLOT.right} y1={PLOT.bottom} y2={PLOT.bottom} stroke="#8a8a8a" />
          <line x1={PLOT.left} x2={PLOT.right} y1={PLOT.top} y2={PLOT.top} stroke="#e3e3e3" />
          <text x={PLOT.left - 6} y={PLOT.top + 4} textAnchor="end">
            {`${number(top)} ms`}
          </text>
          <text x={PLOT.left - 6} y={PLOT.bottom + 4} textAnchor="end">
            0
          </text>
          <text x={PLOT.right + 6} y={PLOT.top + 4}>
            100%
          </text>
          <text x={PLOT.right + 6} y={PLOT.bottom + 4}>
            0%
          </text>
          {hours.map((h, i) => {
            const x = PLOT.left + i * step;
            return (
              <g key={h.hour}>
                {h.medianMs !== null ? (
                  <rect
                    x={x + step * 0.15}
                    width={step * 0.7}
                    y={y(h.medianMs / top)}
                    height={Math.max(1, PLOT.bottom - y(h.medianMs / top))}
                    fill={BAR}
                  />
                ) : null}
                {h.cachePercent !== null ? (
                  <circle cx={x + step / 2} cy={y(h.cachePercent / 100)} r="4" fill={DOT} stroke="#fff" />
                ) : null}
                {i % 3 === 0 ? (
                  <text x={x + step / 2} y={H - 14} textAnchor="middle">
                    {label(h.hour)}
                  </text>
                ) : null}
              </g>
            );
          })}
        </g>
      </svg>
      <details>
        <summary>{m.table}</summary>
        <table style={{ borderCollapse: "collapse", marginTop: 8 }}>
          <thead>
            <tr>
              {[m.hour, m.quotes, `${m.answerTime} (ms)`, m.cacheShare].map((heading) => (
                <th key={heading} scope="col" style={{ textAlign: "start", paddingInlineEnd: 16 }}>
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {hours.map((h) => (
              <tr key={h.hour}>
                <th scope="row" style={{ textAlign: "start", fontWeight: 400 }}>
                  {label(h.hour)}
                </th>
                <td>{number(h.quotes)}</td>
                <td>{h.medianMs === null ? "—" : number(h.medianMs)}</td>
                <td>{h.cachePercent === null ? "—" : percent.format(h.cachePercent / 100)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
