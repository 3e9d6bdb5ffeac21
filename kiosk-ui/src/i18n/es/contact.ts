import type { contact as english } from '../en/contact';
import type { Translation } from '../types';

export const contact: Translation<typeof english> = {
  title: 'Datos de contacto',
  prompt: 'Revise los datos que usamos para comunicarnos con usted, cambie lo que no esté al día y toque Guardar.',
  entry: 'Mis datos de contacto',
  loading: 'Estamos cargando sus datos de contacto.',
  load_failed: 'No pudimos cargar sus datos de contacto.',
  no_rental: 'Su cuenta no tiene un alquiler en estas instalaciones, así que no hay datos de contacto que cambiar.',
  mailing_address: 'Dirección postal',
  phone_and_email: 'Celular y correo electrónico',
  secondary_contact: 'Contacto secundario',
  secondary_intro:
    'Esta persona recibe los avisos de embargo sobre su unidad cuando no logramos comunicarnos con usted.',
  save: 'Guardar',
  saving: 'Guardando…',
  back: 'Atrás',
  details: {
    mailing_address: 'dirección postal',
    cell_phone: 'celular',
    email: 'correo electrónico',
    secondary_contact: 'contacto secundario',
  },
  saved_one: 'Se actualizó su {{details}}.',
  saved_other: 'Se actualizaron sus datos: {{details}}.',
  unchanged: 'No se cambió nada: sus datos de contacto ya estaban al día.',
  mail_sent: 'Enviamos una confirmación a {{email}}.',
  text_sent: 'También enviamos un mensaje de texto a su número de celular anterior.',
  refused: 'Algunos datos no fueron aceptados. Revise los campos marcados abajo.',
  save_failed: 'No se pudieron guardar sus datos. Inténtelo de nuevo.',
};
