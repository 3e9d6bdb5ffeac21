import type { common as english } from '../en/common';
import type { Translation } from '../types';
import { firstScreenCommon } from './first-screen';

export const common: Translation<typeof english> = {
  ...firstScreenCommon,
  field: {
    required: 'Este campo es obligatorio',
    invalid_email: 'Correo electrónico no válido',
    invalid_cvv: 'CVV no válido',
    invalid_credit_card: 'Tarjeta de crédito no válida',
    invalid_expiry_date: 'Fecha de vencimiento no válida',
    invalid_expiry_date_pay_bill: 'fecha de vencimiento no válida',
    invalid_zip_code: 'Código postal no válido',
    invalid_cell_phone_number: 'Número de celular no válido',
    invalid_phone_number: 'Número de teléfono no válido',
    alphabetic_only: 'Solo debe contener letras.',
  },
  close: 'Cerrar',
  attempts: {
    wait: 'Demasiados intentos. Espere {{seconds}} segundos e inténtelo de nuevo.',
    stopped: 'Demasiados intentos. Consulte al gerente de la instalación.',
  },
  load_failed: {
    message: 'No pudimos cargar esta información. Inténtelo de nuevo o pida ayuda al gerente.',
    try_again: 'Intentar de nuevo',
  },
  // Month first, as US dates are typed (MM/DD/YYYY); AAAA is "año".
  date_placeholder: 'MM/DD/AAAA',
};
