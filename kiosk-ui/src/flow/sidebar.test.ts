import { describe, expect, it } from 'vitest';
import { isSidebarHidden, visibleSidebarSections, type SidebarFacts } from './sidebar';

const everything: SidebarFacts = {
  hasLeaseDocuments: true,
  hasInsuranceDocuments: true,
  facilityMapUrl: 'https://maps.example/demo.pdf',
  externalPaybill: null,
};

describe('visibleSidebarSections', () => {
  it('lists every item in the spec order when the facility has documents, a map and its own pay-bill', () => {
    expect(visibleSidebarSections(everything)).toEqual([
      'home',
      'rent',
      'find_reservation',
      'size_guide',
      'pay_bill',
      'autopay',
      'rental_docs',
      'insurance',
      'facility_map',
    ]);
  });

  it('hides PAY MY BILL and Setup autopay when the facility uses an external pay-bill', () => {
    const sections = visibleSidebarSections({ ...everything, externalPaybill: 'https://pay.example' });
    expect(sections).not.toContain('pay_bill');
    expect(sections).not.toContain('autopay');
  });

  it('shows Rental Documents and Protection Brochure only when such documents exist', () => {
    const sections = visibleSidebarSections({ ...everything, hasLeaseDocuments: false, hasInsuranceDocuments: false });
    expect(sections).not.toContain('rental_docs');
    expect(sections).not.toContain('insurance');
  });

  it('shows Facility map only with a map url', () => {
    expect(visibleSidebarSections({ ...everything, facilityMapUrl: '' })).not.toContain('facility_map');
    expect(visibleSidebarSections({ ...everything, facilityMapUrl: null })).not.toContain('facility_map');
  });
});

describe('isSidebarHidden', () => {
  it('hides the sidebar on the rental sections the spec names', () => {
    for (const section of ['detail_page', 'panda_agreements', 'non_interactive_agreements', 'find_reservation']) {
      expect(isSidebarHidden('rent', section)).toBe(true);
    }
    expect(isSidebarHidden('rent', 'info')).toBe(false);
  });

  it('keeps the sidebar on the welcome screen although the rental flow rests on detail_page', () => {
    expect(isSidebarHidden('home', 'detail_page')).toBe(false);
  });
});
