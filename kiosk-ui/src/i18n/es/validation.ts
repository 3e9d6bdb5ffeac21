import type english from '../en/validation';
import type { Translation } from '../types';

const validation: Translation<typeof english> = {
  max_length: 'Debe tener como máximo {{max}} caracteres',
  same_address: 'La dirección postal y la dirección secundaria no pueden ser iguales',
  gatecode_unavailable: '¡Lo sentimos! Este código de acceso no está disponible',
  validating_gatecode: 'Validando el código de acceso...',
  gatecode_length: 'El código de acceso debe tener {{length}} dígitos',
  password_too_weak: 'La contraseña es demasiado débil. {{suggestion}}',
  password_note: 'Su contraseña debe tener al menos {{min}} caracteres, 1 letra mayúscula y 1 carácter especial',
  password_hint: '1 letra mayúscula y 1 carácter especial',
  password_min_length: 'La contraseña debe tener al menos {{min}} caracteres',
  passwords_must_match: 'Las contraseñas deben coincidir',
  invalid_date: 'Fecha no válida',
  licence_expired: 'La licencia de conducir está vencida',
  reservation_date_range: 'Elija una fecha entre el {{min}} y el {{max}}',
  birthday_range: 'Elija una fecha de nacimiento entre el {{min}} y el {{max}}',
  invalid_ssn: 'Número de Seguro Social no válido',
  secondary_contact_required: 'Estas instalaciones requieren un contacto secundario',
  autopay_required: 'Estas instalaciones requieren el pago automático',
  insurance_required: 'Estas instalaciones requieren un seguro para el contenido',
  one_discount_only: 'Elija un solo descuento',
};

export default validation;
