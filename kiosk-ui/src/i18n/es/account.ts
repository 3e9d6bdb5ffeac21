import type { account as english } from '../en/account';
import type { Translation } from '../types';

export const account: Translation<typeof english> = {
  login: {
    title_rental: 'Iniciar sesión',
    title: 'Inicie sesión o cree una cuenta',
    prompt: 'Escriba su correo electrónico para que podamos buscar su cuenta.',
    email: 'Correo electrónico',
    password: 'Contraseña',
    submit: 'Iniciar sesión',
    no_account: '¿No tiene una cuenta?',
    forgot_password: '¿Olvidó su contraseña?',
    continue_with_mobile: 'Continuar con el celular',
    continue_with_email: 'Continuar con correo electrónico',
  },
  otp: {
    phone: 'Número de celular',
    send_code: 'Enviar código',
    code: 'Código',
    submit: 'Iniciar sesión',
    resend: 'Reenviar código',
    resend_in: 'Reenviar código en {{seconds}} s',
    invalid_code: 'Código no válido. Vuelva a intentarlo.',
    no_account:
      'El +1 {{phone}} no tiene una cuenta. Inicie sesión con su correo electrónico actual o cree una cuenta nueva.',
    create_account: 'Crear una cuenta',
  },
  register: {
    title: 'Crear una cuenta',
    email: 'Correo electrónico',
    password: 'Contraseña',
    password1: 'Vuelva a escribir la contraseña',
    submit: 'Crear mi cuenta',
    have_account: '¿Ya tiene una cuenta?',
    created: 'Se creó su cuenta. Inicie sesión, por favor.',
  },
  forgot_password: {
    title: '¿Olvidó su contraseña?',
    email: 'Correo electrónico',
    submit: 'Restablecer contraseña',
    register: '¿No tiene una cuenta?',
    thank_you: '¡Le enviamos un correo electrónico con un enlace para restablecer su contraseña!',
    login: 'Iniciar sesión',
  },
  link_rental: {
    title: 'Vincular un espacio a su cuenta',
    city: 'Ciudad de las instalaciones',
    choose_city: 'Elija una ciudad',
    address: 'Dirección de las instalaciones',
    choose_address: 'Elija unas instalaciones',
    facility_phone: 'Teléfono de las instalaciones: {{phone}}',
    unit_no: 'Número de espacio',
    gate_code: 'Código de acceso',
    submit: 'Vincular mi alquiler',
    back: 'Atrás',
    failed: 'Código de acceso o número de unidad no válido',
  },
  errors: {
    something_went_wrong: 'Algo salió mal',
  },
  rental: {
    back: 'Volver a su alquiler',
    pay_bill: 'PAGAR MI FACTURA',
  },
};
