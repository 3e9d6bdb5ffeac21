import type { firstScreenCommon as english, firstScreenShell as englishShell } from '../en/first-screen';
import type { Translation } from '../types';

/** The first screen's texts in Spanish (../en/first-screen.ts). */
export const firstScreenShell: Translation<typeof englishShell> = {
  demo_mark: 'DEMO — sin alquileres ni pagos reales',
  sections: {
    home: 'Inicio',
    rent: 'Elegir un espacio',
    find_reservation: 'Buscar mi reservación',
    size_guide: 'GUÍA DE TAMAÑOS',
    pay_bill: 'PAGAR MI FACTURA',
    autopay: 'Configurar pago automático',
    my_storage: 'MI ALMACÉN',
    samples: 'Ejemplos',
    move_out: 'Desocupar',
    rental_docs: 'Documentos de alquiler',
    insurance: 'Folleto de protección',
    facility_map: 'Mapa de las instalaciones',
    merchandise: 'Cajas y suministros',
    my_storage_contact: 'Datos de contacto',
  },
  sidebar: {
    label: 'Menú del quiosco',
    logout: 'Cerrar sesión',
    countdown_label: 'Tiempo restante de esta sesión',
    more: 'Más',
    back_up: 'Volver arriba',
  },
  welcome: {
    headline: 'BIENVENIDO',
    subheadline: 'Para comenzar, elija una de las opciones de la izquierda',
    subheadline_above: 'Para comenzar, elija una de las opciones de arriba',
  },
  logo: {
    default_label: 'Almacenamiento',
  },
  unavailable: {
    invalid_page: 'Esta página no es válida.',
    not_configured: 'El quiosco no está configurado para estas instalaciones.',
  },
  out_of_service: {
    message: 'Este quiosco no está disponible por el momento. Por favor, consulte al gerente de las instalaciones.',
    message_with_phone:
      'Este quiosco no está disponible por el momento. Por favor, consulte al gerente de las instalaciones o llame al {{phone}}.',
  },
  time: {
    label: 'Hora actual en segundos epoch',
  },
  language: {
    label: 'Idioma',
  },
  preferences: {
    label: 'Sus preferencias',
    audio: {
      label: 'Audio',
      spanish_available: 'Español está disponible: el botón Español está al pie del menú o de la pantalla.',
      spanish_available_es: 'Español está disponible: el botón Español está al pie del menú o de la pantalla.',
      english_available: 'English está disponible: el botón English está al pie del menú o de la pantalla.',
      turned_on: 'Audio activado.',
      turned_off: 'Audio desactivado.',
    },
  },
  display: {
    label: 'Pantalla',
    high_contrast: 'Alto contraste',
    large_text: 'Texto grande',
    low_reach: 'Bajar los controles',
  },
};

export const firstScreenCommon: Translation<typeof english> = {
  loading: 'Cargando',
};
