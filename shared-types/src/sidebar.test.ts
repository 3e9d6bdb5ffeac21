import { describe, expect, it } from 'vitest';
import { sidebarFacts, visibleSidebarSections, type SidebarFacts } from './sidebar.js';

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
      'my_storage',
      'rental_docs',
      'insurance',
      'facility_map',
      'merchandise',
    ]);
  });

  it('hides PAY MY BILL and Setup autopay when the facility uses an external pay-bill', () => {
    const sections = visibleSidebarSections({ ...everything, externalPaybill: 'https://pay.example' });
    expect(sections).not.toContain('pay_bill');
    expect(sections).not.toContain('autopay');
    // The gate code and move-out do not depend on where bills are paid.
    expect(sections).toContain('my_storage');
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

describe('sidebarFacts', () => {
  it('reads the documents by kind and the facility map and external pay-bill settings', () => {
    const facts = sidebarFacts({ facility_map_url: 'https://maps.example/m.pdf', external_paybill: null }, [
      { document_type: 'insurance_brochure_non_interactive' },
    ]);
    expect(facts).toEqual({
      hasLeaseDocuments: false,
      hasInsuranceDocuments: true,
      facilityMapUrl: 'https://maps.example/m.pdf',
      externalPaybill: null,
    });
    expect(sidebarFacts(null, []).facilityMapUrl).toBeUndefined();
  });
});
