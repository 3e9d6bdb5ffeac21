/**
 * Every text printed on a receipt, one catalogue per language the kiosk offers (English, Spanish),
 * keyed. A receipt in a language not here is printed in English. Money and dates are formatted by the catalogue's locale.
 */
export interface ReceiptTexts {
  locale: string;
  currency: string;
  rental_title: string;
  reservation_title: string;
  payment_title: string;
  printed: (date: string) => string;
  unit: (unit: string) => string;
  move_in_date: string;
  charges: string;
  total_paid: string;
  paid_with: (brand: string, last4: string) => string;
  /** A payment receipt's card: each unit says whether its payment went through. */
  card_used: (brand: string, last4: string) => string;
  insurance: string;
  lock: string;
  none: string;
  autopay: string;
  autopay_on: string;
  autopay_off: string;
  gatecode: string;
  reservation_code: string;
  period: (months: number) => string;
  amount: string;
  autopay_change: Record<'enrolled' | 'card-updated' | 'cancelled', string>;
  thanks: string;
  merchandise_title: string;
  sale: (id: string) => string;
  subtotal: string;
  tax: string;
  /** A payment approved on the terminal: the EMV fields' labels, and how the card was read. */
  terminal: {
    application_label: string;
    aid: string;
    masked_pan: string;
    entry_mode: string;
    auth_code: string;
    terminal_id: string;
    reference: string;
    entry_modes: Record<'chip' | 'contactless' | 'swipe' | 'wallet' | 'manual', string>;
  };
}

const en: ReceiptTexts = {
  locale: 'en-US',
  currency: 'USD',
  rental_title: 'Rental receipt',
  reservation_title: 'Reservation receipt',
  payment_title: 'Payment receipt',
  printed: (date) => `Printed ${date}`,
  unit: (unit) => `Unit ${unit}`,
  move_in_date: 'Move-in date',
  charges: 'Move-in charges',
  total_paid: 'Total paid',
  paid_with: (brand, last4) => `Paid with ${brand ? `${brand} ` : 'card '}ending in ${last4}`,
  card_used: (brand, last4) => `Card: ${brand ? `${brand} ` : ''}ending in ${last4}`,
  insurance: 'Insurance',
  lock: 'Lock',
  none: 'None',
  autopay: 'Autopay',
  autopay_on: 'On',
  autopay_off: 'Off',
  gatecode: 'Gate code',
  reservation_code: 'Reservation code',
  period: (months) => (months === 1 ? 'Period: 1 month' : `Period: ${months} months`),
  amount: 'Amount',
  autopay_change: {
    enrolled: 'Autopay: enrolled',
    'card-updated': 'Autopay: card updated',
    cancelled: 'Autopay: cancelled',
  },
  thanks: 'Thank you!',
  merchandise_title: 'Supplies receipt',
  sale: (id) => `Sale ${id}`,
  subtotal: 'Subtotal',
  tax: 'Tax',
  terminal: {
    application_label: 'Card',
    aid: 'AID',
    masked_pan: 'Card number',
    entry_mode: 'Entry',
    auth_code: 'Auth code',
    terminal_id: 'Terminal',
    reference: 'Reference',
    entry_modes: {
      chip: 'Chip',
      contactless: 'Contactless',
      swipe: 'Swiped',
      wallet: 'Mobile wallet',
      manual: 'Keyed',
    },
  },
};

/** Spanish, in the words the UI's Spanish catalogue uses for the same things (es-US money and dates). */
const es: ReceiptTexts = {
  locale: 'es-US',
  currency: 'USD',
  rental_title: 'Recibo de alquiler',
  reservation_title: 'Recibo de reservación',
  payment_title: 'Recibo de pago',
  printed: (date) => `Impreso el ${date}`,
  unit: (unit) => `Unidad ${unit}`,
  move_in_date: 'Fecha de mudanza',
  charges: 'Cargos de mudanza',
  total_paid: 'Total pagado',
  paid_with: (brand, last4) => `Pagado con ${brand ? `${brand} ` : 'tarjeta '}terminada en ${last4}`,
  card_used: (brand, last4) => `Tarjeta: ${brand ? `${brand} ` : ''}terminada en ${last4}`,
  insurance: 'Seguro',
  lock: 'Candado',
  none: 'Ninguno',
  autopay: 'Pago automático',
  autopay_on: 'Activado',
  autopay_off: 'Desactivado',
  gatecode: 'Código de acceso',
  reservation_code: 'Código de reservación',
  period: (months) => (months === 1 ? 'Período: 1 mes' : `Período: ${months} meses`),
  amount: 'Importe',
  autopay_change: {
    enrolled: 'Pago automático: inscrito',
    'card-updated': 'Pago automático: tarjeta actualizada',
    cancelled: 'Pago automático: cancelado',
  },
  thanks: '¡Gracias!',
  merchandise_title: 'Recibo de suministros',
  sale: (id) => `Venta ${id}`,
  subtotal: 'Subtotal',
  tax: 'Impuesto',
  terminal: {
    application_label: 'Tarjeta',
    aid: 'AID',
    masked_pan: 'Número de tarjeta',
    entry_mode: 'Lectura',
    auth_code: 'Cód. de autorización',
    terminal_id: 'Terminal',
    reference: 'Referencia',
    entry_modes: {
      chip: 'Chip',
      contactless: 'Sin contacto',
      swipe: 'Banda magnética',
      wallet: 'Billetera móvil',
      manual: 'Digitada',
    },
  },
};

export const RECEIPT_TEXTS: Record<string, ReceiptTexts> = { en, es };

/** The catalogue for a session language ('en', 'en-US', 'es'...), English when there is none. */
export function receiptTexts(language: string): ReceiptTexts {
  return RECEIPT_TEXTS[language] ?? RECEIPT_TEXTS[language.split('-')[0] ?? ''] ?? en;
}
