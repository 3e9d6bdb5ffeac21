import type { speech as english } from '../en/speech';
import type { Translation } from '../types';

export const speech: Translation<typeof english> = {
  role: {
    button: 'botón',
    link: 'enlace',
    checkbox: 'casilla de verificación',
    radio: 'botón de opción',
    switch: 'interruptor',
    textbox: 'campo de texto',
    combobox: 'lista desplegable',
    tab: 'pestaña',
    option: 'opción',
    menuitem: 'elemento de menú',
    slider: 'control deslizante',
  },
  state: {
    checked: 'marcada',
    not_checked: 'sin marcar',
    pressed: 'activado',
    not_pressed: 'desactivado',
    expanded: 'expandido',
    collapsed: 'contraído',
    selected: 'seleccionado',
    disabled: 'no disponible',
    required: 'obligatorio',
    invalid: 'entrada no válida',
    chosen: 'elegido',
    digits_one: '{{count}} dígito',
    digits_other: '{{count}} dígitos',
    ending_in: 'terminada en {{digits}}',
    blank: 'en blanco',
    characters_one: '{{count}} carácter',
    characters_other: '{{count}} caracteres',
  },
};
