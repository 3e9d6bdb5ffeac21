import { useTranslation } from 'react-i18next';
import type { SectionScreenProps } from '../registry';

/**
 * PLACEHOLDER for a section another engineer is building: shows the section's title only.
 * Replace this section's line in screens/registry.ts with the real screen.
 */
export default function ComingSoon({ section }: SectionScreenProps) {
  const { t } = useTranslation();
  return (
    <section className="kiosk-screen kiosk-coming-soon" aria-labelledby="coming-soon-title">
      <h1 id="coming-soon-title" className="kiosk-heading">
        {t(`shell.sections.${section}`)}
      </h1>
    </section>
  );
}
