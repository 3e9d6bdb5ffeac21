import type { identity as english } from '../en/identity';
import type { Translation } from '../types';

export const identity: Translation<typeof english> = {
  verify: {
    title: 'Verifique su identidad',
    subtitle: 'Elija cómo desea verificar su identificación.',
    by_mobile: 'Verificar identificación con el celular',
    already_customer: 'Ya soy cliente',
    manual: 'Verificar identificación manualmente',
    failed: '¡Ups! No se pudo verificar su identidad. Vuelva a intentarlo.',
  },
  mobile: {
    intro:
      'Escriba su número de celular. Le enviaremos un enlace por mensaje de texto para escanear su licencia de conducir con su teléfono.',
    phone: 'Celular',
    send: 'Enviar mensaje',
    continues: 'La sesión continúa en su teléfono',
    continues_text:
      'Enviamos un mensaje de texto con un enlace al {{phone}}. Ábralo en su teléfono y siga los pasos. Esta pantalla avanzará sola cuando termine.',
    resend: 'Reenviar mensaje',
    return: 'Volver a este dispositivo',
    resent: 'Volvimos a enviar el mensaje.',
    processing: 'Revisando su identificación ...',
    send_failed: 'No pudimos enviar el mensaje de texto. Vuelva a intentarlo.',
    cancel: 'Cancelar',
  },
  login: {
    title: 'Ya soy cliente',
    with_mobile: 'Continuar con el celular',
    with_email: 'Continuar con correo electrónico',
    phone: 'Celular',
    send_code: 'Enviar código',
    code: 'Código',
    code_sent: 'Enviamos un código por mensaje de texto al +1 {{phone}}.',
    resend_in: 'Reenviar código en {{seconds}} s',
    resend: 'Reenviar código',
    login: 'Iniciar sesión',
    close: 'Cerrar',
    back: 'Atrás',
  },
  banner: {
    verified: 'Identidad verificada',
    licence_image: 'Licencia de conducir escaneada',
  },
};
