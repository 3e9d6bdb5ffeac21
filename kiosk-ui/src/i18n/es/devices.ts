import type { devices as english } from '../en/devices';
import type { Translation } from '../types';

export const devices: Translation<typeof english> = {
  print: {
    button: 'Imprimir recibo',
    printing: 'Imprimiendo…',
    printed: 'Tome su recibo',
    gatecode: 'Imprimir mi código de acceso',
    failed: {
      'paper-out': 'No se pudo imprimir su recibo: la impresora no tiene papel.',
      'cover-open': 'No se pudo imprimir su recibo: la tapa de la impresora está abierta.',
      offline: 'No se pudo imprimir su recibo: la impresora está fuera de línea.',
      unreachable: 'No se pudo imprimir su recibo: la impresora no responde.',
      timeout: 'No se pudo imprimir su recibo: la impresora no respondió a tiempo.',
      'connection-lost': 'Es posible que su recibo esté incompleto: la impresora se detuvo a la mitad.',
      busy: 'Se está imprimiendo otro recibo. Vuelva a intentarlo en un momento.',
      'not-configured': 'Este quiosco no tiene impresora de recibos.',
      'request-failed': 'No se pudo imprimir su recibo. Vuelva a intentarlo.',
    },
    unavailable: {
      'paper-out': 'No se pueden imprimir recibos en este momento: la impresora no tiene papel.',
      'cover-open': 'No se pueden imprimir recibos en este momento: la tapa de la impresora está abierta.',
      offline: 'No se pueden imprimir recibos en este momento: la impresora está fuera de línea.',
      unreachable: 'No se pueden imprimir recibos en este momento: la impresora no responde.',
    },
  },
  scan: {
    button: 'Escanear su licencia de conducir',
    waiting: 'Coloque el código de barras del reverso de su licencia bajo el escáner.',
    reading: 'Leyendo su licencia…',
    filled: 'Sus datos se completaron a partir de su licencia. Revíselos, por favor.',
    failed: {
      expired: 'Esta licencia de conducir está vencida. Use una licencia vigente o escriba sus datos a mano.',
      'under-18': 'Debe tener 18 años o más para alquilar una unidad de almacenamiento.',
      unreadable: 'No se pudo leer la licencia. Escanéela de nuevo o escriba sus datos a mano.',
      'scanner-down': 'El escáner de licencias no está disponible. Escriba sus datos a mano.',
      'request-failed': 'No se pudo leer la licencia. Escanéela de nuevo o escriba sus datos a mano.',
      'not-a-licence':
        'Ese código de barras no es una licencia de conducir, así que se quitó del campo. Escanee el código de barras del reverso de su licencia.',
    },
  },
  receipt: {
    own_insurance: 'Seguro propio',
    plan: 'Cobertura de {{coverage}}',
  },
};
