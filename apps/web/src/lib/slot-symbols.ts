/**
 * Lucky Dragon's symbols, drawn with canvas paths (no image files), once per size into sprites the reels blit.
 * Each symbol also has a motion-blurred sprite for the spinning reels.
 */
type Ctx = CanvasRenderingContext2D;

const FONT = '"DejaVu Serif", Georgia, "Times New Roman", serif';
const SANS = 'system-ui, "DejaVu Sans", "Segoe UI", Roboto, sans-serif';

function gradient(ctx: Ctx, y0: number, y1: number, stops: string[]) {
  const g = ctx.createLinearGradient(0, y0, 0, y1);
  stops.forEach((c, i) => g.addColorStop(i / (stops.length - 1), c));
  return g;
}

function radial(ctx: Ctx, x: number, y: number, r: number, stops: string[]) {
  const g = ctx.createRadialGradient(x - r * 0.3, y - r * 0.35, r * 0.05, x, y, r);
  stops.forEach((c, i) => g.addColorStop(i / (stops.length - 1), c));
  return g;
}

const GOLD = ['#fff6c2', '#ffd54a', '#d08a00', '#ffe17a', '#8a5200'];

function letter(ctx: Ctx, s: number, text: string, colors: string[], size = 0.62) {
  ctx.font = `900 ${Math.round(s * size)}px ${FONT}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const y = s * 0.53;
  ctx.lineJoin = 'round';
  ctx.lineWidth = s * 0.09;
  ctx.strokeStyle = '#1a0a22';
  ctx.strokeText(text, s / 2, y);
  ctx.fillStyle = gradient(ctx, s * 0.2, s * 0.85, colors);
  ctx.fillText(text, s / 2, y);
  ctx.lineWidth = s * 0.018;
  ctx.strokeStyle = 'rgba(255,255,255,0.55)';
  ctx.strokeText(text, s / 2, y - s * 0.01);
}

function wild(ctx: Ctx, s: number) {
  const c = s / 2;
  // Red jewel with a gold rim.
  ctx.beginPath();
  for (let i = 0; i < 8; i++) {
    const a = (Math.PI / 4) * i + Math.PI / 8;
    ctx.lineTo(c + Math.cos(a) * s * 0.44, c + Math.sin(a) * s * 0.44);
  }
  ctx.closePath();
  ctx.fillStyle = gradient(ctx, s * 0.06, s * 0.94, GOLD);
  ctx.fill();
  ctx.beginPath();
  for (let i = 0; i < 8; i++) {
    const a = (Math.PI / 4) * i + Math.PI / 8;
    ctx.lineTo(c + Math.cos(a) * s * 0.37, c + Math.sin(a) * s * 0.37);
  }
  ctx.closePath();
  ctx.fillStyle = radial(ctx, c, c, s * 0.4, ['#ff8a6b', '#d3132b', '#6d0214']);
  ctx.fill();
  // Dragon: a coiled body of scales around the centre with a head and horns.
  ctx.save();
  ctx.translate(c, c * 0.96);
  ctx.strokeStyle = gradient(ctx, -s * 0.25, s * 0.25, ['#fff3a8', '#ffc107', '#b36b00']);
  ctx.lineCap = 'round';
  ctx.lineWidth = s * 0.075;
  ctx.beginPath();
  ctx.moveTo(-s * 0.24, s * 0.14);
  ctx.bezierCurveTo(-s * 0.3, -s * 0.1, -s * 0.05, -s * 0.25, s * 0.06, -s * 0.12);
  ctx.bezierCurveTo(s * 0.18, 0, s * 0.02, s * 0.2, -s * 0.1, s * 0.08);
  ctx.stroke();
  // head
  ctx.fillStyle = '#ffd54a';
  ctx.beginPath();
  ctx.ellipse(s * 0.14, -s * 0.17, s * 0.09, s * 0.065, -0.5, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = '#fff3a8';
  ctx.lineWidth = s * 0.025;
  ctx.beginPath();
  ctx.moveTo(s * 0.1, -s * 0.22);
  ctx.lineTo(s * 0.06, -s * 0.32);
  ctx.moveTo(s * 0.16, -s * 0.23);
  ctx.lineTo(s * 0.17, -s * 0.33);
  ctx.stroke();
  ctx.fillStyle = '#6d0214';
  ctx.beginPath();
  ctx.arc(s * 0.16, -s * 0.18, s * 0.015, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
  // WILD banner
  const by = s * 0.7;
  ctx.fillStyle = gradient(ctx, by - s * 0.09, by + s * 0.09, ['#3b0a4f', '#1b0526']);
  ctx.strokeStyle = '#ffd54a';
  ctx.lineWidth = s * 0.02;
  ctx.beginPath();
  ctx.roundRect(s * 0.12, by - s * 0.085, s * 0.76, s * 0.17, s * 0.04);
  ctx.fill();
  ctx.stroke();
  ctx.font = `900 ${Math.round(s * 0.15)}px ${SANS}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = gradient(ctx, by - s * 0.07, by + s * 0.07, GOLD);
  ctx.fillText('WILD', c, by + s * 0.005);
}

function pearl(ctx: Ctx, s: number) {
  const c = s / 2;
  // Shell fan behind the pearl.
  ctx.save();
  ctx.translate(c, s * 0.62);
  for (let i = -4; i <= 4; i++) {
    ctx.save();
    ctx.rotate((i * Math.PI) / 11);
    ctx.beginPath();
    ctx.ellipse(0, -s * 0.22, s * 0.07, s * 0.22, 0, 0, Math.PI * 2);
    ctx.fillStyle = i % 2 ? '#f7a8c8' : '#ffc9de';
    ctx.fill();
    ctx.strokeStyle = '#b84a7c';
    ctx.lineWidth = s * 0.01;
    ctx.stroke();
    ctx.restore();
  }
  ctx.restore();
  // Glow and pearl.
  ctx.fillStyle = radial(ctx, c, s * 0.45, s * 0.3, [
    'rgba(255,255,255,0.9)',
    'rgba(150,220,255,0.4)',
    'rgba(0,0,0,0)',
  ]);
  ctx.beginPath();
  ctx.arc(c, s * 0.45, s * 0.3, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = radial(ctx, c, s * 0.45, s * 0.19, ['#ffffff', '#e8f4ff', '#b9c7ef', '#7d84c9']);
  ctx.beginPath();
  ctx.arc(c, s * 0.45, s * 0.19, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = 'rgba(255,255,255,0.9)';
  ctx.beginPath();
  ctx.ellipse(c - s * 0.06, s * 0.38, s * 0.05, s * 0.03, -0.6, 0, Math.PI * 2);
  ctx.fill();
  // SCATTER label
  const by = s * 0.84;
  ctx.fillStyle = gradient(ctx, by - s * 0.07, by + s * 0.07, ['#0c5a86', '#062c46']);
  ctx.strokeStyle = '#8ee3ff';
  ctx.lineWidth = s * 0.015;
  ctx.beginPath();
  ctx.roundRect(s * 0.1, by - s * 0.07, s * 0.8, s * 0.14, s * 0.05);
  ctx.fill();
  ctx.stroke();
  ctx.font = `800 ${Math.round(s * 0.105)}px ${SANS}`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#e9fbff';
  ctx.fillText('SCATTER', c, by + s * 0.005);
}

function tiger(ctx: Ctx, s: number) {
  const c = s / 2;
  const cy = s * 0.54;
  // ears
  for (const dx of [-1, 1]) {
    ctx.beginPath();
    ctx.arc(c + dx * s * 0.25, s * 0.24, s * 0.1, 0, Math.PI * 2);
    ctx.fillStyle = '#e8780c';
    ctx.fill();
    ctx.beginPath();
    ctx.arc(c + dx * s * 0.25, s * 0.24, s * 0.05, 0, Math.PI * 2);
    ctx.fillStyle = '#3a1a05';
    ctx.fill();
  }
  // head
  ctx.beginPath();
  ctx.ellipse(c, cy, s * 0.34, s * 0.31, 0, 0, Math.PI * 2);
  ctx.fillStyle = radial(ctx, c, cy, s * 0.36, ['#ffc061', '#f08a12', '#a94c00']);
  ctx.fill();
  ctx.lineWidth = s * 0.02;
  ctx.strokeStyle = '#3a1a05';
  ctx.stroke();
  // stripes
  ctx.fillStyle = '#2a1204';
  const stripe = (x: number, y: number, w: number, h: number, rot: number) => {
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(rot);
    ctx.beginPath();
    ctx.moveTo(-w, 0);
    ctx.quadraticCurveTo(0, -h, w, 0);
    ctx.quadraticCurveTo(0, -h * 0.4, -w, 0);
    ctx.fill();
    ctx.restore();
  };
  stripe(c, s * 0.3, s * 0.05, s * 0.08, Math.PI);
  stripe(c - s * 0.08, s * 0.31, s * 0.035, s * 0.06, Math.PI + 0.3);
  stripe(c + s * 0.08, s * 0.31, s * 0.035, s * 0.06, Math.PI - 0.3);
  for (const dx of [-1, 1]) {
    stripe(c + dx * s * 0.3, s * 0.52, s * 0.06, s * 0.08, dx * Math.PI * 0.5);
    stripe(c + dx * s * 0.29, s * 0.64, s * 0.05, s * 0.07, dx * Math.PI * 0.5);
  }
  // muzzle
  ctx.fillStyle = '#fff4e0';
  for (const dx of [-1, 1]) {
    ctx.beginPath();
    ctx.ellipse(c + dx * s * 0.085, s * 0.68, s * 0.11, s * 0.09, 0, 0, Math.PI * 2);
    ctx.fill();
  }
  // eyes
  for (const dx of [-1, 1]) {
    ctx.beginPath();
    ctx.ellipse(c + dx * s * 0.13, s * 0.5, s * 0.06, s * 0.04, dx * 0.25, 0, Math.PI * 2);
    ctx.fillStyle = '#fff8b0';
    ctx.fill();
    ctx.beginPath();
    ctx.ellipse(c + dx * s * 0.13, s * 0.5, s * 0.018, s * 0.035, 0, 0, Math.PI * 2);
    ctx.fillStyle = '#111';
    ctx.fill();
  }
  // nose
  ctx.beginPath();
  ctx.moveTo(c - s * 0.06, s * 0.6);
  ctx.lineTo(c + s * 0.06, s * 0.6);
  ctx.lineTo(c, s * 0.67);
  ctx.closePath();
  ctx.fillStyle = '#d8465f';
  ctx.fill();
}

function koi(ctx: Ctx, s: number) {
  ctx.save();
  ctx.translate(s / 2, s / 2);
  ctx.rotate(-0.5);
  // tail
  ctx.beginPath();
  ctx.moveTo(s * 0.22, 0);
  ctx.quadraticCurveTo(s * 0.38, -s * 0.05, s * 0.46, -s * 0.2);
  ctx.quadraticCurveTo(s * 0.38, 0, s * 0.46, s * 0.2);
  ctx.quadraticCurveTo(s * 0.38, s * 0.05, s * 0.22, 0);
  ctx.fillStyle = gradient(ctx, -s * 0.2, s * 0.2, ['#ffb36b', '#ff5a1f', '#ffb36b']);
  ctx.fill();
  // body
  ctx.beginPath();
  ctx.ellipse(-s * 0.04, 0, s * 0.3, s * 0.15, 0, 0, Math.PI * 2);
  ctx.fillStyle = gradient(ctx, -s * 0.15, s * 0.15, ['#fff', '#ffe3cf', '#ffd0b0']);
  ctx.fill();
  // orange patches
  ctx.save();
  ctx.clip();
  ctx.fillStyle = '#ff4d12';
  ctx.beginPath();
  ctx.ellipse(-s * 0.18, -s * 0.06, s * 0.13, s * 0.1, 0.3, 0, Math.PI * 2);
  ctx.ellipse(s * 0.08, s * 0.05, s * 0.12, s * 0.09, -0.2, 0, Math.PI * 2);
  ctx.fill();
  ctx.fillStyle = 'rgba(255,255,255,0.35)';
  for (let i = 0; i < 5; i++)
    for (let j = -1; j <= 1; j++) {
      ctx.beginPath();
      ctx.arc(-s * 0.1 + i * s * 0.06, j * s * 0.06, s * 0.025, 0, Math.PI);
      ctx.fill();
    }
  ctx.restore();
  ctx.lineWidth = s * 0.015;
  ctx.strokeStyle = '#8a2a00';
  ctx.beginPath();
  ctx.ellipse(-s * 0.04, 0, s * 0.3, s * 0.15, 0, 0, Math.PI * 2);
  ctx.stroke();
  // fins
  ctx.fillStyle = '#ff7a3d';
  ctx.beginPath();
  ctx.ellipse(-s * 0.06, s * 0.16, s * 0.08, s * 0.035, 0.6, 0, Math.PI * 2);
  ctx.ellipse(-s * 0.06, -s * 0.16, s * 0.08, s * 0.035, -0.6, 0, Math.PI * 2);
  ctx.fill();
  // eye and whiskers
  ctx.fillStyle = '#111';
  ctx.beginPath();
  ctx.arc(-s * 0.24, -s * 0.04, s * 0.022, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = '#8a2a00';
  ctx.lineWidth = s * 0.01;
  ctx.beginPath();
  ctx.moveTo(-s * 0.33, s * 0.02);
  ctx.quadraticCurveTo(-s * 0.4, s * 0.06, -s * 0.42, s * 0.12);
  ctx.stroke();
  ctx.restore();
}

function lotus(ctx: Ctx, s: number) {
  const c = s / 2;
  const by = s * 0.62;
  const petal = (rot: number, len: number, wid: number, fill: string | CanvasGradient) => {
    ctx.save();
    ctx.translate(c, by);
    ctx.rotate(rot);
    ctx.beginPath();
    ctx.moveTo(0, 0);
    ctx.quadraticCurveTo(-wid, -len * 0.5, 0, -len);
    ctx.quadraticCurveTo(wid, -len * 0.5, 0, 0);
    ctx.fillStyle = fill;
    ctx.fill();
    ctx.strokeStyle = '#9c2a63';
    ctx.lineWidth = s * 0.012;
    ctx.stroke();
    ctx.restore();
  };
  // leaves
  ctx.fillStyle = gradient(ctx, by, by + s * 0.2, ['#3fbf6a', '#17693a']);
  ctx.beginPath();
  ctx.ellipse(c, by + s * 0.1, s * 0.38, s * 0.1, 0, 0, Math.PI * 2);
  ctx.fill();
  const outer = gradient(ctx, by - s * 0.4, by, ['#ffe0ef', '#ff8cc0', '#e34d93']);
  const inner = gradient(ctx, by - s * 0.45, by, ['#fff', '#ffb3d5', '#f06aa8']);
  petal(-1.2, s * 0.34, s * 0.13, outer);
  petal(1.2, s * 0.34, s * 0.13, outer);
  petal(-0.65, s * 0.42, s * 0.14, outer);
  petal(0.65, s * 0.42, s * 0.14, outer);
  petal(-0.25, s * 0.46, s * 0.14, inner);
  petal(0.25, s * 0.46, s * 0.14, inner);
  petal(0, s * 0.5, s * 0.13, inner);
  ctx.fillStyle = radial(ctx, c, by - s * 0.04, s * 0.07, ['#fff7b0', '#ffc400']);
  ctx.beginPath();
  ctx.ellipse(c, by - s * 0.03, s * 0.08, s * 0.04, 0, 0, Math.PI * 2);
  ctx.fill();
}

function lantern(ctx: Ctx, s: number) {
  const c = s / 2;
  ctx.strokeStyle = '#ffd54a';
  ctx.lineWidth = s * 0.02;
  ctx.beginPath();
  ctx.moveTo(c, s * 0.04);
  ctx.lineTo(c, s * 0.16);
  ctx.stroke();
  // caps
  ctx.fillStyle = gradient(ctx, s * 0.14, s * 0.22, GOLD);
  ctx.beginPath();
  ctx.roundRect(c - s * 0.16, s * 0.14, s * 0.32, s * 0.08, s * 0.02);
  ctx.fill();
  ctx.beginPath();
  ctx.roundRect(c - s * 0.16, s * 0.74, s * 0.32, s * 0.08, s * 0.02);
  ctx.fill();
  // body
  ctx.beginPath();
  ctx.ellipse(c, s * 0.48, s * 0.32, s * 0.29, 0, 0, Math.PI * 2);
  ctx.fillStyle = radial(ctx, c, s * 0.48, s * 0.34, ['#ffb199', '#f0202a', '#8c0010']);
  ctx.fill();
  ctx.strokeStyle = 'rgba(120,0,10,0.8)';
  ctx.lineWidth = s * 0.012;
  for (const k of [-0.6, -0.3, 0, 0.3, 0.6]) {
    ctx.beginPath();
    ctx.ellipse(c, s * 0.48, Math.abs(k) * s * 0.32 + 0.001, s * 0.29, 0, 0, Math.PI * 2);
    ctx.stroke();
  }
  // glow band and character-like mark
  ctx.fillStyle = 'rgba(255,230,140,0.9)';
  ctx.beginPath();
  ctx.arc(c, s * 0.48, s * 0.09, 0, Math.PI * 2);
  ctx.fill();
  ctx.strokeStyle = '#a0000f';
  ctx.lineWidth = s * 0.025;
  ctx.beginPath();
  ctx.moveTo(c - s * 0.05, s * 0.45);
  ctx.lineTo(c + s * 0.05, s * 0.45);
  ctx.moveTo(c, s * 0.42);
  ctx.lineTo(c, s * 0.54);
  ctx.moveTo(c - s * 0.05, s * 0.51);
  ctx.lineTo(c + s * 0.05, s * 0.51);
  ctx.stroke();
  // tassel
  ctx.strokeStyle = '#ffcf3a';
  ctx.lineWidth = s * 0.012;
  for (let i = -3; i <= 3; i++) {
    ctx.beginPath();
    ctx.moveTo(c + i * s * 0.008, s * 0.82);
    ctx.lineTo(c + i * s * 0.018, s * 0.96);
    ctx.stroke();
  }
}

const DRAW: Record<string, (ctx: Ctx, s: number) => void> = {
  dragon: wild,
  pearl,
  tiger,
  koi,
  lotus,
  lantern,
  A: (ctx, s) => letter(ctx, s, 'A', ['#ffd0d0', '#ff3b4e', '#a3001a']),
  K: (ctx, s) => letter(ctx, s, 'K', ['#d4ecff', '#3d9bff', '#0a3d9c']),
  Q: (ctx, s) => letter(ctx, s, 'Q', ['#f3dcff', '#b45cff', '#5a128f']),
  J: (ctx, s) => letter(ctx, s, 'J', ['#d9ffe4', '#2fd46a', '#0b6e2e']),
  '10': (ctx, s) => letter(ctx, s, '10', ['#fff0cc', '#ffa52a', '#a54d00'], 0.5),
};

/** Draws a symbol in a `size` × `size` box at the origin (the paytable uses it too). */
export function drawSymbol(ctx: Ctx, code: string, size: number): void {
  ctx.save();
  (DRAW[code] ?? ((c, s) => letter(c, s, code, ['#fff', '#ccc', '#888'])))(ctx, size);
  ctx.restore();
}

export interface SymbolSprites {
  size: number;
  sharp: Map<string, HTMLCanvasElement>;
  blurred: Map<string, HTMLCanvasElement>;
}

/** Sprites of every symbol at `size` device pixels: sharp, and smeared vertically for the spinning reels. */
export function renderSprites(codes: readonly string[], size: number): SymbolSprites {
  const sharp = new Map<string, HTMLCanvasElement>();
  const blurred = new Map<string, HTMLCanvasElement>();
  const px = Math.max(8, Math.round(size));
  for (const code of codes) {
    const c = document.createElement('canvas');
    c.width = c.height = px;
    const ctx = c.getContext('2d');
    if (ctx) {
      const pad = px * 0.06;
      ctx.translate(pad, pad);
      drawSymbol(ctx, code, px - 2 * pad);
    }
    sharp.set(code, c);
    const b = document.createElement('canvas');
    b.width = b.height = px;
    const bctx = b.getContext('2d');
    if (bctx) {
      const steps = 7;
      for (let i = 0; i < steps; i++) {
        bctx.globalAlpha = 0.22;
        bctx.drawImage(c, 0, ((i - (steps - 1) / 2) * px * 0.09) / 1);
      }
    }
    blurred.set(code, b);
  }
  return { size: px, sharp, blurred };
}
