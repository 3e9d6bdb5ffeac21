/**
 * What the shared walks (flows.ts, account.ts) read and tap, per kiosk language: the English is
 * the spec's, the Spanish is the kiosk's catalogue (kiosk-ui/src/i18n/es). A walk takes one of
 * these and defaults to English.
 */
export interface KioskTexts {
  menu: string;
  selectSpace: string;
  payMyBill: string;
  select: string;
  done: string;
  waive: RegExp;
  military: RegExp;
  vehicle: RegExp;
  no: string;
  noDiscount: string;
  business: RegExp;
  gateCode: RegExp;
  gateCodeYours: string;
  verifyManually: RegExp;
  moreTime: string;
  fields: {
    email: string;
    cellPhone: string;
    firstName: string;
    lastName: string;
    address: string;
    city: string;
    zip: string;
    state: string;
    licenceNumber: string;
    issuingState: string;
    expirationDate: string;
  };
  swipeTitle: string;
  waitingForCard: string;
  loginTitle: string;
  password: string;
  login: string;
}

export const ENGLISH: KioskTexts = {
  menu: 'Kiosk menu',
  selectSpace: 'Select a Space',
  payMyBill: 'PAY MY BILL',
  select: 'SELECT',
  done: 'Done',
  waive: /I waive my right/,
  military: /active military/,
  vehicle: /storing vehicle/,
  no: 'No',
  noDiscount: 'None',
  business: /Business Rental\?/,
  gateCode: /Choose your gate code/,
  gateCodeYours: 'This gate code is yours.',
  verifyManually: /Manually Verify ID/,
  moreTime: 'I need a bit more time',
  fields: {
    email: 'Email',
    cellPhone: 'Cell Phone',
    firstName: 'First Name',
    lastName: 'Last Name',
    address: 'Address',
    city: 'City',
    zip: 'Zip Code',
    state: 'State',
    licenceNumber: 'License Number',
    issuingState: 'Issuing State',
    expirationDate: 'Expiration Date',
  },
  swipeTitle: 'Please swipe your credit card',
  waitingForCard: 'Waiting for your card ...',
  loginTitle: 'Login or create an account',
  password: 'Password',
  login: 'Login',
};

export const SPANISH: KioskTexts = {
  menu: 'Menú del quiosco',
  selectSpace: 'Elegir un espacio',
  payMyBill: 'PAGAR MI FACTURA',
  select: 'ELEGIR',
  done: 'Listo',
  waive: /Renuncio a mi derecho/,
  military: /servicio militar activo/,
  vehicle: /guardar un vehículo/,
  no: 'No',
  noDiscount: 'Ninguno',
  business: /¿Alquiler para empresa\?/,
  gateCode: /Elija su código de acceso/,
  gateCodeYours: 'Este código de acceso es suyo.',
  verifyManually: /Verificar identificación manualmente/,
  moreTime: 'Necesito un poco más de tiempo',
  fields: {
    email: 'Correo electrónico',
    cellPhone: 'Celular',
    firstName: 'Nombre',
    lastName: 'Apellido',
    address: 'Dirección',
    city: 'Ciudad',
    zip: 'Código postal',
    state: 'Estado',
    licenceNumber: 'Número de licencia',
    issuingState: 'Estado emisor',
    expirationDate: 'Fecha de vencimiento',
  },
  swipeTitle: 'Deslice su tarjeta de crédito',
  waitingForCard: 'Esperando su tarjeta ...',
  loginTitle: 'Inicie sesión o cree una cuenta',
  password: 'Contraseña',
  login: 'Iniciar sesión',
};

/** The demo facility's sidebar items, in the spec's order (it has documents, a map and its own pay-bill). */
export const DEMO_SIDEBAR = [
  'Home',
  'Select a Space',
  'Find my reservation',
  'SIZE GUIDE',
  'PAY MY BILL',
  'Setup autopay',
  'MY STORAGE',
  'Rental Documents',
  'Protection Brochure',
  'Facility map',
  'Boxes & Supplies',
];
