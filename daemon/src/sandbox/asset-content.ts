/**
 * Placeholder assets drawn in code (SVG, HTML, a tiny PDF), so the kiosk runs with no network and
 * no binary files in the repository. Pure functions of their inputs.
 */

const PALETTE = ['#2F6B45', '#7A5C3E', '#3D5A80', '#8C4A2F', '#4F6D7A', '#6B5B95'];

export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** 'drive-up-aisle' -> 'Drive Up Aisle' */
export function titleFromSlug(slug: string): string {
  return slug
    .split('-')
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join(' ');
}

function colourFor(name: string): string {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return PALETTE[hash % PALETTE.length]!;
}

const svg = (width: number, height: number, body: string, label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}"><title>${escapeXml(label)}</title>${body}</svg>`;

export function logoSvg(): string {
  return svg(
    360,
    96,
    `<rect width="360" height="96" rx="12" fill="#1E5631"/>
<path d="M48 14 L56 34 L74 28 L66 46 L82 52 L64 60 L68 78 L52 68 L48 86 L44 68 L28 78 L32 60 L14 52 L30 46 L22 28 L40 34 Z" fill="#F2B134"/>
<text x="100" y="44" font-family="Helvetica, Arial, sans-serif" font-size="24" font-weight="700" fill="#FFFFFF">Maple Street</text>
<text x="100" y="72" font-family="Helvetica, Arial, sans-serif" font-size="18" fill="#FFFFFF">Self Storage</text>`,
    'Maple Street Self Storage logo',
  );
}

/** A storage-building scene with a caption: stands in for every facility and unit photo. */
export function photoSvg(name: string): string {
  const label = titleFromSlug(name);
  const colour = colourFor(name);
  const doors = Array.from({ length: 5 }, (_, index) => {
    const x = 90 + index * 130;
    return (
      `<rect x="${x}" y="230" width="100" height="150" fill="#D9D4CA" stroke="#8A8478" stroke-width="3"/>` +
      Array.from(
        { length: 6 },
        (_, line) =>
          `<line x1="${x}" x2="${x + 100}" y1="${250 + line * 22}" y2="${250 + line * 22}" stroke="#B3ADA2" stroke-width="2"/>`,
      ).join('')
    );
  }).join('');
  return svg(
    800,
    533,
    `<rect width="800" height="533" fill="#CFE3F2"/>
<rect y="380" width="800" height="153" fill="#8F8F8F"/>
<rect x="60" y="170" width="680" height="210" fill="${colour}"/>
<polygon points="40,170 400,110 760,170" fill="#3B3B3B"/>
${doors}
<rect x="0" y="463" width="800" height="70" fill="rgba(0,0,0,0.55)"/>
<text x="400" y="508" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="30" fill="#FFFFFF">${escapeXml(label)}</text>`,
    label,
  );
}

export function iconSvg(name: string): string {
  const label = titleFromSlug(name);
  return svg(
    96,
    96,
    `<circle cx="48" cy="48" r="44" fill="${colourFor(name)}"/>
<text x="48" y="60" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="34" font-weight="700" fill="#FFFFFF">${escapeXml(label.slice(0, 1))}</text>`,
    label,
  );
}

export function avatarSvg(name: string): string {
  const label = titleFromSlug(name);
  const initials = label
    .split(' ')
    .map((word) => word[0])
    .join('')
    .slice(0, 2);
  return svg(
    80,
    80,
    `<circle cx="40" cy="40" r="40" fill="${colourFor(name)}"/>
<text x="40" y="52" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="30" fill="#FFFFFF">${escapeXml(initials)}</text>`,
    label,
  );
}

export function defaultAvatarSvg(): string {
  return svg(
    80,
    80,
    `<circle cx="40" cy="40" r="40" fill="#9AA0A6"/><circle cx="40" cy="31" r="14" fill="#FFFFFF"/><path d="M14 68 Q40 38 66 68 Z" fill="#FFFFFF"/>`,
    'Reviewer',
  );
}

export function posterSvg(name: string): string {
  const label = titleFromSlug(name);
  return svg(
    594,
    335,
    `<rect width="594" height="335" fill="${colourFor(name)}"/>
<circle cx="297" cy="150" r="48" fill="rgba(255,255,255,0.85)"/>
<polygon points="282,124 282,176 324,150" fill="${colourFor(name)}"/>
<text x="297" y="250" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="28" fill="#FFFFFF">${escapeXml(label)}</text>`,
    label,
  );
}

export function welcomeBackgroundSvg(): string {
  return svg(
    1920,
    1080,
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#E9F1E4"/><stop offset="1" stop-color="#F7F5F0"/></linearGradient></defs>
<rect width="1920" height="1080" fill="url(#sky)"/>
<rect x="200" y="560" width="1520" height="360" fill="#1E5631" opacity="0.12"/>
<polygon points="160,560 960,420 1760,560" fill="#1E5631" opacity="0.18"/>`,
    'Maple Street Self Storage',
  );
}

export function lockSvg(): string {
  return svg(
    200,
    200,
    `<rect width="200" height="200" fill="#FFFFFF"/>
<path d="M70 95 V70 a30 30 0 0 1 60 0 V95" fill="none" stroke="#8A8A8A" stroke-width="14"/>
<circle cx="100" cy="130" r="52" fill="#C9A227" stroke="#8C6F12" stroke-width="4"/>
<circle cx="100" cy="125" r="9" fill="#3B3B3B"/><rect x="96" y="128" width="8" height="22" fill="#3B3B3B"/>`,
    'Disc lock',
  );
}

export function staticMapSvg(): string {
  return svg(
    566,
    182,
    `<rect width="566" height="182" fill="#EDEAE2"/>
<rect x="0" y="78" width="566" height="26" fill="#FFFFFF"/><rect x="270" y="0" width="22" height="182" fill="#FFFFFF"/>
<text x="20" y="96" font-family="Helvetica, Arial, sans-serif" font-size="13" fill="#666">Maple Street</text>
<rect x="320" y="20" width="120" height="50" fill="#C8DDBE"/>
<path d="M370 60 c0 -18 28 -18 28 0 c0 14 -14 26 -14 34 c0 -8 -14 -20 -14 -34 z" fill="#C0392B"/>
<text x="384" y="132" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="13" fill="#333">1250 Maple Street</text>`,
    'Map of 1250 Maple Street, Springfield, IL',
  );
}

export function streetViewSvg(): string {
  return svg(
    800,
    450,
    `<rect width="800" height="450" fill="#BFD9EE"/><rect y="300" width="800" height="150" fill="#7D7D7D"/>
<polygon points="360,300 440,300 800,450 0,450" fill="#9A9A9A"/>
<rect x="80" y="170" width="260" height="130" fill="#1E5631"/><rect x="470" y="150" width="280" height="150" fill="#A4361A"/>
<text x="210" y="245" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="22" fill="#FFFFFF">OFFICE</text>
<text x="400" y="60" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="24" fill="#1B1B1B">Street view (sandbox)</text>`,
    'Street view of Maple Street Self Storage',
  );
}

/** Site plan matching the map polygons in demo-facility.ts (1200 x 800). */
export function facilityMapSvg(): string {
  const box = (x: number, y: number, w: number, h: number, label: string, fill: string) =>
    `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" stroke="#333" stroke-width="2"/>` +
    `<text x="${x + w / 2}" y="${y + h / 2 + 6}" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="16" fill="#1B1B1B">${escapeXml(label)}</text>`;
  return svg(
    1200,
    800,
    `<rect width="1200" height="800" fill="#F2F0EA"/>
<text x="40" y="60" font-family="Helvetica, Arial, sans-serif" font-size="28" font-weight="700" fill="#1E5631">Maple Street Self Storage — site plan</text>
${box(100, 100, 300, 200, '', '#DDE8D5')}${box(120, 120, 80, 60, 'A101', '#FFFFFF')}${box(220, 120, 80, 60, 'A110', '#FFFFFF')}
<text x="250" y="270" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="18">Building A</text>
${box(500, 120, 330, 130, '', '#E8DED5')}${box(520, 140, 90, 90, 'B-10', '#FFFFFF')}${box(620, 140, 90, 90, 'B-11', '#FFFFFF')}${box(720, 140, 90, 90, 'B-12', '#FFFFFF')}
<text x="665" y="275" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="18">Building B</text>
${box(500, 400, 300, 140, '', '#E8DED5')}${box(520, 420, 120, 100, 'C-01', '#FFFFFF')}
<text x="650" y="570" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="18">Building C</text>
${box(880, 540, 260, 200, '', '#D6D6D6')}${box(900, 560, 100, 160, 'P-01', '#FFFFFF')}
<text x="1010" y="770" text-anchor="middle" font-family="Helvetica, Arial, sans-serif" font-size="18">Parking</text>
${box(60, 620, 200, 120, 'Office', '#1E5631')}`,
    'Facility map',
  );
}

export function htmlPage(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeXml(title)}</title>
<style>body{font-family:Helvetica,Arial,sans-serif;margin:0;padding:32px;color:#1B1B1B;background:#FFFFFF;line-height:1.5}h1{color:#1E5631}img,video{max-width:100%;height:auto;display:block;margin:auto}</style>
</head><body>${body}</body></html>`;
}

export function documentHtml(page: { title: string; paragraphs: string[] }): string {
  return htmlPage(
    page.title,
    `<main><h1>${escapeXml(page.title)}</h1>${page.paragraphs.map((text) => `<p>${escapeXml(text)}</p>`).join('')}</main>`,
  );
}

export function facilityMapHtml(imageUrl: string): string {
  return htmlPage(
    'Facility map',
    `<main><h1>Facility map</h1><img src="${escapeXml(imageUrl)}" alt="Facility map"></main>`,
  );
}

export function videoEmbedHtml(name: string, videoUrl: string, posterUrl: string): string {
  const title = titleFromSlug(name);
  return htmlPage(
    title,
    `<main><video src="${escapeXml(videoUrl)}" poster="${escapeXml(posterUrl)}" autoplay muted loop playsinline aria-label="${escapeXml(title)}"></video></main>`,
  );
}

/** Wrap text for the PDF page (Helvetica 11 pt on a letter page holds about 90 characters). */
function wrap(text: string, width = 90): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** A one-page PDF (letter size, Helvetica): a title, paragraphs and optional labelled boxes. */
export function simplePdf(
  title: string,
  paragraphs: string[],
  boxes: { x: number; y: number; w: number; h: number; label: string }[] = [],
): Buffer {
  const pdfText = (text: string) => text.replace(/[^\x20-\x7E]/g, '-').replace(/[\\()]/g, (char) => `\\${char}`);
  const textOps = [`BT /F1 20 Tf 72 720 Td (${pdfText(title)}) Tj /F1 11 Tf 0 -32 Td 14 TL`];
  for (const paragraph of paragraphs) {
    for (const line of wrap(paragraph)) textOps.push(`(${pdfText(line)}) Tj T*`);
    textOps.push('T*');
  }
  textOps.push('ET');
  const boxOps = boxes.map(
    (box) =>
      `${box.x} ${box.y} ${box.w} ${box.h} re S BT /F1 10 Tf ${box.x + 4} ${box.y + box.h / 2 - 4} Td (${pdfText(box.label)}) Tj ET`,
  );
  const content = [...textOps, ...boxOps].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
