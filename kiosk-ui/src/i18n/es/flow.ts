import type english from '../en/flow';
import type { Translation } from '../types';

const flow: Translation<typeof english> = {
  setup_access_control: 'Configurar el control de acceso',
  create_online_account: 'Cree su cuenta en línea',
  finish: 'Terminar',
  retry_payment: 'Reintentar el pago',
};

export default flow;
