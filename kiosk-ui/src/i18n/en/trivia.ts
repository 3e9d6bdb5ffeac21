import type { MessageTree } from '../types';

/**
 * The trivia quiz shown while waiting (rental §4, shell §2): 15 original questions, 3 options each.
 * Which option is right lives in trivia/questions.ts; options show in the order a, b, c.
 */
export const trivia = {
  title: 'Trivia',
  see_answer: 'See Answer',
  correct: 'Correct!',
  wrong: 'Wrong!',
  right_answer: 'The right answer is: {{answer}}',
  next: 'Next Question',
  questions: {
    q01: {
      question: 'When packing a moving box, what should go at the bottom?',
      a: 'Heavy items',
      b: 'Fluffy pillows',
      c: 'Glass ornaments',
    },
    q02: {
      question: 'How many square feet of floor space does a 10 by 10 storage unit have?',
      a: '20',
      b: '100',
      c: '1,000',
    },
    q03: {
      question: 'Which planet is known as the Red Planet?',
      a: 'Venus',
      b: 'Jupiter',
      c: 'Mars',
    },
    q04: {
      question: 'How many days are there in a leap year?',
      a: '366',
      b: '365',
      c: '364',
    },
    q05: {
      question: 'Which animal carries food in its cheek pouches to store it for later?',
      a: 'Giraffe',
      b: 'Hamster',
      c: 'Dolphin',
    },
    q06: {
      question: 'What do honeybees store in the wax cells of their honeycomb?',
      a: 'Sand',
      b: 'Pebbles',
      c: 'Honey',
    },
    q07: {
      question: 'What is the largest ocean on Earth?',
      a: 'Pacific Ocean',
      b: 'Atlantic Ocean',
      c: 'Indian Ocean',
    },
    q08: {
      question: 'What does a climate-controlled storage unit mainly keep steady?',
      a: 'The lighting',
      b: 'Temperature and humidity',
      c: 'The background music',
    },
    q09: {
      question: 'How many flat sides does a closed cardboard box have?',
      a: '4',
      b: '8',
      c: '6',
    },
    q10: {
      question: 'Which gas do plants take in from the air to make their food?',
      a: 'Carbon dioxide',
      b: 'Helium',
      c: 'Neon',
    },
    q11: {
      question: 'At how many degrees Fahrenheit does water freeze?',
      a: '0',
      b: '32',
      c: '100',
    },
    q12: {
      question: 'Which is the longest river in South America?',
      a: 'The Nile',
      b: 'The Danube',
      c: 'The Amazon',
    },
    q13: {
      question: 'Squirrels hide nuts in many places to eat in winter. What is this habit called?',
      a: 'Caching',
      b: 'Hibernating',
      c: 'Migrating',
    },
    q14: {
      question: 'How many continents are there on Earth?',
      a: '5',
      b: '7',
      c: '9',
    },
    q15: {
      question: 'Which packing material is a plastic sheet full of small air pockets?',
      a: 'Wax paper',
      b: 'Tin foil',
      c: 'Bubble wrap',
    },
  },
} satisfies MessageTree;
