import type { trivia as english } from '../en/trivia';
import type { Translation } from '../types';

export const trivia: Translation<typeof english> = {
  title: 'Trivia',
  see_answer: 'Ver la respuesta',
  correct: '¡Correcto!',
  wrong: '¡Incorrecto!',
  right_answer: 'La respuesta correcta es: {{answer}}',
  next: 'Siguiente pregunta',
  questions: {
    q01: {
      question: 'Al empacar una caja de mudanza, ¿qué debe ir en el fondo?',
      a: 'Los objetos pesados',
      b: 'Las almohadas esponjosas',
      c: 'Los adornos de vidrio',
    },
    q02: {
      question: '¿Cuántos pies cuadrados de piso tiene una unidad de almacenamiento de 10 por 10?',
      a: '20',
      b: '100',
      c: '1,000',
    },
    q03: {
      question: '¿Qué planeta se conoce como el Planeta Rojo?',
      a: 'Venus',
      b: 'Júpiter',
      c: 'Marte',
    },
    q04: {
      question: '¿Cuántos días tiene un año bisiesto?',
      a: '366',
      b: '365',
      c: '364',
    },
    q05: {
      question: '¿Qué animal lleva comida en las bolsas de sus mejillas para guardarla para después?',
      a: 'La jirafa',
      b: 'El hámster',
      c: 'El delfín',
    },
    q06: {
      question: '¿Qué guardan las abejas en las celdas de cera de su panal?',
      a: 'Arena',
      b: 'Piedritas',
      c: 'Miel',
    },
    q07: {
      question: '¿Cuál es el océano más grande de la Tierra?',
      a: 'El océano Pacífico',
      b: 'El océano Atlántico',
      c: 'El océano Índico',
    },
    q08: {
      question: '¿Qué mantiene estable principalmente una unidad de almacenamiento con clima controlado?',
      a: 'La iluminación',
      b: 'La temperatura y la humedad',
      c: 'La música de fondo',
    },
    q09: {
      question: '¿Cuántas caras planas tiene una caja de cartón cerrada?',
      a: '4',
      b: '8',
      c: '6',
    },
    q10: {
      question: '¿Qué gas toman las plantas del aire para fabricar su alimento?',
      a: 'Dióxido de carbono',
      b: 'Helio',
      c: 'Neón',
    },
    q11: {
      question: '¿A cuántos grados Fahrenheit se congela el agua?',
      a: '0',
      b: '32',
      c: '100',
    },
    q12: {
      question: '¿Cuál es el río más largo de América del Sur?',
      a: 'El Nilo',
      b: 'El Danubio',
      c: 'El Amazonas',
    },
    q13: {
      question: 'Las ardillas esconden nueces en muchos lugares para comerlas en invierno. ¿Cómo se llama este hábito?',
      a: 'Acaparamiento',
      b: 'Hibernación',
      c: 'Migración',
    },
    q14: {
      question: '¿Cuántos continentes hay en la Tierra?',
      a: '5',
      b: '7',
      c: '9',
    },
    q15: {
      question: '¿Qué material de empaque es una lámina de plástico llena de pequeñas burbujas de aire?',
      a: 'Papel encerado',
      b: 'Papel de aluminio',
      c: 'Plástico de burbujas',
    },
  },
};
