import type { payment as english } from '../en/payment';
import type { Translation } from '../types';

export const payment: Translation<typeof english> = {
  terminal: {
    prompt: 'Acerque, inserte o deslice su tarjeta en la terminal',
    amount: 'Monto: {{amount}}',
    amount_card_check: 'Se verifica su tarjeta; no se cobra nada.',
    stage: {
      sending: 'Activando la terminal…',
      'present-card': 'La terminal está lista para su tarjeta.',
      reading: 'Leyendo su tarjeta. Espere, por favor…',
      'remove-card': 'Retire su tarjeta de la terminal, por favor.',
      approved: 'Aprobado. Gracias.',
      declined: 'Su tarjeta de crédito NO se procesó.',
      cancelled: 'Se canceló el pago. No se cobró nada.',
      failed: 'Consulte al gerente de la instalación',
    },
    refused: {
      busy: 'La terminal está ocupada con otro pago. Inténtelo de nuevo en un momento.',
      other: 'Consulte al gerente de la instalación',
    },
    cancel: 'Cancelar el pago',
    try_again: 'Intentar de nuevo',
    rental_when: 'Pagará {{amount}} en la terminal después de firmar sus documentos.',
    pay_on_terminal: 'Pagar en la terminal',
    use_card_instead: 'Deslizar o escribir una tarjeta',
    or: 'o',
  },
  receipt: {
    title: 'Pago con tarjeta',
    application_label: 'Tarjeta',
    aid: 'AID',
    masked_pan: 'Número de tarjeta',
    entry_mode: 'Lectura',
    auth_code: 'Código de autorización',
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
  autopay: {
    on_terminal: 'Su tarjeta de la terminal pagará esta unidad automáticamente cada mes.',
    office: 'La oficina configura el pago automático con una tarjeta de la terminal. Ya le avisamos.',
  },
};
