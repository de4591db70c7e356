// Renders the seed content's product images (content/assets/{channel}/*.jpg) from SVG
// mockups with sharp: cards, calendars, photo books and boxes for Cardelia; canvas,
// posters, acrylic, aluminium, frames and collages for Wallora. Deterministic; run with
// `node scripts/generate-assets.js` after changing a picture. Keeps every file < 150 KB.
import { Buffer } from "node:buffer";
import { mkdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const out = (channel, file) => path.join(root, "content", "assets", channel, file);
const MAX_BYTES = 150 * 1024;

// ------------------------------------------------------------------ building blocks

/** A seeded pseudo-random generator, so every run draws the same pictures. */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const svg = (w, h, body, defs = "") =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"><defs>${defs}</defs>${body}</svg>`;

const linear = (id, stops, x2 = 0, y2 = 1) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops
    .map((c, i) => `<stop offset="${i / (stops.length - 1)}" stop-color="${c}"/>`)
    .join("")}</linearGradient>`;

const shadow = (id, blur = 18, dy = 14, opacity = 0.28) =>
  `<filter id="${id}" x="-20%" y="-20%" width="140%" height="150%"><feDropShadow dx="0" dy="${dy}" stdDeviation="${blur}" flood-color="#000" flood-opacity="${opacity}"/></filter>`;

/** A landscape "photo" (sky, sun, mountain ridges, lake) in a w×h box at x,y. */
function landscape(id, x, y, w, h, palette) {
  const { sun, ridges, water } = palette;
  const rnd = random(id.length * 7919 + w);
  const ridge = (level, colour, rough) => {
    const base = y + h * level;
    let d = `M${x} ${y + h}L${x} ${base}`;
    const steps = 9;
    for (let i = 1; i <= steps; i++) {
      const px = x + (w * i) / steps;
      const py = base - rnd() * h * rough + h * rough * 0.3;
      d += `L${px.toFixed(1)} ${py.toFixed(1)}`;
    }
    return `<path d="${d}L${x + w} ${y + h}Z" fill="${colour}"/>`;
  };
  return `<g clip-path="url(#${id}-clip)">
    <rect x="${x}" y="${y}" width="${w}" height="${h}" fill="url(#${id}-sky)"/>
    <circle cx="${x + w * 0.68}" cy="${y + h * 0.36}" r="${Math.min(w, h) * 0.11}" fill="${sun}" opacity="0.95"/>
    ${ridges.map((c, i) => ridge(0.45 + i * 0.12, c, 0.22 - i * 0.05)).join("")}
    ${water ? `<rect x="${x}" y="${y + h * 0.8}" width="${w}" height="${h * 0.2}" fill="${water}" opacity="0.85"/>` : ""}
  </g>`;
}

function landscapeDefs(id, x, y, w, h, palette) {
  return `${linear(`${id}-sky`, palette.sky)}<clipPath id="${id}-clip"><rect x="${x}" y="${y}" width="${w}" height="${h}"/></clipPath>`;
}

/** Abstract art: overlapping soft circles and arcs. */
function abstractArt(id, x, y, w, h, colours, background) {
  const rnd = random(id.length * 104729 + h);
  const shapes = [];
  for (let i = 0; i < 7; i++) {
    const r = Math.min(w, h) * (0.12 + rnd() * 0.28);
    shapes.push(
      `<circle cx="${(x + rnd() * w).toFixed(1)}" cy="${(y + rnd() * h).toFixed(1)}" r="${r.toFixed(1)}" fill="${colours[i % colours.length]}" opacity="${(0.55 + rnd() * 0.4).toFixed(2)}"/>`,
    );
  }
  shapes.push(
    `<path d="M${x} ${y + h * 0.75} Q ${x + w * 0.5} ${y + h * 0.35} ${x + w} ${y + h * 0.7}" stroke="${colours[0]}" stroke-width="${w * 0.02}" fill="none" opacity="0.8"/>`,
  );
  return `<g clip-path="url(#${id}-clip)"><rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${background}"/>${shapes.join("")}</g>`;
}

const clip = (id, x, y, w, h) =>
  `<clipPath id="${id}-clip"><rect x="${x}" y="${y}" width="${w}" height="${h}"/></clipPath>`;

/** A flower of petals around a centre. */
function flower(cx, cy, r, petal, centre, count = 6, rotate = 0) {
  const petals = Array.from({ length: count }, (_, i) => {
    const a = rotate + (360 / count) * i;
    return `<ellipse cx="${cx}" cy="${cy - r * 0.55}" rx="${r * 0.32}" ry="${r * 0.55}" fill="${petal}" transform="rotate(${a} ${cx} ${cy})"/>`;
  }).join("");
  return `${petals}<circle cx="${cx}" cy="${cy}" r="${r * 0.22}" fill="${centre}"/>`;
}

/** Text lines drawn as rounded bars (a card's printed greeting, without a language). */
function textBars(x, y, widths, colour, height = 10, gap = 18) {
  return widths
    .map(
      (w, i) =>
        `<rect x="${x - w / 2}" y="${y + i * gap}" width="${w}" height="${height}" rx="${height / 2}" fill="${colour}"/>`,
    )
    .join("");
}

const PALETTES = {
  alpine: {
    sky: ["#8fc3e8", "#f6d9b8"],
    sun: "#fff4d6",
    ridges: ["#7c93b5", "#4f6f8f", "#2f4c62"],
    water: "#6f9cc0",
  },
  sunset: {
    sky: ["#f7b267", "#f25c54"],
    sun: "#ffe8b0",
    ridges: ["#b8505a", "#7d3449", "#4a2238"],
    water: null,
  },
  meadow: {
    sky: ["#bfe3f2", "#fdf2d0"],
    sun: "#fff8e1",
    ridges: ["#9cc59a", "#6a9f6b", "#3f6e4a"],
    water: null,
  },
  nordic: {
    sky: ["#cfd9e3", "#eef2f5"],
    sun: "#ffffff",
    ridges: ["#a9b8c6", "#7b8fa3", "#4f6375"],
    water: "#9fb3c4",
  },
  dusk: {
    sky: ["#2e3a6e", "#c9718d"],
    sun: "#ffd1a8",
    ridges: ["#5b4b7a", "#3c3562", "#221f40"],
    water: "#4a4a7a",
  },
};

// ------------------------------------------------------------------ Cardelia (cards)

/** A table top with products lying on it. */
function tableScene(w, h, colourA, colourB, body, defs = "") {
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="url(#table)"/>
     <circle cx="${w * 0.1}" cy="${h * 0.15}" r="${h * 0.5}" fill="#fff" opacity="0.18"/>
     ${body}`,
    `${linear("table", [colourA, colourB], 1, 1)}${shadow("sh")}${defs}`,
  );
}

/** A greeting card standing or lying at x,y with a picture on its front. */
function card(x, y, w, h, rotate, front, paper = "#fffdf8") {
  return `<g transform="rotate(${rotate} ${x + w / 2} ${y + h / 2})" filter="url(#sh)">
    <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="6" fill="${paper}"/>
    ${front}
  </g>`;
}

function christmasHero() {
  const w = 1800;
  const h = 1000;
  const tree = (cx, cy, s, colour) =>
    `<path d="M${cx} ${cy - s} L${cx + s * 0.6} ${cy + s * 0.2} H${cx - s * 0.6} Z M${cx} ${cy - s * 0.55} L${cx + s * 0.75} ${cy + s * 0.7} H${cx - s * 0.75} Z" fill="${colour}"/><rect x="${cx - s * 0.09}" y="${cy + s * 0.7}" width="${s * 0.18}" height="${s * 0.25}" fill="#7a4a2a"/>`;
  const star = (cx, cy, r, colour) => {
    let d = "";
    for (let i = 0; i < 10; i++) {
      const a = (Math.PI / 5) * i - Math.PI / 2;
      const rr = i % 2 ? r * 0.45 : r;
      d += `${i ? "L" : "M"}${(cx + rr * Math.cos(a)).toFixed(1)} ${(cy + rr * Math.sin(a)).toFixed(1)}`;
    }
    return `<path d="${d}Z" fill="${colour}"/>`;
  };
  const front1 = `<rect x="560" y="240" width="420" height="560" fill="#b4235a"/>${tree(770, 470, 150, "#f6d7e3")}${star(770, 300, 26, "#f5c96a")}${textBars(770, 690, [220, 150], "#f6d7e3")}`;
  const front2 = `<rect x="1040" y="300" width="380" height="520" fill="#1f5e4a"/>${[0, 1, 2].map((i) => star(1130 + i * 100, 420 + (i % 2) * 60, 34, "#f5c96a")).join("")}${tree(1230, 620, 110, "#dff0e6")}`;
  const front3 = `<rect x="250" y="380" width="300" height="420" fill="#f6efe6"/>${landscape("xmas", 270, 400, 260, 250, PALETTES.nordic)}${textBars(400, 700, [180, 120], "#b4235a")}`;
  const ornaments = [
    [1560, 260, "#b4235a"],
    [1640, 420, "#f5c96a"],
    [180, 220, "#1f5e4a"],
    [1500, 780, "#f5c96a"],
  ]
    .map(
      ([cx, cy, c]) =>
        `<circle cx="${cx}" cy="${cy}" r="44" fill="${c}"/><circle cx="${cx - 14}" cy="${cy - 14}" r="10" fill="#fff" opacity="0.5"/>`,
    )
    .join("");
  return tableScene(
    w,
    h,
    "#f7ece6",
    "#ead7cf",
    `${ornaments}
     ${card(240, 370, 320, 440, -8, front3)}
     ${card(550, 230, 440, 580, 0, front1)}
     ${card(1030, 290, 400, 540, 6, front2)}`,
    landscapeDefs("xmas", 270, 400, 260, 250, PALETTES.nordic),
  );
}

function weddingCards() {
  const w = 1200;
  const h = 1200;
  const floral = (cx, cy, s) =>
    flower(cx, cy, s, "#f3c6d3", "#d9a441", 6) +
    flower(cx + s * 1.1, cy + s * 0.6, s * 0.7, "#e9dcc4", "#d9a441", 5, 20);
  const front = (x, y, cw, ch) =>
    `${floral(x + cw * 0.3, y + ch * 0.25, 60)}${floral(x + cw * 0.7, y + ch * 0.78, 50)}
     <rect x="${x + cw * 0.2}" y="${y + ch * 0.42}" width="${cw * 0.6}" height="2" fill="#c9a24a"/>
     <text x="${x + cw / 2}" y="${y + ch * 0.53}" text-anchor="middle" font-family="DejaVu Serif" font-style="italic" font-size="${cw * 0.1}" fill="#6b4d2e">Anna &amp; Luca</text>
     ${textBars(x + cw / 2, y + ch * 0.58, [cw * 0.35, cw * 0.25], "#c9a24a", 8, 16)}`;
  return tableScene(
    w,
    h,
    "#f4efe9",
    "#e6ddd3",
    `${card(180, 220, 460, 640, -6, front(180, 220, 460, 640))}
     ${card(560, 330, 460, 640, 5, front(560, 330, 460, 640), "#fbf6ee")}
     <ellipse cx="960" cy="1040" rx="180" ry="50" fill="#fff" opacity="0.6"/>`,
  );
}

function birthdayCards() {
  const w = 1200;
  const h = 1200;
  const balloons = (x, y, s) =>
    ["#f25c54", "#f7b267", "#4d9de0", "#7bc47f"]
      .map(
        (c, i) =>
          `<ellipse cx="${x + i * s * 0.8}" cy="${y + (i % 2) * s * 0.5}" rx="${s * 0.45}" ry="${s * 0.58}" fill="${c}"/><path d="M${x + i * s * 0.8} ${y + (i % 2) * s * 0.5 + s * 0.58} q 20 80 -10 160" stroke="#8a7f7a" stroke-width="3" fill="none"/>`,
      )
      .join("");
  const front = (x, y) =>
    `<rect x="${x}" y="${y}" width="440" height="600" fill="#fff6e8"/>${balloons(x + 90, y + 150, 110)}<text x="${x + 220}" y="${y + 520}" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="96" fill="#f25c54">30</text>`;
  return tableScene(
    w,
    h,
    "#e8f1f8",
    "#d4e3ee",
    `${card(160, 260, 440, 600, -7, front(160, 260))}
     ${card(600, 300, 440, 600, 6, `<rect x="600" y="300" width="440" height="600" fill="#fde2e4"/>${abstractArt("bday", 620, 320, 400, 400, ["#f25c54", "#f7b267", "#4d9de0"], "#fde2e4")}${textBars(820, 780, [260, 180], "#f25c54")}`)}`,
    clip("bday", 620, 320, 400, 400),
  );
}

/** A wall calendar with a photo on top and the month's grid below. */
function calendarPage(x, y, w, h, photo) {
  const gridTop = y + h * 0.62;
  const cells = [];
  for (let r = 0; r < 5; r++) {
    for (let c = 0; c < 7; c++) {
      cells.push(
        `<rect x="${x + w * 0.08 + c * ((w * 0.84) / 7)}" y="${gridTop + 40 + r * ((h * 0.3) / 5)}" width="${(w * 0.84) / 7 - 8}" height="${(h * 0.3) / 5 - 8}" rx="3" fill="${c >= 5 ? "#f6d7e3" : "#f1ede9"}"/>`,
      );
    }
  }
  return `<g filter="url(#sh)"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="4" fill="#fff"/></g>
    ${photo}
    <text x="${x + w * 0.08}" y="${gridTop + 20}" font-family="DejaVu Sans" font-weight="bold" font-size="${w * 0.05}" fill="#2a1f24">05 · 2027</text>
    ${cells.join("")}
    ${Array.from({ length: 9 }, (_, i) => `<circle cx="${x + w * 0.1 + i * w * 0.1}" cy="${y + 14}" r="6" fill="#bbb"/>`).join("")}`;
}

function photoCalendar() {
  const w = 1200;
  const h = 1200;
  const x = 300;
  const y = 90;
  const cw = 600;
  const ch = 1000;
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="url(#wall)"/>
     <rect y="${h * 0.86}" width="${w}" height="${h * 0.14}" fill="#d8c8b8"/>
     ${calendarPage(x, y, cw, ch, landscape("cal", x + 30, y + 40, cw - 60, ch * 0.55, PALETTES.meadow))}
     <path d="M1010 1040 q 40 -260 10 -420 q 60 120 40 420 Z" fill="#5f8f5b"/><rect x="970" y="1030" width="110" height="100" rx="10" fill="#c9876a"/>`,
    `${linear("wall", ["#f8f1ea", "#efe3d8"])}${shadow("sh")}${landscapeDefs("cal", x + 30, y + 40, cw - 60, ch * 0.55, PALETTES.meadow)}`,
  );
}

function deskCalendar() {
  const w = 1200;
  const h = 1200;
  return tableScene(
    w,
    h,
    "#eef1f4",
    "#dde3e9",
    `<g transform="translate(600 640) scale(1.35) translate(-600 -640)"><path d="M250 900 L600 380 L950 900 Z" fill="#cfd6dd"/>
     <g filter="url(#sh)"><rect x="260" y="420" width="680" height="480" rx="8" fill="#fff"/></g>
     ${landscape("desk", 290, 450, 620, 300, PALETTES.sunset)}
     <text x="300" y="820" font-family="DejaVu Sans" font-weight="bold" font-size="44" fill="#b4235a">12 · 2027</text>
     ${textBars(700, 800, [300, 300], "#e9e2dc", 14, 30)}
     ${Array.from({ length: 12 }, (_, i) => `<circle cx="${320 + i * 52}" cy="430" r="9" fill="#999"/>`).join("")}</g>`,
    landscapeDefs("desk", 290, 450, 620, 300, PALETTES.sunset),
  );
}

function photoBook() {
  const w = 1200;
  const h = 1200;
  const left = landscape("bookl", 180, 330, 400, 420, PALETTES.alpine);
  const right =
    landscape("bookr", 630, 330, 190, 200, PALETTES.sunset) +
    landscape("bookr2", 630, 550, 190, 200, PALETTES.meadow) +
    landscape("bookr3", 840, 330, 190, 420, PALETTES.dusk);
  return tableScene(
    w,
    h,
    "#f3ede7",
    "#e2d6cb",
    `<g filter="url(#sh)"><path d="M140 290 Q600 250 600 300 Q600 250 1060 290 L1060 800 Q600 760 600 810 Q600 760 140 800 Z" fill="#fff"/></g>
     <path d="M600 300 L600 810" stroke="#e0d8d0" stroke-width="6"/>
     ${left}${right}
     ${textBars(380, 775, [200], "#d9cfc5", 8)}`,
    landscapeDefs("bookl", 180, 330, 400, 420, PALETTES.alpine) +
      landscapeDefs("bookr", 630, 330, 190, 200, PALETTES.sunset) +
      landscapeDefs("bookr2", 630, 550, 190, 200, PALETTES.meadow) +
      landscapeDefs("bookr3", 840, 330, 190, 420, PALETTES.dusk),
  );
}

function photoBox() {
  const w = 1200;
  const h = 1200;
  const prints = [
    [380, 260, -12, PALETTES.meadow],
    [520, 240, 8, PALETTES.sunset],
    [650, 280, -4, PALETTES.alpine],
  ];
  const defs = prints
    .map(([x, y, , p], i) => landscapeDefs(`box${i}`, x + 14, y + 14, 272, 182, p))
    .join("");
  return tableScene(
    w,
    h,
    "#f6eee9",
    "#e9dbd2",
    `<g transform="translate(600 560) scale(1.3) translate(-600 -560)">${prints
      .map(
        ([x, y, r, p], i) =>
          `<g transform="rotate(${r} ${x + 150} ${y + 105})" filter="url(#sh)"><rect x="${x}" y="${y}" width="300" height="210" fill="#fff"/>${landscape(`box${i}`, x + 14, y + 14, 272, 182, p)}</g>`,
      )
      .join("")}
     <g filter="url(#sh)"><rect x="300" y="470" width="600" height="420" rx="16" fill="#b4235a"/></g>
     <rect x="300" y="470" width="600" height="80" rx="16" fill="#9a1d4c"/>
     <text x="600" y="740" text-anchor="middle" font-family="DejaVu Serif" font-size="64" fill="#f6d7e3">♥</text></g>`,
    defs,
  );
}

function photoPrints() {
  const w = 1200;
  const h = 1200;
  const rnd = random(42);
  const palettes = Object.values(PALETTES);
  const items = [];
  let defs = "";
  for (let i = 0; i < 10; i++) {
    const x = 40 + (i % 3) * 330 + rnd() * 120;
    const y = 60 + Math.floor(i / 3) * 260 + rnd() * 80;
    const r = -20 + rnd() * 40;
    const id = `pr${i}`;
    defs += landscapeDefs(id, x + 16, y + 16, 288, 208, palettes[i % palettes.length]);
    items.push(
      `<g transform="rotate(${r.toFixed(1)} ${x + 160} ${y + 130})" filter="url(#sh)"><rect x="${x}" y="${y}" width="320" height="260" fill="#fff"/>${landscape(id, x + 16, y + 16, 288, 208, palettes[i % palettes.length])}</g>`,
    );
  }
  return tableScene(w, h, "#ece6df", "#d9cfc6", items.join(""), defs);
}

function thankYouCards() {
  const w = 1200;
  const h = 1200;
  const front = (x, y, bg, accent) =>
    `<rect x="${x}" y="${y}" width="420" height="560" fill="${bg}"/>${flower(x + 210, y + 220, 110, accent, "#f5c96a", 8)}${textBars(x + 210, y + 420, [240, 170], accent)}`;
  return tableScene(
    w,
    h,
    "#f1f5ef",
    "#dfe8da",
    `${card(170, 300, 420, 560, -5, front(170, 300, "#fef6f0", "#e07a5f"))}
     ${card(610, 260, 420, 560, 7, front(610, 260, "#eef4fb", "#4d7ea8"))}`,
  );
}

function studioHero() {
  const w = 1800;
  const h = 1000;
  // A flat-lay of the whole range: calendar, book, prints and cards on a soft pink table.
  const defs = [
    landscapeDefs("s1", 240, 250, 360, 260, PALETTES.alpine),
    landscapeDefs("s2", 760, 300, 300, 340, PALETTES.sunset),
    landscapeDefs("s3", 1260, 260, 300, 220, PALETTES.meadow),
    landscapeDefs("s4", 1300, 560, 240, 170, PALETTES.dusk),
  ].join("");
  return tableScene(
    w,
    h,
    "#fbe9ee",
    "#f3d3dc",
    `<g filter="url(#sh)"><rect x="210" y="220" width="420" height="620" rx="4" fill="#fff"/></g>
     ${landscape("s1", 240, 250, 360, 260, PALETTES.alpine)}
     ${Array.from({ length: 20 }, (_, i) => `<rect x="${250 + (i % 5) * 70}" y="${560 + Math.floor(i / 5) * 60}" width="58" height="46" rx="3" fill="${i % 5 > 3 ? "#f6d7e3" : "#f1ede9"}"/>`).join("")}
     ${card(720, 260, 380, 460, 4, `<rect x="720" y="260" width="380" height="460" fill="#fff"/>${landscape("s2", 760, 300, 300, 340, PALETTES.sunset)}${textBars(910, 670, [200], "#b4235a")}`)}
     <g transform="rotate(-6 1410 370)" filter="url(#sh)"><rect x="1240" y="240" width="340" height="260" fill="#fff"/>${landscape("s3", 1260, 260, 300, 220, PALETTES.meadow)}</g>
     <g transform="rotate(8 1420 645)" filter="url(#sh)"><rect x="1285" y="545" width="270" height="200" fill="#fff"/>${landscape("s4", 1300, 560, 240, 170, PALETTES.dusk)}</g>
     ${flower(1660, 860, 70, "#b4235a", "#f5c96a", 7)}${flower(120, 120, 60, "#f6d7e3", "#b4235a", 6, 15)}`,
    defs,
  );
}

/** A calendar on a plain wall, in a given format and colour scheme. */
function wallCalendar(id, { w: cw, h: ch, palette, wall, accent, label }) {
  const w = 1200;
  const h = 1200;
  const x = (w - cw) / 2;
  const y = Math.max(60, (h * 0.86 - ch) / 2);
  const photoH = ch * 0.55;
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="url(#wall)"/>
     <rect y="${h * 0.86}" width="${w}" height="${h * 0.14}" fill="#d8c8b8"/>
     <g filter="url(#sh)"><rect x="${x}" y="${y}" width="${cw}" height="${ch}" rx="4" fill="#fff"/></g>
     ${landscape(id, x + 24, y + 34, cw - 48, photoH, palette)}
     <text x="${x + 28}" y="${y + photoH + 80}" font-family="DejaVu Sans" font-weight="bold" font-size="${Math.min(40, cw * 0.06)}" fill="${accent}">${label}</text>
     ${Array.from({ length: 28 }, (_, i) => `<rect x="${x + 28 + (i % 7) * ((cw - 56) / 7)}" y="${y + photoH + 100 + Math.floor(i / 7) * ((ch - photoH - 130) / 4)}" width="${(cw - 56) / 7 - 6}" height="${(ch - photoH - 130) / 4 - 6}" rx="3" fill="${i % 7 > 4 ? accent : "#f1ede9"}" opacity="${i % 7 > 4 ? 0.25 : 1}"/>`).join("")}
     ${Array.from({ length: Math.floor(cw / 60) }, (_, i) => `<circle cx="${x + 30 + i * 60}" cy="${y + 14}" r="6" fill="#aaa"/>`).join("")}`,
    `${linear("wall", wall)}${shadow("sh")}${landscapeDefs(id, x + 24, y + 34, cw - 48, photoH, palette)}`,
  );
}

// ------------------------------------------------------------------ Wallora (wallart)

/** A room: wall, floor, sofa, plant, with art hung on the wall. */
function room(w, h, wall, art, defs = "", sofa = "#4f616d") {
  return svg(
    w,
    h,
    `<rect width="${w}" height="${h}" fill="url(#wall)"/>
     <rect y="${h * 0.8}" width="${w}" height="${h * 0.2}" fill="#cbb79f"/>
     <rect y="${h * 0.8}" width="${w}" height="6" fill="#b39f86"/>
     ${art}
     <g>
       <rect x="${w * 0.22}" y="${h * 0.62}" width="${w * 0.56}" height="${h * 0.14}" rx="24" fill="${sofa}"/>
       <rect x="${w * 0.2}" y="${h * 0.66}" width="${w * 0.6}" height="${h * 0.14}" rx="20" fill="${sofa}" opacity="0.92"/>
       <rect x="${w * 0.24}" y="${h * 0.8}" width="14" height="${h * 0.04}" fill="#3a2f28"/>
       <rect x="${w * 0.75}" y="${h * 0.8}" width="14" height="${h * 0.04}" fill="#3a2f28"/>
       <rect x="${w * 0.27}" y="${h * 0.6}" width="${w * 0.12}" height="${h * 0.09}" rx="14" fill="#e3b23c"/>
     </g>
     <g>
       <rect x="${w * 0.86}" y="${h * 0.7}" width="${w * 0.07}" height="${h * 0.12}" rx="8" fill="#d9d2c7"/>
       ${[-40, -15, 10, 35].map((a, i) => `<ellipse cx="${w * 0.895}" cy="${h * 0.58}" rx="${w * 0.018}" ry="${h * 0.12}" fill="${i % 2 ? "#5d8a5a" : "#3f6e4a"}" transform="rotate(${a} ${w * 0.895} ${h * 0.7})"/>`).join("")}
     </g>`,
    `${linear("wall", wall)}${shadow("sh", 16, 12, 0.3)}${defs}`,
  );
}

function livingRoomHero() {
  const w = 1800;
  const h = 1000;
  const x = 560;
  const y = 90;
  const aw = 680;
  const ah = 460;
  return room(
    w,
    h,
    ["#eef2f3", "#dfe6e8"],
    `<g filter="url(#sh)"><rect x="${x - 8}" y="${y - 8}" width="${aw + 16}" height="${ah + 16}" fill="#2b3a44"/></g>${landscape("hero", x, y, aw, ah, PALETTES.alpine)}`,
    landscapeDefs("hero", x, y, aw, ah, PALETTES.alpine),
  );
}

function canvasPrint() {
  const w = 1200;
  const h = 1200;
  // A canvas seen at an angle: front with the picture and the wrapped edge.
  return room(
    w,
    h,
    ["#f3efe9", "#e7dfd5"],
    `<g filter="url(#sh)">
       <path d="M300 120 L860 150 L860 620 L300 650 Z" fill="#555"/>
       <path d="M860 150 L900 170 L900 600 L860 620 Z" fill="#7a5b4a"/>
     </g>
     <g clip-path="url(#skew)">${landscape("canvas", 300, 120, 560, 530, PALETTES.sunset)}</g>`,
    `<clipPath id="skew"><path d="M300 120 L860 150 L860 620 L300 650 Z"/></clipPath>${landscapeDefs("canvas", 300, 120, 560, 530, PALETTES.sunset)}`,
    "#8a7f76",
  );
}

function posterPrint() {
  const w = 1200;
  const h = 1200;
  return room(
    w,
    h,
    ["#f7f3ee", "#ece4da"],
    `<g filter="url(#sh)"><rect x="250" y="90" width="330" height="460" fill="#fff"/><rect x="630" y="90" width="330" height="460" fill="#fff"/></g>
     ${abstractArt("p1", 270, 110, 290, 420, ["#e3b23c", "#1f4e5f", "#e07a5f"], "#f4ede4")}
     ${abstractArt("p2", 650, 110, 290, 420, ["#1f4e5f", "#9cc5c0", "#e3b23c"], "#eef3f2")}`,
    clip("p1", 270, 110, 290, 420) + clip("p2", 650, 110, 290, 420),
  );
}

function acrylicGlass() {
  const w = 1200;
  const h = 1200;
  return room(
    w,
    h,
    ["#e9eef2", "#d6dee4"],
    `<g filter="url(#sh)"><rect x="250" y="110" width="700" height="480" rx="6" fill="#222"/></g>
     ${landscape("acr", 256, 116, 688, 468, PALETTES.dusk)}
     <path d="M256 116 L560 116 L330 584 L256 584 Z" fill="#fff" opacity="0.14"/>
     <path d="M600 116 L660 116 L430 584 L370 584 Z" fill="#fff" opacity="0.1"/>`,
    landscapeDefs("acr", 256, 116, 688, 468, PALETTES.dusk),
    "#33424c",
  );
}

function aluminiumPrint() {
  const w = 1200;
  const h = 1200;
  const brushed = Array.from(
    { length: 60 },
    (_, i) =>
      `<rect x="240" y="${100 + i * 8}" width="720" height="1" fill="#fff" opacity="${0.05 + (i % 3) * 0.03}"/>`,
  ).join("");
  return room(
    w,
    h,
    ["#eeeeec", "#dededb"],
    `<g filter="url(#sh)"><rect x="240" y="100" width="720" height="480" fill="#b8bcc0"/></g>
     ${landscape("alu", 240, 100, 720, 480, PALETTES.nordic)}${brushed}`,
    landscapeDefs("alu", 240, 100, 720, 480, PALETTES.nordic),
    "#6d7b84",
  );
}

function framedPrint() {
  const w = 1200;
  const h = 1200;
  return room(
    w,
    h,
    ["#f4f0ea", "#e6ddd2"],
    `<g filter="url(#sh)"><rect x="330" y="70" width="540" height="560" fill="#1d1d1d"/></g>
     <rect x="356" y="96" width="488" height="508" fill="#fbfaf7"/>
     ${landscape("frame", 420, 160, 360, 380, PALETTES.meadow)}`,
    landscapeDefs("frame", 420, 160, 360, 380, PALETTES.meadow),
  );
}

function photoCollage() {
  const w = 1200;
  const h = 1200;
  const palettes = [
    PALETTES.alpine,
    PALETTES.sunset,
    PALETTES.meadow,
    PALETTES.dusk,
    PALETTES.nordic,
    PALETTES.sunset,
  ];
  const cells = [
    [250, 90, 340, 250],
    [600, 90, 170, 250],
    [780, 90, 170, 250],
    [250, 350, 170, 250],
    [430, 350, 160, 250],
    [600, 350, 350, 250],
  ];
  return room(
    w,
    h,
    ["#f1f3f1", "#e0e5e0"],
    `<g filter="url(#sh)"><rect x="240" y="80" width="720" height="530" fill="#fff"/></g>
     ${cells.map(([x, y, cw, ch], i) => landscape(`col${i}`, x, y, cw, ch, palettes[i])).join("")}`,
    cells.map(([x, y, cw, ch], i) => landscapeDefs(`col${i}`, x, y, cw, ch, palettes[i])).join(""),
  );
}

function galleryWall() {
  const w = 1200;
  const h = 1200;
  const frames = [
    [200, 100, 260, 340, "#1d1d1d", PALETTES.alpine],
    [490, 80, 320, 220, "#c8a97e", PALETTES.sunset],
    [490, 330, 150, 200, "#1d1d1d", PALETTES.meadow],
    [660, 330, 150, 200, "#1d1d1d", PALETTES.dusk],
    [840, 120, 200, 280, "#fff", PALETTES.nordic],
  ];
  return room(
    w,
    h,
    ["#e8eef0", "#d5dfe2"],
    frames
      .map(
        ([x, y, fw, fh, colour, p], i) =>
          `<g filter="url(#sh)"><rect x="${x}" y="${y}" width="${fw}" height="${fh}" fill="${colour}"/></g>${landscape(`gw${i}`, x + 14, y + 14, fw - 28, fh - 28, p)}`,
      )
      .join(""),
    frames
      .map(([x, y, fw, fh, , p], i) => landscapeDefs(`gw${i}`, x + 14, y + 14, fw - 28, fh - 28, p))
      .join(""),
  );
}

function bedroomHero() {
  const w = 1800;
  const h = 1000;
  return room(
    w,
    h,
    ["#f5efe8", "#e8ddd0"],
    `<g filter="url(#sh)"><rect x="420" y="110" width="440" height="420" fill="#fff"/><rect x="940" y="110" width="440" height="420" fill="#fff"/></g>
     ${abstractArt("b1", 445, 135, 390, 370, ["#e07a5f", "#e3b23c", "#1f4e5f"], "#f7efe6")}
     ${abstractArt("b2", 965, 135, 390, 370, ["#1f4e5f", "#9cc5c0", "#e07a5f"], "#eef3f2")}`,
    clip("b1", 445, 135, 390, 370) + clip("b2", 965, 135, 390, 370),
    "#9cc5c0",
  );
}

/** A canvas on the wall in a given shape (square, panorama, portrait) or as a triptych. */
function canvasOnWall(id, { boxes, palette, wall, sofa }) {
  return room(
    1200,
    1200,
    wall,
    boxes
      .map(
        ([x, y, bw, bh], i) =>
          `<g filter="url(#sh)"><rect x="${x}" y="${y}" width="${bw}" height="${bh}" fill="#444"/></g>${landscape(`${id}${i}`, x, y, bw, bh, palette)}<rect x="${x + bw}" y="${y + 4}" width="8" height="${bh - 4}" fill="#000" opacity="0.15"/>`,
      )
      .join(""),
    boxes.map(([x, y, bw, bh], i) => landscapeDefs(`${id}${i}`, x, y, bw, bh, palette)).join(""),
    sofa,
  );
}

// ------------------------------------------------------------------ output

const ASSETS = {
  cards: {
    "hero-christmas-cards.jpg": christmasHero,
    "hero-studio.jpg": studioHero,
    "wedding-cards.jpg": weddingCards,
    "birthday-cards.jpg": birthdayCards,
    "thank-you-cards.jpg": thankYouCards,
    "photo-calendar.jpg": photoCalendar,
    "desk-calendar.jpg": deskCalendar,
    "photo-book.jpg": photoBook,
    "photo-box.jpg": photoBox,
    "photo-prints.jpg": photoPrints,
    "family-planner.jpg": () =>
      wallCalendar("fam", {
        w: 420,
        h: 980,
        palette: PALETTES.meadow,
        wall: ["#f3f6f1", "#e3eadf"],
        accent: "#3f6e4a",
        label: "01 · 2027",
      }),
    "kitchen-calendar.jpg": () =>
      wallCalendar("kit", {
        w: 380,
        h: 900,
        palette: PALETTES.sunset,
        wall: ["#fbf1e6", "#f1e0cc"],
        accent: "#c8553d",
        label: "03 · 2027",
      }),
    "square-calendar.jpg": () =>
      wallCalendar("sq", {
        w: 700,
        h: 900,
        palette: PALETTES.alpine,
        wall: ["#eef3f8", "#dde6ef"],
        accent: "#4f6f8f",
        label: "08 · 2027",
      }),
    "panorama-calendar.jpg": () =>
      wallCalendar("pan", {
        w: 1000,
        h: 560,
        palette: PALETTES.dusk,
        wall: ["#f6eef3", "#eadbe4"],
        accent: "#b4235a",
        label: "10 · 2027",
      }),
  },
  wallart: {
    "hero-living-room.jpg": livingRoomHero,
    "hero-bedroom.jpg": bedroomHero,
    "canvas-print.jpg": canvasPrint,
    "poster-print.jpg": posterPrint,
    "acrylic-glass.jpg": acrylicGlass,
    "aluminium-print.jpg": aluminiumPrint,
    "framed-print.jpg": framedPrint,
    "photo-collage.jpg": photoCollage,
    "gallery-wall.jpg": galleryWall,
    "canvas-square.jpg": () =>
      canvasOnWall("csq", {
        boxes: [[380, 110, 440, 440]],
        palette: PALETTES.meadow,
        wall: ["#f4f1ec", "#e5dfd6"],
        sofa: "#7a8b6f",
      }),
    "canvas-panorama.jpg": () =>
      canvasOnWall("cpa", {
        boxes: [[160, 200, 880, 300]],
        palette: PALETTES.alpine,
        wall: ["#eef2f3", "#dfe6e8"],
        sofa: "#4f616d",
      }),
    "canvas-portrait.jpg": () =>
      canvasOnWall("cpo", {
        boxes: [[430, 70, 340, 500]],
        palette: PALETTES.sunset,
        wall: ["#f7efe9", "#ecdccf"],
        sofa: "#8a6f5f",
      }),
    "canvas-triptych.jpg": () =>
      canvasOnWall("ctr", {
        boxes: [
          [200, 150, 250, 380],
          [475, 150, 250, 380],
          [750, 150, 250, 380],
        ],
        palette: PALETTES.dusk,
        wall: ["#eceff4", "#d9dee8"],
        sofa: "#3c4a5a",
      }),
  },
};

let total = 0;
for (const [channel, files] of Object.entries(ASSETS)) {
  await mkdir(path.dirname(out(channel, "x")), { recursive: true });
  for (const [file, draw] of Object.entries(files)) {
    let quality = 82;
    let data;
    do {
      data = await sharp(Buffer.from(draw()))
        .jpeg({ quality, mozjpeg: true, chromaSubsampling: "4:2:0" })
        .toBuffer();
      quality -= 6;
    } while (data.length > MAX_BYTES && quality > 40);
    await writeFile(out(channel, file), data);
    total += data.length;
    console.info(`${channel}/${file}: ${Math.round(data.length / 1024)} KB (q${quality + 6})`);
  }
}
for (const channel of Object.keys(ASSETS)) {
  for (const file of ["brand-film.webm"]) {
    const info = await stat(out(channel, file)).catch(() => null);
    if (info) total += info.size;
  }
}
console.info(`total ${Math.round(total / 1024)} KB`);
