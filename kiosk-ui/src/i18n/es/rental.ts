import type { rental as english } from '../en/rental';
import type { Translation } from '../types';
import { rentalCheckout } from './rental-checkout';
import { rentalDetails } from './rental-details';

export const rental: Translation<typeof english> = {
  ...rentalCheckout,
  ...rentalDetails,
  frame: {
    done: 'Listo',
    cancel: 'Cancelar',
    back: 'Atrás',
    next: 'SIGUIENTE',
  },
  alert: {
    ok: 'Aceptar',
  },
  leave: {
    title: '¿Salir de este alquiler?',
    text: 'Se borrarán los datos que ingresó y se liberará su espacio.',
    leave: 'Salir',
    stay: 'Quedarme',
  },
  flow: {
    setup_access_control: 'Configurar el control de acceso',
    create_online_account: 'Cree su cuenta en línea',
    finish: 'Terminar',
    retry_payment: 'Reintentar el pago',
  },
};
