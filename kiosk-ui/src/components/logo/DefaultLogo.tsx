/** The logo shown when the configuration has none: a storage building, bundled inline (no request). */
export function DefaultLogo({ label }: { label: string }) {
  return (
    <svg className="kiosk-logo kiosk-logo--default" viewBox="0 0 120 80" role="img" aria-label={label}>
      <path d="M10 34 60 8l50 26v38H10z" fill="currentColor" opacity="0.9" />
      <rect x="24" y="40" width="72" height="32" rx="2" fill="var(--kiosk-primary, #0b4f8a)" />
      <g stroke="currentColor" strokeWidth="2.5">
        <line x1="28" y1="47" x2="92" y2="47" />
        <line x1="28" y1="54" x2="92" y2="54" />
        <line x1="28" y1="61" x2="92" y2="61" />
        <line x1="28" y1="68" x2="92" y2="68" />
      </g>
    </svg>
  );
}
