/** Generated previews: a theme card and a format, as small SVG images. */
import { parseFormat } from "../../domain/formats";
import { type ArticleRow } from "./snapshot";

/** The preview image of an article's format group (a generated SVG per material and format). */
export function previewPath(a: ArticleRow): string | null {
  return a.format
    ? `/web-api/catalogue-preview/${encodeURIComponent(a.formatGroup ?? a.kind)}/${a.format}.svg`
    : null;
}

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!,
  );

/** A theme preview: the card's proportions, its palette as background and shapes, its name. */
export function themeSvg(
  t: { format: string; palette: string[]; punching: string },
  name: string,
): string {
  const { width, height } = parseFormat(t.format);
  const w = 240;
  const h = Math.round((w * height) / width);
  const [a = "#ffffff", b = "#cccccc", c = "#ffffff"] = t.palette;
  const corner = t.punching === "round" ? 16 : 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeXml(name)}"><rect width="${w}" height="${h}" rx="${corner}" fill="${a}"/><circle cx="${w * 0.78}" cy="${h * 0.28}" r="${Math.min(w, h) * 0.22}" fill="${b}" opacity=".75"/><rect x="${w * 0.08}" y="${h * 0.62}" width="${w * 0.84}" height="${h * 0.26}" rx="4" fill="${c}" opacity=".85"/><text x="${w / 2}" y="${h * 0.78}" font-family="Georgia,serif" font-size="${Math.max(10, Math.round(w / 18))}" text-anchor="middle" fill="#222">${escapeXml(name)}</text></svg>`;
}

/** A format preview: the format's proportions with its size written inside. */
export function formatSvg(group: string, format: string): string | null {
  const { width, height } = parseFormat(format);
  if (width === 0) return null;
  const scale = 240 / Math.max(width, height);
  const w = Math.round(width * scale);
  const h = Math.round(height * scale);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><rect x="1" y="1" width="${w - 2}" height="${h - 2}" fill="#f5f7f8" stroke="#1f4e5f" stroke-width="2"/><text x="${w / 2}" y="${h / 2}" font-family="Arial,sans-serif" font-size="14" text-anchor="middle" fill="#1f4e5f">${escapeXml(group)} ${width / 10}×${height / 10}</text></svg>`;
}
