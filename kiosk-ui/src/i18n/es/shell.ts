import type { shell as english } from '../en/shell';
import type { Translation } from '../types';
import { firstScreenShell } from './first-screen';

export const shell: Translation<typeof english> = {
  ...firstScreenShell,
  logout: {
    confirm: '¿Está seguro de que desea cerrar sesión?',
    logout: 'CERRAR SESIÓN',
    cancel: 'Cancelar',
  },
  idle: {
    title: '¿SIGUE AHÍ?',
    logged_in_message: 'Por su seguridad, su sesión se cerrará automáticamente.',
    logged_out_message: 'Si no responde, el quiosco volverá a la pantalla de inicio.',
    seconds_one: '{{count}} segundo',
    seconds_other: '{{count}} segundos',
    announcement_logged_in: '¿Sigue ahí? Su sesión se cerrará automáticamente en {{count}} segundos.',
    announcement_logged_out: '¿Sigue ahí? El quiosco volverá a la pantalla de inicio en {{count}} segundos.',
    logout: 'CERRAR SESIÓN',
    continue: 'CONTINUAR',
    want_to_continue: 'QUIERO CONTINUAR',
  },
  keyboard: {
    label: 'Teclado en pantalla',
    hide: 'Ocultar teclado',
    show: 'Mostrar teclado',
    backspace: 'Borrar',
    shift: 'Mayúsculas',
    space: 'Espacio',
    submit: 'Enviar',
  },
  samples: {
    title: 'Ejemplos',
    intro: 'Página de prueba para el teclado en pantalla y los campos con formato.',
    name: 'Nombre completo',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    zip: 'Código postal',
    gate_code: 'Código de acceso',
    search: 'Buscar',
    submitted: 'Enviado: {{value}}',
    login_title: 'Inicio de sesión de prueba',
    password: 'Contraseña',
    login: 'Iniciar sesión',
    logged_in: 'Sesión iniciada como {{email}}',
  },
};
