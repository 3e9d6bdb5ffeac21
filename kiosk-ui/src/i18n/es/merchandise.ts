import type { merchandise as english } from '../en/merchandise';
import type { Translation } from '../types';

export const merchandise: Translation<typeof english> = {
  title: 'Cajas y suministros',
  intro: 'Cajas, cinta y candados para su mudanza. Agregue lo que necesite a su canasta y pague con tarjeta.',
  loading: 'Cargando suministros...',
  none: 'Este quiosco no vende suministros. Consulte al gerente de las instalaciones.',
  list_label: 'Suministros',
  each: '{{price}} cada uno',
  add: 'Agregar uno más: {{name}}',
  remove: 'Quitar uno: {{name}}',
  in_basket: '{{count}} en la canasta',
  basket: {
    title: 'Su canasta',
    empty: 'Su canasta está vacía. Toque + para agregar un artículo.',
    count_one: '{{count}} artículo',
    count_other: '{{count}} artículos',
    line: '{{quantity}} × {{name}}',
    subtotal: 'Subtotal',
    tax: 'Impuesto',
    total: 'Total',
    pay: 'Pagar con tarjeta',
  },
  sold_out_one: '¡Lo sentimos! {{names}} está agotado. Lo quitamos de su canasta; el resto sigue en ella.',
  sold_out_other: '¡Lo sentimos! {{names}} están agotados. Los quitamos de su canasta; el resto sigue en ella.',
  and: '{{first}} y {{last}}',
  swipe: {
    title: 'Pague sus suministros',
    prompt: 'Deslice su tarjeta de crédito',
    enter_manually: 'Ingresar la tarjeta de crédito manualmente',
  },
  card_form: {
    title: 'Información de pago',
    total: 'Total',
    submit: 'Pagar ahora',
  },
  processing: 'Procesando el pago...',
  result: {
    success_title: '¡Gracias!',
    success_message:
      'Su compra está completa. Muestre su recibo o el número de venta en la oficina para recoger sus suministros.',
    sale: 'Número de venta {{id}}',
    paid_with: 'Pagado con la tarjeta terminada en {{last4}}',
    failure_title: '¡Ups!',
    basket_kept: 'Su canasta se conserva: puede pagar con otra tarjeta.',
    declined: 'Su tarjeta fue rechazada.',
    insufficient_funds: 'Su tarjeta fue rechazada por fondos insuficientes.',
    invalid_card: 'Los datos de la tarjeta no son válidos. Revíselos o use otra tarjeta.',
    failed: 'Su compra no se procesó. Inténtelo de nuevo o pida ayuda al gerente de las instalaciones.',
    no_answer:
      'No recibimos respuesta sobre su pago. Consulte al gerente de las instalaciones antes de volver a intentarlo.',
    charged:
      'Se cobró su tarjeta en la terminal, pero la venta no se procesó. Consulte al gerente de las instalaciones.',
    use_different_card: 'Usar otra tarjeta',
    back_to_basket: 'Volver a la canasta',
    buy_more: 'Comprar más suministros',
    done: 'Listo',
  },
};
