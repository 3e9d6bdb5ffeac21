import { escapeXml } from './asset-content.js';
import type { DemoLicence } from './demo-facility.js';

/**
 * What the identity area of the sandbox draws: the licence and selfie images the provider
 * "scanned", and the phone-side onboarding page a tester (or an e2e test) completes.
 * Plain HTML with forms, no script: it must work in any phone browser.
 */

/** The front of a driver licence as SVG. */
export function licenceSvg(licence: DemoLicence): string {
  const label = `Driver licence of ${licence.first_name} ${licence.last_name}`;
  const line = (y: number, title: string, value: string) =>
    `<text x="190" y="${y}" font-size="13" fill="#4A4A4A">${escapeXml(title)}</text>` +
    `<text x="190" y="${y + 20}" font-size="19" font-weight="700" fill="#1B1B1B">${escapeXml(value)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="520" height="328" viewBox="0 0 520 328" role="img" aria-label="${escapeXml(label)}"><title>${escapeXml(label)}</title>
<rect width="520" height="328" rx="18" fill="#E8F0F7" stroke="#3D5A80" stroke-width="4"/>
<rect width="520" height="56" rx="18" fill="#3D5A80"/><rect y="38" width="520" height="18" fill="#3D5A80"/>
<text x="24" y="38" font-family="Helvetica, Arial, sans-serif" font-size="24" font-weight="700" fill="#FFFFFF">${escapeXml(licence.issuing_state)} DRIVER LICENSE</text>
<rect x="24" y="80" width="140" height="176" rx="8" fill="#C9D6E3"/>
<circle cx="94" cy="140" r="34" fill="#7D93AB"/><rect x="44" y="186" width="100" height="60" rx="30" fill="#7D93AB"/>
<g font-family="Helvetica, Arial, sans-serif">
${line(86, 'DL NO', licence.number)}
${line(136, 'NAME', `${licence.last_name.toUpperCase()}, ${licence.first_name.toUpperCase()}`)}
${line(186, 'ADDRESS', `${licence.street}, ${licence.city}, ${licence.state} ${licence.postal_code}`)}
${line(236, 'ISS / EXP', `${licence.issue_date} / ${licence.expiry_date}`)}
<text x="24" y="300" font-size="13" fill="#4A4A4A">DOB ${escapeXml(licence.date_of_birth)}</text>
</g></svg>`;
}

export function selfieSvg(licence: DemoLicence): string {
  const label = `Selfie of ${licence.first_name} ${licence.last_name}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="300" viewBox="0 0 240 300" role="img" aria-label="${escapeXml(label)}"><title>${escapeXml(label)}</title>
<rect width="240" height="300" rx="16" fill="#D8E2DC"/><circle cx="120" cy="120" r="56" fill="#8C6A54"/>
<rect x="40" y="196" width="160" height="104" rx="52" fill="#3D5A80"/></svg>`;
}

export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}

const PAGE_STYLE = `
body { font-family: Helvetica, Arial, sans-serif; margin: 0; padding: 24px; background: #F7F5F0; color: #1B1B1B; }
main { max-width: 480px; margin: 0 auto; }
h1 { font-size: 1.6rem; }
p { font-size: 1.1rem; line-height: 1.5; }
form { margin: 16px 0; }
button { width: 100%; min-height: 56px; font-size: 1.15rem; border: 0; border-radius: 8px; cursor: pointer; }
.pass { background: #1E5631; color: #FFFFFF; }
.fail { background: #A4361A; color: #FFFFFF; }
.card { background: #FFFFFF; border-radius: 8px; padding: 16px; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeXml(title)}</title><style>${PAGE_STYLE}</style></head>
<body><main>${body}</main></body></html>
`;
}

/** The phone-side page: scan (pretend) and finish with a chosen outcome. */
export function onboardingPage(options: { facilityName: string; interviewId: string; finished: boolean }): string {
  const title = 'Verify your identity';
  if (options.finished) {
    return page(
      title,
      `<h1>Verification complete</h1><p>Thank you. You can return to the kiosk at ${escapeXml(options.facilityName)}.</p>`,
    );
  }
  const action = `${encodeURIComponent(options.interviewId)}/complete`;
  return page(
    title,
    `<h1>${title}</h1>
<p class="card">${escapeXml(options.facilityName)} asks you to scan your driver license and take a selfie.
This is the sandbox: choose how the verification ends.</p>
<form method="post" action="${action}"><input type="hidden" name="outcome" value="pass">
<button type="submit" class="pass">Complete verification (pass)</button></form>
<form method="post" action="${action}"><input type="hidden" name="outcome" value="fail">
<button type="submit" class="fail">Complete verification (fail)</button></form>`,
  );
}

export function notFoundPage(): string {
  return page('Link not valid', '<h1>This link is not valid</h1><p>Please ask the kiosk to send a new text.</p>');
}
