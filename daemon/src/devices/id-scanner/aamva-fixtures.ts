/**
 * Sample driver licences as their PDF417 barcodes hold them (AAMVA DL/ID card design standard,
 * 2016 edition: header, one DL subfile, data elements separated by line feeds). The people and
 * numbers are made up. Used by the scan simulator (POST /device/id/simulate) and by tests; dates
 * are relative to `today` so a valid licence stays valid and a minor stays under 18.
 */
export const ID_SCAN_FIXTURES = ['valid', 'expired', 'under-18', 'canadian', 'garbage'] as const;
export type IdScanFixture = (typeof ID_SCAN_FIXTURES)[number];

const LF = '\n';
const RS = '\x1e';
const CR = '\r';
/** The compliance indicator, separators and file type every AAMVA barcode starts with. */
export const AAMVA_HEADER = `@${LF}${RS}${CR}ANSI `;

/** MMDDCCYY (United States) or CCYYMMDD (Canada), as the standard writes dates. */
function date(value: Date, country: 'USA' | 'CAN'): string {
  const yyyy = String(value.getFullYear());
  const mm = String(value.getMonth() + 1).padStart(2, '0');
  const dd = String(value.getDate()).padStart(2, '0');
  return country === 'USA' ? `${mm}${dd}${yyyy}` : `${yyyy}${mm}${dd}`;
}

function yearsFrom(today: Date, years: number, days = 0): Date {
  return new Date(today.getFullYear() + years, today.getMonth(), today.getDate() + days);
}

/** A complete barcode: header with the subfile directory (offset and length computed), one DL subfile. */
export function aamvaBarcode(iin: string, elements: Record<string, string>): string {
  const subfile = `DL${Object.entries(elements)
    .map(([id, value]) => `${id}${value}`)
    .join(LF)}${CR}`;
  const headerLength = AAMVA_HEADER.length + 6 + 2 + 2 + 2 + 10;
  const offset = String(headerLength).padStart(4, '0');
  const length = String(subfile.length).padStart(4, '0');
  return `${AAMVA_HEADER}${iin}10` + `00` + `01` + `DL${offset}${length}` + subfile;
}

function illinois(today: Date, overrides: Record<string, string>): string {
  return aamvaBarcode('636035', {
    DCA: 'D',
    DCB: 'NONE',
    DCD: 'NONE',
    DBA: date(yearsFrom(today, 4), 'USA'),
    DCS: 'TENANT',
    DAC: 'JANE',
    DAD: 'QUINN',
    DBD: date(yearsFrom(today, -4), 'USA'),
    DBB: date(new Date(1988, 4, 17), 'USA'),
    DBC: '2',
    DAY: 'BRO',
    DAU: '066 IN',
    DAG: '1250 MAPLE STREET',
    DAI: 'SPRINGFIELD',
    DAJ: 'IL',
    DAK: '627040000  ',
    DAQ: 'T52071588017',
    DCF: '20241105IL0318',
    DCG: 'USA',
    DDE: 'N',
    DDF: 'N',
    DDG: 'N',
    ...overrides,
  });
}

export function fixtureBarcode(name: IdScanFixture, today = new Date()): string {
  switch (name) {
    case 'valid':
      return illinois(today, {});
    case 'expired':
      return illinois(today, {
        DBA: date(yearsFrom(today, 0, -30), 'USA'),
        DBD: date(yearsFrom(today, -8), 'USA'),
      });
    case 'under-18':
      return illinois(today, {
        DAC: 'SAM',
        DAD: 'LEE',
        DCS: 'YOUNG',
        DBB: date(yearsFrom(today, -16), 'USA'),
        DAQ: 'Y45018833102',
      });
    case 'canadian':
      return aamvaBarcode('636012', {
        DCA: 'G',
        DCB: 'NONE',
        DCD: 'NONE',
        DBA: date(yearsFrom(today, 3), 'CAN'),
        DCS: 'TREMBLAY',
        DAC: 'ETIENNE',
        DAD: 'LUC',
        DBD: date(yearsFrom(today, -2), 'CAN'),
        DBB: date(new Date(1979, 10, 2), 'CAN'),
        DBC: '1',
        DAY: 'BLU',
        DAU: '180 CM',
        DAG: '88 QUEEN STREET WEST',
        DAI: 'TORONTO',
        DAJ: 'ON',
        DAK: 'M5H 2N2',
        DAQ: 'T7263-48190-91102',
        DCF: 'PX4418302',
        DCG: 'CAN',
        DDE: 'N',
        DDF: 'N',
        DDG: 'N',
      });
    case 'garbage':
      // A scan that starts like a licence and then is noise (a smudged barcode, a misread).
      return `${AAMVA_HEADER}63603~~#Q\u0007zz;;@@DLxx`;
  }
}
