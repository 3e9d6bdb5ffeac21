import type { tenant as english } from '../en/tenant';
import type { Translation } from '../types';

export const tenant: Translation<typeof english> = {
  title: 'MI ALMACÉN',
  login: {
    prompt:
      'Escriba el número de celular que nos dio. Le enviaremos un código por mensaje de texto para iniciar sesión. No necesita contraseña.',
    modes: '¿Cómo desea iniciar sesión?',
  },
  loading: 'Estamos buscando su cuenta.',
  unreachable: 'No pudimos comunicarnos con la oficina en este momento. Inténtelo de nuevo.',
  retry: 'Intentar de nuevo',
  no_units: 'Todavía no hay ninguna unidad alquilada vinculada a esta cuenta.',
  link_rental: 'Vincular un alquiler',
  units: {
    title: 'Sus unidades',
    unit: 'Unidad {{door}}',
    balance: 'Saldo pendiente',
    locked_out: 'Acceso bloqueado: pague el saldo pendiente para recuperar el acceso por el portón.',
  },
  actions: {
    title: '¿En qué más podemos ayudarle?',
    gate_code: 'Mi código de acceso',
    contact: 'Datos de contacto',
    move_out: 'Desocupar',
    pay_bill: 'Pagar mi factura',
    merchandise: 'Comprar suministros',
  },
  gate_code: {
    hint: 'Le enviamos su código de acceso por mensaje de texto al celular registrado. Nunca se muestra en esta pantalla.',
    sending: 'Enviando su código de acceso …',
    sent: 'mensaje enviado correctamente a {{phone}}',
    failed: 'Ocurrió un error al enviar el mensaje',
    failed_server: '{{message}}. Inténtelo de nuevo.',
    no_phone:
      'No hay ningún número de celular registrado en esta cuenta. Pida al administrador de las instalaciones que agregue uno.',
  },
  move_out: {
    title: 'Desocupar',
    prompt: 'Elija la unidad y el día en que la desocupa. La oficina confirma su aviso por correo electrónico.',
    unit: 'Unidad',
    choose_unit: 'Seleccione una unidad',
    date: 'Fecha de desocupación',
    submit: 'Enviar mi aviso de desocupación',
    sending: 'Enviando su aviso de desocupación …',
    accepted: 'Recibimos su aviso de desocupación de la unidad {{door}}.',
    move_out_date: 'Fecha de desocupación',
    notice_days: 'Aviso que pide la oficina',
    notice_days_value: '{{count}} días',
    balance: 'Adeudo al desocupar',
    refund: 'Reembolso',
    confirmation: 'Se envió una confirmación a {{email}}.',
    refused_title: 'Su aviso de desocupación no fue aceptado.',
    back: 'Volver a MI ALMACÉN',
  },
};
